import { REQUEST_REPLIES, type ReceivedRequest, type RequestReply } from '@mawadda/contract';
import { ArrowLeft, Check, Flag, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClass } from '@/components/button.tsx';
import { MemberAvatar } from '@/components/layouts/member-avatar.tsx';
import { useLocalizedPath } from '@/components/layouts/paths.ts';
import type { MemberSafety } from '@/components/members/member-safety.ts';
import { VerifiedBadge } from '@/components/members/verified-badge.tsx';
import { useGiftLookup } from '../hooks/gift-lookup.ts';
import { useAnswerRequest } from '../hooks/use-chat.ts';
import { useChatTranslation } from '../i18n.ts';
import { lastMessageOf, lastMessageText } from '../utils/last-message.ts';

/**
 * The kind replies to choose from when declining (ADR 068): by their id only, each worded in the
 * reader's language, the sender's when he reads it.
 */
function ReplyPicker({
  name,
  onDecline,
  onCancel,
  busy,
}: {
  name: string;
  onDecline: (reply: RequestReply | null) => void;
  onCancel: () => void;
  busy: boolean;
}) {
  const { t } = useChatTranslation();
  const [reply, setReply] = useState<RequestReply | null>(null);
  const hintId = useId();
  // Where the tap on "Decline" leads: the replies, the first one chosen (none), for the keyboard.
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        onDecline(reply);
      }}
    >
      <fieldset aria-describedby={hintId} className="flex flex-col gap-1">
        <legend className="font-semibold text-ink">{t('requests.replyLegend')}</legend>
        <p id={hintId} className="text-sm text-ink-muted">
          {t('requests.replyHint', { name })}
        </p>
        {[null, ...REQUEST_REPLIES].map((id) => (
          <label
            key={id ?? 'none'}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-2 hover:bg-sand-50"
          >
            <input
              ref={id === null ? first : undefined}
              type="radio"
              name="reply"
              className="size-5 accent-teal-700"
              checked={reply === id}
              onChange={() => setReply(id)}
            />
            <span>{id === null ? t('requests.noReply') : t(`replies.${id}`)}</span>
          </label>
        ))}
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="danger" disabled={busy}>
          {t('requests.confirmDecline')}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t('requests.cancel')}
        </Button>
      </div>
    </form>
  );
}

/**
 * A request as its receiver sees it (ADR 068): the sender's card (with the way to his profile),
 * his one message, and her three answers: accept (the conversation opens, and she is taken to
 * it), decline (with an optional kind reply from the list) or report (the safety dialog, with his
 * message attached).
 */
export function RequestView({
  me,
  request,
  safety,
}: {
  me: string;
  request: ReceivedRequest;
  safety: MemberSafety | undefined;
}) {
  const { t } = useChatTranslation();
  const localized = useLocalizedPath();
  const navigate = useNavigate();
  const gifts = useGiftLookup();
  const answer = useAnswerRequest(me);
  const [declining, setDeclining] = useState(false);
  const { sender, message } = request;
  const text = lastMessageText(t, lastMessageOf(message, me), gifts, sender.name);
  const answerWith = (accept: boolean, reply: RequestReply | null = null) =>
    answer.mutate(
      { senderId: sender.id, accept, reply },
      {
        onSuccess: () =>
          navigate(
            localized(
              accept
                ? `/chat?userId=${encodeURIComponent(sender.id)}`
                : '/chat?requests=open&declined=1',
            ),
          ),
      },
    );
  return (
    <section
      aria-labelledby="request-title"
      className="flex min-h-0 min-w-0 flex-1 flex-col overflow-y-auto bg-sand-50"
    >
      <header className="flex items-center gap-1 border-b border-sand-200 bg-white px-1 py-2">
        <Link
          to={localized('/chat?requests=open')}
          aria-label={t('requests.back')}
          className="flex size-11 items-center justify-center rounded-full text-teal-800 hover:bg-teal-50 md:hidden"
        >
          <ArrowLeft aria-hidden="true" className="size-5" />
        </Link>
        <h2 id="request-title" className="min-w-0 px-2 font-semibold text-ink">
          {t('requests.title', { name: sender.name })}
        </h2>
      </header>
      <div className="mx-auto flex w-full max-w-lg flex-col gap-4 p-4">
        <div className="flex items-center gap-3 rounded-card border border-sand-200 bg-white p-3">
          <MemberAvatar
            name={sender.name}
            photoUrl={sender.mediaUrls[0]}
            className="size-16 shrink-0"
          />
          <div className="min-w-0">
            <p className="flex items-center gap-1 text-lg font-semibold text-ink">
              <span className="truncate">{sender.name}</span>
              {sender.verified ? <VerifiedBadge /> : null}
            </p>
            <Link
              to={localized(`/user-details/${encodeURIComponent(sender.id)}`)}
              className="inline-flex min-h-11 items-center font-semibold text-teal-800 underline underline-offset-4"
            >
              {t('requests.seeProfile', { name: sender.name })}
            </Link>
          </div>
        </div>
        <p className="text-sm leading-relaxed text-ink-muted">
          {t('requests.intro', { name: sender.name })}
        </p>
        <blockquote className="whitespace-pre-wrap break-words rounded-2xl rounded-tl-sm bg-white p-3 text-ink shadow-sm">
          {text}
        </blockquote>
        <p className="text-xs text-ink-muted">{t('requests.expires')}</p>
        <div role="alert">
          {answer.isError ? <p className="text-sm text-rose-700">{t('requests.failed')}</p> : null}
        </div>
        {declining ? (
          <ReplyPicker
            name={sender.name}
            busy={answer.isPending}
            onCancel={() => setDeclining(false)}
            onDecline={(reply) => answerWith(false, reply)}
          />
        ) : (
          <div className="flex flex-wrap gap-2">
            <Button type="button" disabled={answer.isPending} onClick={() => answerWith(true)}>
              <Check aria-hidden="true" className="size-5" />
              {t('requests.accept')}
            </Button>
            <Button
              type="button"
              variant="secondary"
              disabled={answer.isPending}
              onClick={() => setDeclining(true)}
            >
              <X aria-hidden="true" className="size-5" />
              {t('requests.decline')}
            </Button>
            {safety ? (
              <button
                type="button"
                aria-haspopup="dialog"
                className={buttonClass({ variant: 'ghost' })}
                onClick={() =>
                  safety.report(
                    { id: sender.id, name: sender.name },
                    [
                      {
                        uuid: message.uuid,
                        text,
                        imageUrl: message.imageUrl,
                        timestamp: message.timestamp,
                      },
                    ],
                    { reason: 'other', messageIds: [message.uuid] },
                  )
                }
              >
                <Flag aria-hidden="true" className="size-5" />
                {t('requests.report')}
              </button>
            ) : null}
          </div>
        )}
      </div>
    </section>
  );
}
