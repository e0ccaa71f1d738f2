import {
  GUARDIAN_DIGESTS,
  type GuardianConversation,
  type GuardianDigest,
  type Message,
} from '@mawadda/contract';
import { ArrowLeft, RefreshCw, ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { Alert } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { fullDate } from '@/lib/format.ts';
import {
  useGuardianConversation,
  useGuardianDigest,
  useGuardianPage,
} from '../hooks/use-guardians.ts';
import { useGuardiansTranslation } from '../i18n.ts';

/** One line of a followed conversation, read-only: who wrote, what, when. */
function Line({
  message,
  memberId,
  memberName,
  otherName,
}: {
  message: Message;
  memberId: string;
  memberName: string;
  otherName: string;
}) {
  const { t, i18n } = useGuardiansTranslation();
  const sender = message.senderId === memberId ? memberName : otherName;
  const time = (
    <time dateTime={message.timestamp} className="text-xs text-ink-muted">
      {fullDate(message.timestamp, i18n.language)}
    </time>
  );
  if (message.notice) {
    const contact = message.wali
      ? [message.wali.name, message.wali.relation, message.wali.phone].filter(Boolean).join(' · ')
      : '';
    return (
      <li className="flex flex-col items-center gap-0.5 text-center">
        <p className="rounded-2xl border border-teal-200 bg-teal-50 px-4 py-1.5 text-sm text-teal-900">
          {t(`page.notice.${message.notice}`, {
            name: memberName,
            other: otherName,
            sender,
            contact,
          })}
        </p>
        {time}
      </li>
    );
  }
  const mine = message.senderId === memberId;
  return (
    <li className={mine ? 'flex flex-col items-end' : 'flex flex-col items-start'}>
      <div
        className={`max-w-[85%] rounded-2xl px-4 py-2 ${mine ? 'bg-teal-700 text-white' : 'border border-sand-200 bg-white text-ink'}`}
      >
        <p className="text-xs font-semibold opacity-80">{sender}</p>
        {message.call ? <p>{t('common:message.call')}</p> : null}
        {message.mediaRemoved ? <p className="italic">{t('page.removed')}</p> : null}
        {message.hiddenByModeration ? <p className="italic">{t('page.hidden')}</p> : null}
        {message.imageUrl ? (
          <img
            src={message.imageUrl}
            alt={t('common:message.photo')}
            className="mt-1 max-h-72 rounded-xl"
            referrerPolicy="no-referrer"
          />
        ) : null}
        {message.audioUrl ? (
          // biome-ignore lint/a11y/useMediaCaption: a voice note has no caption track to offer
          <audio
            controls
            src={message.audioUrl}
            aria-label={t('common:message.voice')}
            className="mt-1"
          />
        ) : null}
        {message.gift !== undefined ? (
          // A paid gift, by the server's mark; a text reading `gift:4` shows as that text.
          <p>{t('page.gift')}</p>
        ) : message.content && !message.call ? (
          <p className="whitespace-pre-wrap break-words">{message.content}</p>
        ) : null}
      </div>
      {time}
    </li>
  );
}

function ConversationView({
  token,
  conversation,
  memberId,
  memberName,
  onBack,
}: {
  token: string;
  conversation: GuardianConversation;
  memberId: string;
  memberName: string;
  onBack: () => void;
}) {
  const { t } = useGuardiansTranslation();
  const messages = useGuardianConversation(token, conversation.id);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button
          variant="ghost"
          size="small"
          icon={<ArrowLeft aria-hidden="true" className="size-4" />}
          onClick={onBack}
        >
          {t('page.back')}
        </Button>
        <Button
          variant="secondary"
          size="small"
          icon={<RefreshCw aria-hidden="true" className="size-4" />}
          busy={messages.isFetching}
          onClick={() => void messages.refetch()}
        >
          {t('page.refresh')}
        </Button>
      </div>
      <h2 id={headingId} className="font-display text-xl font-semibold text-teal-900">
        {t('page.messages', { name: conversation.name })}
      </h2>
      {messages.isPending ? (
        <p role="status">{t('common:actions.loading')}</p>
      ) : messages.isError ? (
        <Alert tone="error">{t('page.failed')}</Alert>
      ) : (
        <>
          <ol className="flex flex-col gap-3" aria-live="polite">
            {messages.data.map((message) => (
              <Line
                key={message.uuid}
                message={message}
                memberId={memberId}
                memberName={memberName}
                otherName={conversation.name}
              />
            ))}
          </ol>
          {messages.data.every((m) => m.notice) ? (
            <p className="text-ink-muted">{t('page.empty')}</p>
          ) : null}
        </>
      )}
    </section>
  );
}

function DigestChoice({ token, digest }: { token: string; digest: GuardianDigest }) {
  const { t } = useGuardiansTranslation();
  const save = useGuardianDigest(token);
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {t('page.digest')}
      </label>
      <select
        id={id}
        value={digest}
        disabled={save.isPending}
        onChange={(e) => save.mutate(e.target.value as GuardianDigest)}
        className="w-full min-h-11 rounded-xl border border-sand-300 bg-white px-4 py-2.5 text-base text-ink sm:w-64"
      >
        {GUARDIAN_DIGESTS.map((choice) => (
          <option key={choice} value={choice}>
            {t(`page.digests.${choice}`)}
          </option>
        ))}
      </select>
      <div aria-live="polite" className="text-sm text-success">
        {save.isSuccess ? t('page.digestSaved') : null}
      </div>
    </div>
  );
}

/**
 * A link to the same page in the other language. Not the app's language switch: sharing that
 * component with this chunk split it out of the first route's, which the first route paid for.
 */
export function OtherLanguage({ path }: { path: string }) {
  const { i18n } = useGuardiansTranslation();
  const other = i18n.language === 'fr' ? 'en' : 'fr';
  return (
    <a
      href={`/${other}/${path}`}
      lang={other}
      hrefLang={other}
      rel="noreferrer"
      className="inline-flex min-h-11 items-center rounded-full px-3 font-semibold text-teal-800 hover:bg-teal-50"
    >
      {other === 'fr' ? 'Français' : 'English'}
    </a>
  );
}

/**
 * The guardian's page (ADR 045): no login, the link is the key. The conversations the
 * member shares, each opened read-only; asked again every half minute while open, and on
 * "Refresh". An unknown or revoked link says so, and nothing else.
 */
export function GuardianPage({ token }: { token: string }) {
  const { t, i18n } = useGuardiansTranslation();
  const page = useGuardianPage(token);
  const [openId, setOpenId] = useState<string | null>(null);

  const content = (() => {
    if (page.isPending) return <p role="status">{t('common:actions.loading')}</p>;
    if (page.isError) {
      const invalid = page.error instanceof ApiError && page.error.status === 404;
      return <Alert tone="error">{invalid ? t('page.invalid') : t('page.failed')}</Alert>;
    }
    const data = page.data;
    const open = data.conversations.find((c) => c.id === openId);
    if (open) {
      return (
        <ConversationView
          token={token}
          conversation={open}
          memberId={data.memberId}
          memberName={data.memberName}
          onBack={() => setOpenId(null)}
        />
      );
    }
    return (
      <div className="flex flex-col gap-4">
        <h1 className="font-display text-2xl font-semibold text-teal-900">
          {t('page.title', { name: data.memberName })}
        </h1>
        <p className="text-ink-muted">
          {t('page.lead', { name: data.memberName, guardian: data.guardianName })}
        </p>
        {data.conversations.length === 0 ? (
          <p>{t('page.none', { name: data.memberName })}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {data.conversations.map((conversation) => (
              <li key={conversation.id}>
                <button
                  type="button"
                  onClick={() => setOpenId(conversation.id)}
                  className="flex min-h-11 w-full items-center gap-3 rounded-xl border border-sand-200 bg-white px-3 py-2 text-left hover:bg-sand-100"
                >
                  {conversation.mediaUrls[0] ? (
                    <img
                      src={conversation.mediaUrls[0]}
                      alt=""
                      className="size-12 rounded-full object-cover"
                      referrerPolicy="no-referrer"
                    />
                  ) : null}
                  <span className="flex flex-col">
                    <span className="font-semibold text-ink">
                      {t('page.with', { name: conversation.name })}
                    </span>
                    <span className="text-sm text-ink-muted">
                      {t('page.since', { date: fullDate(conversation.since, i18n.language) })}
                    </span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <DigestChoice token={token} digest={data.digest} />
      </div>
    );
  })();

  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-2xl flex-col gap-4 bg-sand-50 px-4 py-6">
      <div className="flex items-center justify-between gap-2">
        <p className="flex items-center gap-2 font-semibold text-teal-800">
          <ShieldCheck aria-hidden="true" className="size-5" />
          Mawadda
        </p>
        <OtherLanguage path={`guardian/${token}`} />
      </div>
      {content}
    </main>
  );
}
