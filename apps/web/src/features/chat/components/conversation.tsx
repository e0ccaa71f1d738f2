import type { Contact, Message } from '@mawadda/contract';
import { LoadingArea } from '@/components/loading-status.tsx';
import type { MemberSafety, ReportableMessage } from '@/components/members/member-safety-menu.tsx';
import { drafts } from '../hooks/drafts.ts';
import { outbox } from '../hooks/outbox.ts';
import type { useConversation } from '../hooks/use-chat.ts';
import { useConversationView } from '../hooks/use-conversation-view.ts';
import { useChatTranslation } from '../i18n.ts';
import type { ChatItem } from '../utils/chat-items.ts';
import { giftNumberOf } from '../utils/gift-message.ts';
import { Composer } from './composer.tsx';
import {
  type Calling,
  ConversationHeader,
  type Paying,
  Unavailable,
} from './conversation-header.tsx';
import { ConversationNotices } from './conversation-notices.tsx';
import { ExclusiveModePanel } from './exclusive-mode-panel.tsx';
import { FamilyOpinionPanel } from './family-opinion.tsx';
import { GuardianNotice } from './guardian-notice.tsx';
import { MessageList } from './message-list.tsx';
import { RequestSentNotice } from './request-sent-notice.tsx';
import { WaliControls } from './wali-controls.tsx';

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

/** The messages, once their first page is here; a first page that failed offers a retry. */
function ConversationMessages({
  query,
  items,
  name,
  onReport,
}: {
  query: ReturnType<typeof useConversation>;
  items: ChatItem[];
  name: string;
  onReport: ((item: ChatItem) => void) | undefined;
}) {
  const { t } = useChatTranslation();
  if (query.isPending) return <LoadingArea text={t('messages.loading')} />;
  if (query.isError && !query.data) {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center">
        <p role="alert" className="font-medium text-ink">
          {t('messages.error')}
        </p>
        <button
          type="button"
          onClick={() => void query.refetch()}
          className="inline-flex min-h-11 items-center rounded-full px-4 font-semibold text-teal-800 hover:bg-teal-50"
        >
          {t('common:actions.retry')}
        </button>
      </div>
    );
  }
  return (
    <MessageList
      items={items}
      otherName={name}
      hasOlder={query.hasNextPage}
      loadingOlder={query.isFetchingNextPage}
      onLoadOlder={() => void query.fetchNextPage()}
      onRetry={outbox.retry}
      onRemove={outbox.remove}
      onReport={onReport}
    />
  );
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
  /** Without it, the header has no call buttons. */
  calling: Calling | undefined;
  /** Without it, the header has no gift button. */
  paying: Paying | undefined;
  /** Without it, the header has no report, block and unmatch menu. */
  safety: MemberSafety | undefined;
}) {
  const { t } = useChatTranslation();
  const subscribe = paying?.subscribe;
  const view = useConversationView({ me, other, listed, contactsSettled, subscribe });
  const { contact, messages, name } = view;
  // A deleted account has no profile, takes no gift or call, and cannot be reported or blocked.
  const gone = contact?.deleted === true;
  const ended = contact?.matchEnded === true;
  // She writes first (ADR 069): nothing to type until she has.
  const waiting = contact?.awaitingFirstWordOf === 'them';
  // His request that has not opened the conversation (ADR 068): nothing more goes from him.
  const request = contact?.request ?? null;
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

  if (view.unavailable) return <Unavailable />;

  return (
    <section aria-labelledby="conversation-title" className="flex min-h-0 min-w-0 flex-1 flex-col">
      <ConversationHeader
        other={other}
        name={name}
        contact={contact}
        calling={calling}
        paying={paying}
        safety={safety}
        reportables={reportables}
      />
      <GuardianNotice contact={contact} name={name} />
      {contact?.matched && !gone && !ended ? (
        <FamilyOpinionPanel me={me} other={other} name={name} />
      ) : null}
      <ConversationMessages
        query={view.query}
        items={view.items}
        name={name}
        onReport={reportMessage}
      />
      <ConversationNotices
        name={name}
        contact={contact}
        subscribe={view.subscriptionRequired ? subscribe : undefined}
        dailyLimit={view.dailyLimit}
      />
      {contact && !gone && !ended ? (
        <ExclusiveModePanel me={me} other={other} name={name} contact={contact} />
      ) : null}
      {contact && !gone && !ended && !waiting && !request ? (
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
      ) : ended || waiting ? null : request ? (
        <RequestSentNotice name={name} request={request} />
      ) : (
        <Composer
          otherName={name}
          onSend={(fields) => outbox.add(other, fields)}
          draft={view.draft}
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
