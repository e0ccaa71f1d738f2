import type { CallType, Contact } from '@mawadda/contract';
import { ArrowLeft, Crown, Gift, HeartHandshake, Phone, Video } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '@/components/layouts/paths.ts';
import { translateError } from '@/lib/translate-error.ts';
import { outbox, useOutgoing } from '../hooks/outbox.ts';
import { useConversation, useMarkRead } from '../hooks/use-chat.ts';
import { useChatTranslation } from '../i18n.ts';
import { chatItems } from '../utils/chat-items.ts';
import { messagesOf } from '../utils/messages.ts';
import { Composer } from './composer.tsx';
import { ContactAvatar } from './contact-list.tsx';
import { MessageList } from './message-list.tsx';

const headerButton =
  'flex size-11 shrink-0 items-center justify-center rounded-full text-teal-800 transition-colors hover:bg-teal-50 disabled:text-ink-muted disabled:opacity-50 disabled:hover:bg-transparent';

/** The member a call goes to, as the call screens show them. */
export type CallPeer = { id: string; name: string; photoUrl: string | null };

/**
 * Calls, given by the app (the chat does not know the calls feature): `start` calls the member
 * of the conversation; `inCall` while a call is in progress, when no second one can start.
 */
export type Calling = { start: (peer: CallPeer, type: CallType) => void; inCall: boolean };

/**
 * Paying, given by the app: `gift` opens the gift popup for the member of the conversation;
 * `subscribe` the subscription modal (a message refused for want of a subscription opens it).
 */
export type Paying = {
  gift: (member: { id: string; name: string }) => void;
  subscribe: () => void;
};

const CALL_BUTTONS = [
  ['voiceCall', 'audio', Phone],
  ['videoCall', 'video', Video],
] as const;

/**
 * One conversation (spec section 2): the header (name, gift, voice and video call), the messages
 * and the composer. Messages written here show at once and go through the tab's outbox.
 */
export function Conversation({
  me,
  other,
  contact,
  onRead,
  calling,
  paying,
}: {
  me: string;
  other: string;
  /** The member as the sidebar knows them; undefined for someone not among the contacts. */
  contact: Contact | undefined;
  onRead: (() => void) | undefined;
  /** Without it, the header has no call buttons. */
  calling: Calling | undefined;
  /** Without it, the header has no gift button. */
  paying: Paying | undefined;
}) {
  const { t } = useChatTranslation();
  const { t: tAll } = useTranslation();
  const localized = useLocalizedPath();
  const query = useConversation(me, other);
  const messages = messagesOf(query.data);
  const outgoing = useOutgoing(me, other);
  useMarkRead(me, other, messages, onRead);
  const name = contact?.name ?? t('conversation.someone');
  const items = chatItems(messages, outgoing, me);
  const matchRequired = outgoing.some((o) => o.refusal?.code === 'MATCH_REQUIRED');
  const subscriptionRequired = outgoing.some((o) => o.refusal?.code === 'SUBSCRIPTION_REQUIRED');
  const subscribe = paying?.subscribe;
  // The server refused a message for want of a subscription: the plans, at once.
  useEffect(() => {
    if (subscriptionRequired) subscribe?.();
  }, [subscriptionRequired, subscribe]);
  const profilePath = localized(`/user-details/${encodeURIComponent(other)}`);

  return (
    <section aria-labelledby="conversation-title" className="flex min-h-0 min-w-0 flex-1 flex-col">
      <header className="flex items-center gap-2 border-b border-sand-200 bg-white px-2 py-2">
        <Link
          to={localized('/chat')}
          aria-label={t('conversation.back')}
          className={`${headerButton} md:hidden`}
        >
          <ArrowLeft aria-hidden="true" className="size-5" />
        </Link>
        <ContactAvatar
          contact={contact ?? { name, mediaUrls: [], online: false }}
          className="size-10"
        />
        <div className="min-w-0 flex-1">
          <h2 id="conversation-title" className="truncate font-semibold text-ink">
            <Link to={profilePath} className="hover:underline">
              {name}
            </Link>
          </h2>
          <p className="text-sm text-ink-muted" data-testid="presence">
            {contact?.online ? t('conversation.online') : t('conversation.offline')}
          </p>
        </div>
        {paying ? (
          <button
            type="button"
            aria-haspopup="dialog"
            onClick={() => paying.gift({ id: other, name })}
            aria-label={t('conversation.gift', { name })}
            className={headerButton}
          >
            <Gift aria-hidden="true" className="size-5" />
          </button>
        ) : null}
        {calling
          ? CALL_BUTTONS.map(([label, type, Icon]) => (
              <button
                key={type}
                type="button"
                disabled={calling.inCall}
                onClick={() =>
                  calling.start({ id: other, name, photoUrl: contact?.mediaUrls[0] ?? null }, type)
                }
                aria-label={t(`conversation.${label}`, { name })}
                className={headerButton}
              >
                <Icon aria-hidden="true" className="size-5" />
              </button>
            ))
          : null}
      </header>

      {query.isPending ? (
        <div className="flex flex-1 items-center justify-center">
          <span
            aria-hidden="true"
            className="size-6 animate-spin rounded-full border-2 border-teal-700 border-t-transparent"
          />
          <span role="status" className="sr-only">
            {t('messages.loading')}
          </span>
        </div>
      ) : query.isError && !query.data ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center">
          <p role="alert" className="font-medium text-ink">
            {t('messages.error')}
          </p>
          <button
            type="button"
            onClick={() => void query.refetch()}
            className="inline-flex min-h-11 items-center rounded-full px-4 font-semibold text-teal-800 hover:bg-teal-50"
          >
            {t('messages.retry')}
          </button>
        </div>
      ) : (
        <MessageList
          items={items}
          otherName={name}
          hasOlder={query.hasNextPage}
          loadingOlder={query.isFetchingNextPage}
          onLoadOlder={() => void query.fetchNextPage()}
          onRetry={outbox.retry}
          onRemove={outbox.remove}
        />
      )}

      {matchRequired ? (
        <div
          role="alert"
          className="flex items-start gap-3 border-t border-rose-100 bg-rose-50 px-4 py-3"
        >
          <HeartHandshake aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-rose-600" />
          <div className="text-sm">
            <p className="font-semibold text-rose-700">{t('matchRequired.title', { name })}</p>
            <p className="mt-0.5 text-ink">{translateError(tAll, 'MATCH_REQUIRED')}</p>
            <Link
              to={profilePath}
              className="mt-1 inline-flex min-h-11 items-center font-semibold text-teal-800 underline underline-offset-4"
            >
              {t('matchRequired.profile', { name })}
            </Link>
          </div>
        </div>
      ) : null}

      {subscriptionRequired && subscribe ? (
        <div
          role="alert"
          className="flex items-start gap-3 border-t border-amber-100 bg-amber-50 px-4 py-3"
        >
          <Crown aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
          <div className="text-sm">
            <p className="font-semibold text-amber-900">
              {t('subscriptionRequired.title', { name })}
            </p>
            <p className="mt-0.5 text-ink">{translateError(tAll, 'SUBSCRIPTION_REQUIRED')}</p>
            <button
              type="button"
              aria-haspopup="dialog"
              onClick={subscribe}
              className="mt-1 inline-flex min-h-11 items-center font-semibold text-teal-800 underline underline-offset-4"
            >
              {t('subscriptionRequired.action')}
            </button>
          </div>
        </div>
      ) : null}

      <Composer otherName={name} onSend={(fields) => outbox.add(other, fields)} />
    </section>
  );
}
