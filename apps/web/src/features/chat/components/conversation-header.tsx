import type { CallType, Contact } from '@mawadda/contract';
import { ArrowLeft, Gift, MessageCircleOff, Phone, Video } from 'lucide-react';
import { Link } from 'react-router';
import { useLocalizedPath } from '@/components/layouts/paths.ts';
import {
  type MemberSafety,
  MemberSafetyMenu,
  type ReportableMessage,
} from '@/components/members/member-safety-menu.tsx';
import { VerifiedBadge } from '@/components/members/verified-badge.tsx';
import { useChatTranslation } from '../i18n.ts';
import { BlurredNote, ContactAvatar, photoBlurred } from './contact-list.tsx';

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
 * The conversation's header: the way back, the member (a link to their profile while the account
 * exists; a placeholder while they are looked up), their presence, and the gift, call and safety
 * actions the app gives, none of them for a deleted account nor, but for safety, an ended match
 * (nor a gift or call while the match waits for her first word, ADR 069).
 */
export function ConversationHeader({
  other,
  name,
  contact,
  calling,
  paying,
  safety,
  reportables,
}: {
  other: string;
  /** '' while the member is being looked up. */
  name: string;
  contact: Contact | undefined;
  calling: Calling | undefined;
  paying: Paying | undefined;
  safety: MemberSafety | undefined;
  /** What a report from here may attach. */
  reportables: () => ReportableMessage[];
}) {
  const { t } = useChatTranslation();
  const localized = useLocalizedPath();
  const gone = contact?.deleted === true;
  const ended = contact?.matchEnded === true;
  // Nothing to give or call while the match waits for her first word (ADR 069), nor while his
  // request has not opened the conversation (ADR 068).
  const closed = ended || contact?.awaitingFirstWordOf === 'them' || contact?.request != null;
  return (
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
            <span aria-hidden="true" className="block h-4 w-24 animate-pulse rounded bg-sand-200" />
          ) : gone ? (
            name
          ) : (
            <Link
              to={localized(`/user-details/${encodeURIComponent(other)}`)}
              className="hover:underline"
            >
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
                ? t('common:memberCard.online')
                : t('conversation.offline')}
          </p>
          {contact && photoBlurred(contact) ? (
            // Beside the call buttons a phone has room for the icon only; the words stay read.
            <BlurredNote textClassName="max-sm:sr-only" />
          ) : null}
        </div>
      </div>
      <div className="flex shrink-0 items-center sm:gap-1">
        {paying && !gone && !closed ? (
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
        {calling && !gone && !closed
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
  );
}

/**
 * A conversation the member may not open (any more): the same words whether the other member
 * blocked them, they blocked the other, or the account is gone.
 */
export function Unavailable() {
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
