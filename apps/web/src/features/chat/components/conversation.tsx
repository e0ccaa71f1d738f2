import type { CallType, Contact, Message } from '@mawadda/contract';
import { isNewConversationLimit } from '@mawadda/contract/conversation-limits';
import {
  ArrowLeft,
  BadgeCheck,
  CalendarClock,
  Crown,
  Gift,
  type LucideIcon,
  MessageCircleOff,
  Phone,
  Video,
} from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '@/components/layouts/paths.ts';
import { LoadingArea } from '@/components/loading-status.tsx';
import {
  type MemberSafety,
  MemberSafetyMenu,
  type ReportableMessage,
} from '@/components/members/member-safety-menu.tsx';
import { VerifiedBadge } from '@/components/members/verified-badge.tsx';
import { cn } from '@/lib/cn.ts';
import { isMemberGone } from '@/lib/member-gone.ts';
import { translateError } from '@/lib/translate-error.ts';
import { drafts } from '../hooks/drafts.ts';
import { outbox, refusedForGood, useOutgoing } from '../hooks/outbox.ts';
import {
  useAskAgainWhenRefused,
  useContact,
  useConversation,
  useMarkRead,
} from '../hooks/use-chat.ts';
import { useChatTranslation } from '../i18n.ts';
import { type ChatItem, chatItems } from '../utils/chat-items.ts';
import { giftNumberOf } from '../utils/gift-message.ts';
import { messagesOf } from '../utils/messages.ts';
import { Composer } from './composer.tsx';
import { BlurredNote, ContactAvatar, photoBlurred } from './contact-list.tsx';
import { GuardianNotice } from './guardian-notice.tsx';
import { MessageList } from './message-list.tsx';
import { WaliControls } from './wali-controls.tsx';

// 40 px wide below `sm` (44 px tall, the touch height), so a 320 px phone keeps room for the
// name beside the back link and the four actions.
const headerButton =
  'flex h-11 w-10 shrink-0 items-center justify-center rounded-full text-teal-800 transition-colors hover:bg-teal-50 disabled:text-ink-muted disabled:opacity-50 disabled:hover:bg-transparent sm:w-11';

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
 * What a report from this conversation may attach: the other member's messages, texts, photos
 * and voice notes (not call entries or gifts), worded as the conversation words them.
 */
function reportable(
  messages: Message[],
  other: string,
  words: { photo: string; voice: string },
): ReportableMessage[] {
  return messages
    .filter((m) => m.senderId === other && !m.call && !m.notice && giftNumberOf(m) === null)
    .map((m) => ({
      uuid: m.uuid,
      text: m.content ?? (m.imageUrl ? words.photo : words.voice),
      imageUrl: m.imageUrl,
      timestamp: m.timestamp,
    }));
}

/**
 * One conversation (docs/spec.md §2): the header (name, gift, voice and video call, and a menu to
 * report, block or unmatch), the messages and the composer. Messages written here show at once
 * and go through the tab's outbox; what is being written is kept as a draft until sent. A member
 * one may not see (blocked either way, gone, never shown) gets a neutral "unavailable", as the
 * server's 404 is: nobody learns who blocked whom. A match either of them ended closes it: the
 * history stays to read and report from, with no composer, call, gift or presence (ADR 017).
 */
export function Conversation({
  me,
  other,
  listed,
  contactsSettled,
  onRead,
  calling,
  paying,
  safety,
}: {
  me: string;
  other: string;
  /** The member as the sidebar knows them; undefined for someone not among the contacts. */
  listed: Contact | undefined;
  /** The contacts have loaded (or failed): a member not among them is asked for on their own. */
  contactsSettled: boolean;
  onRead: (() => void) | undefined;
  /** Without it, the header has no call buttons. */
  calling: Calling | undefined;
  /** Without it, the header has no gift button. */
  paying: Paying | undefined;
  /** Without it, the header has no report, block and unmatch menu. */
  safety: MemberSafety | undefined;
}) {
  const { t } = useChatTranslation();
  const { t: tAll } = useTranslation();
  const localized = useLocalizedPath();
  const query = useConversation(me, other);
  const single = useContact(me, other, contactsSettled && !listed);
  const contact = listed ?? single.data;
  const messages = messagesOf(query.data);
  const outgoing = useOutgoing(me, other);
  // Read once: the composer keeps the text from then on.
  const [draft] = useState(() => drafts.get(me, other));
  useMarkRead(me, other, messages, onRead);
  // Refused for an end this screen did not know of yet: it asks what is now true.
  useAskAgainWhenRefused(
    me,
    other,
    outgoing.some((o) => refusedForGood(o.refusal)),
  );
  // Until the member is known the header waits, rather than calling them "Member".
  const lookingUp = !contact && (!contactsSettled || single.isFetching);
  const name = contact?.name ?? (lookingUp ? '' : t('conversation.someone'));
  const unavailable = isMemberGone(single.error) || (isMemberGone(query.error) && !query.data);
  const items = chatItems(messages, outgoing, me);
  const subscriptionRequired = outgoing.some((o) => o.refusal?.code === 'SUBSCRIPTION_REQUIRED');
  // The refusal itself: its text says the member's own limit a day and when it starts again.
  const dailyLimit = outgoing.find((o) => isNewConversationLimit(o.refusal?.code))?.refusal;
  const subscribe = paying?.subscribe;
  // The server refused a message for want of a subscription: the plans, at once.
  useEffect(() => {
    if (subscriptionRequired) subscribe?.();
  }, [subscriptionRequired, subscribe]);
  const profilePath = localized(`/user-details/${encodeURIComponent(other)}`);
  // A deleted account has no profile, takes no gift or call, and cannot be reported or blocked.
  const gone = contact?.deleted === true;
  const ended = contact?.matchEnded === true;
  const reportables = () =>
    reportable(messages, other, {
      photo: t('message.photoFrom', { name }),
      voice: t('message.voiceFrom', { name }),
    });
  // The scam shield's "Report": asking for money when that is what it found (ADR 043).
  const reportMessage =
    safety && !gone
      ? (item: ChatItem) =>
          safety.report({ id: other, name }, reportables(), {
            reason:
              item.shield.includes('money') || item.shield.includes('crypto')
                ? 'asking-for-money'
                : 'other',
            messageIds: [item.uuid],
          })
      : undefined;

  if (unavailable) return <Unavailable />;

  return (
    <section aria-labelledby="conversation-title" className="flex min-h-0 min-w-0 flex-1 flex-col">
      <header className="flex items-center gap-1 border-b border-sand-200 bg-white px-1 py-2 sm:gap-2 sm:px-2">
        <BackLink />
        {/* Decorative: below 24rem its room goes to the name (the presence line stays). */}
        <div className="shrink-0 max-[24rem]:hidden">
          <ContactAvatar
            contact={contact ?? { name, mediaUrls: [], online: false }}
            className="size-10"
          />
        </div>
        <div className="min-w-0 flex-1">
          {/* The whole name, on two lines if it needs them, never cut to its first letters. */}
          <h2
            id="conversation-title"
            className="line-clamp-2 break-words font-semibold leading-snug text-ink"
          >
            {name === '' ? (
              <span
                aria-hidden="true"
                className="block h-4 w-24 animate-pulse rounded bg-sand-200"
              />
            ) : gone ? (
              name
            ) : (
              <Link to={profilePath} className="hover:underline">
                {name}
              </Link>
            )}
            {contact?.verified ? <VerifiedBadge className="ml-1.5 align-middle" /> : null}
          </h2>
          <div className="flex min-w-0 items-center gap-2">
            <p className="min-w-0 truncate text-sm text-ink-muted" data-testid="presence">
              {ended
                ? t('conversation.ended')
                : contact?.online
                  ? t('conversation.online')
                  : t('conversation.offline')}
            </p>
            {contact && photoBlurred(contact) ? (
              // Beside the call buttons a phone has room for the icon only; the words stay read.
              <BlurredNote textClassName="max-sm:sr-only" />
            ) : null}
          </div>
        </div>
        <div className="flex shrink-0 items-center sm:gap-1">
          {paying && !gone && !ended ? (
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
          {calling && !gone && !ended
            ? CALL_BUTTONS.map(([label, type, Icon]) => (
                <button
                  key={type}
                  type="button"
                  disabled={calling.inCall}
                  onClick={() =>
                    calling.start(
                      { id: other, name, photoUrl: contact?.mediaUrls[0] ?? null },
                      type,
                    )
                  }
                  aria-label={t(`conversation.${label}`, { name })}
                  className={headerButton}
                >
                  <Icon aria-hidden="true" className="size-5" />
                </button>
              ))
            : null}
          {safety && !gone ? (
            <MemberSafetyMenu
              safety={safety}
              member={{ id: other, name }}
              matched={contact?.matched}
              messages={reportables()}
              className="max-sm:w-10"
            />
          ) : null}
        </div>
      </header>
      <GuardianNotice contact={contact} name={name} />

      {query.isPending ? (
        <LoadingArea text={t('messages.loading')} />
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
          onReport={reportMessage}
        />
      )}

      {subscriptionRequired && subscribe ? (
        <RefusalNotice
          tone="amber"
          icon={Crown}
          title={t('subscriptionRequired.title', { name })}
          text={translateError(tAll, 'SUBSCRIPTION_REQUIRED')}
        >
          <button type="button" aria-haspopup="dialog" onClick={subscribe} className={noticeAction}>
            {t('subscriptionRequired.action')}
          </button>
        </RefusalNotice>
      ) : null}

      {dailyLimit ? (
        <RefusalNotice
          tone="amber"
          icon={CalendarClock}
          title={t('newConversationsLimit.title')}
          text={translateError(tAll, dailyLimit)}
        />
      ) : null}

      {contact?.verifiedWritersOnly && !gone && !ended ? (
        <RefusalNotice
          role="note"
          tone="amber"
          icon={BadgeCheck}
          title={t('verifiedWritersOnly.title', { name })}
          text={t('verifiedWritersOnly.text', { name })}
        >
          <Link to={localized('/mon-profil#verification')} className={noticeAction}>
            {t('verifiedWritersOnly.action')}
          </Link>
        </RefusalNotice>
      ) : null}

      {contact && !gone && !ended ? (
        <WaliControls
          me={me}
          other={other}
          name={name}
          messages={messages}
          matched={contact.matched}
        />
      ) : null}

      {gone ? (
        <p className="border-t border-sand-200 bg-white px-4 py-3 text-sm text-ink-muted">
          {t('conversation.deletedNote')}
        </p>
      ) : ended ? null : (
        <Composer
          otherName={name}
          onSend={(fields) => outbox.add(other, fields)}
          draft={draft}
          onDraftChange={(text) => drafts.set(me, other, text)}
        />
      )}
      {/* Always there, so a screen reader hears the match end while the conversation is open. */}
      <div role="status">
        {ended ? (
          <div className="border-t border-sand-200 bg-sand-50 px-4 py-3 text-sm">
            <p className="font-semibold text-ink">{t('ended.title')}</p>
            <p className="mt-0.5 text-ink-muted">{t('ended.body', { name })}</p>
          </div>
        ) : null}
      </div>
    </section>
  );
}

/** The way back to the list, on a phone (from `md` the list stays beside the conversation). */
function BackLink() {
  const { t } = useChatTranslation();
  const localized = useLocalizedPath();
  return (
    <Link
      to={localized('/chat')}
      aria-label={t('conversation.back')}
      className={`${headerButton} md:hidden`}
    >
      <ArrowLeft aria-hidden="true" className="size-5" />
    </Link>
  );
}

/**
 * A conversation the member may not open (any more): the same words whether the other member
 * blocked them, they blocked the other, or the account is gone.
 */
function Unavailable() {
  const { t } = useChatTranslation();
  const localized = useLocalizedPath();
  return (
    <section aria-labelledby="conversation-title" className="flex min-h-0 min-w-0 flex-1 flex-col">
      <header className="flex items-center gap-1 border-b border-sand-200 bg-white px-1 py-2 sm:gap-2 sm:px-2">
        <BackLink />
        <h2 id="conversation-title" className="min-w-0 px-2 font-semibold text-ink">
          {t('unavailable.title')}
        </h2>
      </header>
      <div className="flex flex-1 flex-col items-center justify-center gap-3 bg-sand-50 p-6 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-sand-100 text-ink-muted">
          <MessageCircleOff aria-hidden="true" className="size-7" />
        </span>
        <p className="max-w-[36ch] font-medium text-ink">{t('unavailable.body')}</p>
        <Link
          to={localized('/chat')}
          className="inline-flex min-h-11 items-center rounded-full px-4 font-semibold text-teal-800 hover:bg-teal-50 md:hidden"
        >
          {t('unavailable.back')}
        </Link>
      </div>
    </section>
  );
}

const noticeAction =
  'mt-1 inline-flex min-h-11 items-center font-semibold text-teal-800 underline underline-offset-4';

const noticeTones = {
  rose: { frame: 'border-rose-100 bg-rose-50', icon: 'text-rose-600', title: 'text-rose-700' },
  amber: { frame: 'border-amber-100 bg-amber-50', icon: 'text-amber-700', title: 'text-amber-900' },
};

/**
 * Why the server refused what the member wrote, above the composer, and what they can do; or,
 * as a `note`, what it would refuse, said before they type.
 */
function RefusalNotice({
  role = 'alert',
  tone,
  icon: Icon,
  title,
  text,
  children,
}: {
  role?: 'alert' | 'note';
  tone: keyof typeof noticeTones;
  icon: LucideIcon;
  title: string;
  text: string | undefined;
  children?: ReactNode;
}) {
  const colours = noticeTones[tone];
  return (
    <div role={role} className={cn('flex items-start gap-3 border-t px-4 py-3', colours.frame)}>
      <Icon aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', colours.icon)} />
      <div className="text-sm">
        <p className={cn('font-semibold', colours.title)}>{title}</p>
        <p className="mt-0.5 text-ink">{text}</p>
        {children}
      </div>
    </div>
  );
}
