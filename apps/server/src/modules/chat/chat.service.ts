import type {
  ChatSendFields,
  Contact,
  Message,
  MessageNotice,
  ReceivedRequest,
} from '@mawadda/contract';
import type { SQL } from 'drizzle-orm';
import type { MessageRow } from '../../core/conversations.ts';
import type { Executor } from '../../db/database.ts';
import type { calls } from '../../db/schema.ts';
import type { UploadedFile } from '../../lib/multipart.ts';
import { runEvery } from '../../lib/run-every.ts';
import { contact, contacts } from './chat-contacts.ts';
import { type ChatDeps, chatContext } from './chat-context.ts';
import { conversation, deliverMissed, markConversationRead, messagesAs } from './chat-history.ts';
import { answer, receivedRequests, tellExpired } from './chat-requests.ts';
import { addCallEntry, publishNew, sendMessage, writeNotice } from './chat-sending.ts';
import { countUnread, unreadConversationsSql } from './contacts.repository.ts';
import { writeGiftMessage } from './gift-message.ts';
import { waitingRequestsSql } from './requests.repository.ts';

export type ChatService = ReturnType<typeof createChatService>;

/**
 * The chat: sending (`chat-sending.ts`), conversation pages and read receipts
 * (`chat-history.ts`), contacts and unread counts (`chat-contacts.ts`).
 */
export function createChatService(deps: ChatDeps) {
  const ctx = chatContext(deps);
  return {
    /**
     * See `sendMessage`: checked, stored once, then published (to the sender's tabs but
     * `senderTab`); a retry answers the first.
     */
    send: (
      senderId: string,
      receiverId: string,
      fields: ChatSendFields,
      files: { image?: UploadedFile; audio?: UploadedFile },
      senderTab?: string,
    ) => sendMessage(ctx, senderId, receiverId, fields, files, senderTab),

    /** A notice line (ADR 045), stored in `executor` and published once committed: `writeNotice`. */
    writeNotice: (
      memberId: string,
      otherId: string,
      notice: MessageNotice,
      executor?: Executor,
      content?: string | null,
      shield?: number,
    ) => writeNotice(ctx, memberId, otherId, notice, executor, content, shield),

    /** Messages read elsewhere (a guardian's page), as `viewerId` sees them. */
    messagesAs: (viewerId: string, rows: MessageRow[]): Message[] =>
      messagesAs(ctx, viewerId, rows),

    /**
     * Writes a paid gift's message in the payer's transaction (`writeGiftMessage`); `announce`
     * delivers it once committed.
     */
    writeGift: (
      tx: Executor,
      gift: Parameters<typeof writeGiftMessage>[2],
      allowed: (giverId: SQL, receiverId: SQL) => SQL,
    ) => writeGiftMessage(ctx, tx, gift, allowed),

    /** A gift's message, committed: delivered as a sent one is, its push taken at once. */
    announce: async (row: MessageRow): Promise<void> => {
      deps.recorded.told('chat:message-stored');
      await publishNew(ctx, row);
    },

    /** The entry of a call that ended, in the two members' conversation, once. */
    addCallEntry: (call: typeof calls.$inferSelect): Promise<void> => addCallEntry(ctx, call),

    conversation: (
      memberId: string,
      otherId: string,
      query: { before?: string | undefined; size?: number | undefined },
    ) => conversation(ctx, memberId, otherId, query),

    markRead: (readerId: string, senderId: string) => markConversationRead(ctx, readerId, senderId),

    /** What this node's members missed while it was cut from the others: `deliverMissed`. */
    deliverMissed: (memberIds: readonly string[], since: Date) =>
      deliverMissed(ctx, memberIds, since),

    contacts: (memberId: string): Promise<Contact[]> => contacts(ctx, memberId),

    contact: (memberId: string, otherId: string): Promise<Contact> =>
      contact(ctx, memberId, otherId),

    /** The message requests waiting for the member's answer (ADR 068). */
    requests: (memberId: string): Promise<ReceivedRequest[]> => receivedRequests(ctx, memberId),

    /** The receiver's answer to a request: `answer` in chat-requests.ts. */
    answerRequest: (
      receiverId: string,
      senderId: string,
      decision: Parameters<typeof answer>[3],
    ): Promise<void> => answer(ctx, receiverId, senderId, decision),

    /** Tells the senders of requests that expired unanswered, once each: `tellExpired`. */
    tellExpiredRequests: (): Promise<number> => tellExpired(ctx),

    /** Tells them every `everyMs` on this node, one run at a time (the statement tells each once). */
    startExpiryNotices: (everyMs: number, onError: (err: unknown) => void) =>
      runEvery(everyMs, () => tellExpired(ctx), onError),

    /** Requests waiting for the member's answer, as a SQL expression for another module's statement. */
    waitingRequestsSql: (memberId: SQL): SQL => waitingRequestsSql(memberId, deps.clock.now()),

    unreadCount: (memberId: string) => countUnread(deps.db, memberId),

    /** Conversations with a message the member has not read: the app badge counts these. */
    unreadConversations: (memberId: string) => countUnread(deps.db, memberId, 'conversation'),

    /** The same, as a SQL expression for another module's statement. */
    unreadConversationsSql,
  };
}
