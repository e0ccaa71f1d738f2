import {
  type ChatSendFields,
  CONTACT_PREVIEW_MAX_LENGTH,
  CONVERSATION_PAGE_SIZE,
  type Contact,
  destinations,
  type LastMessage,
  type Message,
  type MessageNotice,
  type ReadReceipt,
} from '@mawadda/contract';
import type { ScamShieldConfig } from '../../config.ts';
import type { FirstContacts } from '../../core/first-contacts.ts';
import type { MemberTexts } from '../../core/member-texts.ts';
import { photosFor } from '../../core/profile-photos.ts';
import { shieldRules } from '../../core/scam-rules.ts';
import type { WhoMayWrite } from '../../core/who-may-write.ts';
import type { Database, Executor } from '../../db/database.ts';
import type { calls } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, HttpError, notFound } from '../../lib/http-error.ts';
import type { MediaLinks } from '../../lib/media-links.ts';
import { type MediaStore, newMediaKey, storageFailure } from '../../lib/media-store.ts';
import type { UploadedFile } from '../../lib/multipart.ts';
import type { RateLimitStore } from '../../lib/rate-limiter.ts';
import type { Publish } from '../realtime/index.ts';
import {
  type CallOfMessage,
  type ContactRow,
  conversationPage,
  countUnread,
  findContacts,
  findMessage,
  flaggedMessagesSince,
  insertCallEntry,
  insertMessagesPrepared,
  insertNotice,
  type LastMessageRow,
  type MessageRow,
  markRead,
  memberReachable,
  type NewMessage,
  seqOfMessage,
  unreadConversationsSql,
} from './chat.repository.ts';
import { checkVoiceNote, processChatImage } from './chat-media.ts';
import { createMessageWriter } from './message-writer.ts';
import { createScamShield, type ShieldReport } from './scam-shield.ts';

export type ChatService = ReturnType<typeof createChatService>;

/** A new message as told outside the chat (Web Push): what it is, never a media link. */
export type NewMessageNotice = {
  kind: 'message';
  from: string;
  to: string;
  content: 'text' | 'photo' | 'voice' | 'gift';
  text: string | null;
  at: Date;
};

function noticeOf(row: MessageRow): NewMessageNotice {
  // A gift by the server's mark only, never by what a text says (ADR 015).
  const gift = row.giftId !== null;
  return {
    kind: 'message',
    from: row.senderId,
    to: row.receiverId,
    content: gift ? 'gift' : row.imageKey ? 'photo' : row.audioKey ? 'voice' : 'text',
    // A text the scam shield flagged never goes to a lock screen, where its warning cannot go
    // with it (ADR 043): the push then says only that a message came.
    text: gift || row.shield !== 0 ? null : row.content,
    at: row.sentAt,
  };
}
type CallRow = typeof calls.$inferSelect;

/** The call of a call entry once it has ended, with how long it was answered. */
function callOf(call: CallOfMessage | null): NonNullable<Message['call']> | null {
  if (!call?.endReason) return null;
  return {
    type: call.type,
    endReason: call.endReason,
    durationSeconds:
      call.answeredAt && call.endedAt
        ? Math.round((call.endedAt.getTime() - call.answeredAt.getTime()) / 1000)
        : null,
  };
}

/** The conversation list's preview of a message: what it is, never a media link. */
function previewOf(row: LastMessageRow, viewerId: string): LastMessage {
  const call = callOf(row.call);
  const kind = row.notice
    ? 'notice'
    : row.call
      ? 'call'
      : row.giftId !== null
        ? 'gift'
        : row.hasImage
          ? 'photo'
          : row.hasAudio
            ? 'voice'
            : row.mediaRemoved
              ? 'removed'
              : 'text';
  return {
    mine: row.senderId === viewerId,
    kind,
    // A notice's content is the server's (a wali contact shared), never a preview.
    text: call || row.notice ? null : row.content,
    call,
    // Only on a notice: the members' own lines stay as they were before family mode.
    ...(row.notice ? { notice: row.notice } : {}),
    ...(row.giftId !== null ? { gift: row.giftId } : {}),
  };
}

/** The contact a `wali-shared` line holds, stored as JSON in its content by the guardians module. */
function waliOf(content: string): NonNullable<Message['wali']> {
  const {
    name = '',
    relation = '',
    phone = null,
  } = JSON.parse(content) as Partial<NonNullable<Message['wali']>>;
  return { name, relation, phone };
}

export function createChatService(deps: {
  db: Database;
  clock: Clock;
  /** Profile photo links, for the contacts' pictures. */
  photoLinks: MediaLinks;
  /** Chat photos and voice notes: never public. */
  privateMedia: MediaStore;
  mediaLinks: MediaLinks;
  whoMayWrite: WhoMayWrite;
  publish: Publish;
  onlineAmong(memberIds: readonly string[]): Promise<Set<string>>;
  limiter: RateLimitStore;
  /** A first message takes one of the sender's new conversations of the day (ADR 043). */
  firstContacts: FirstContacts;
  /** Reads a message's text with the scam shield's rules and the new-account rule (ADR 043). */
  memberTexts: MemberTexts;
  scamShield: ScamShieldConfig;
  /** The scam shield reports a sender whose messages keep setting it off (moderation). */
  reportSender?(report: ShieldReport): Promise<unknown>;
  /** A new message (a gift included, not a call's entry) reached the receiver: to push it. */
  onNewMessage?(message: NewMessageNotice): void;
}) {
  const { db, clock } = deps;
  const shield = createScamShield({
    limiter: deps.limiter,
    clock,
    config: deps.scamShield,
    flaggedSince: (senderId, since, limit) => flaggedMessagesSince(db, senderId, since, limit),
    report: async (report) => deps.reportSender?.(report),
  });

  /**
   * A message as `viewerId` receives it: media links made for them, and the scam shield's
   * findings for its receiver only (the sender never learns what set it off).
   */
  function toMessage(row: MessageRow, viewerId: string): Message {
    return {
      ...(row.shield !== 0 && viewerId === row.receiverId
        ? { shield: shieldRules(row.shield) }
        : {}),
      uuid: row.uuid,
      senderId: row.senderId,
      receiverId: row.receiverId,
      content: row.notice ? null : row.content,
      imageUrl: row.imageKey ? deps.mediaLinks.urlFor(viewerId, row.imageKey) : null,
      audioUrl: row.audioKey ? deps.mediaLinks.urlFor(viewerId, row.audioKey) : null,
      ...(row.mediaBytes !== null ? { mediaBytes: row.mediaBytes } : {}),
      timestamp: row.sentAt.toISOString(),
      isRead: row.readAt !== null,
      mediaRemoved: row.mediaRemoved,
      call: callOf(row.call),
      ...(row.notice ? { notice: row.notice } : {}),
      // A gift by the server's mark (ADR 015): a text reading `gift:4` has none.
      ...(row.giftId !== null ? { gift: row.giftId } : {}),
      ...(row.notice === 'wali-shared' && row.content ? { wali: waliOf(row.content) } : {}),
    };
  }

  /** A contact as `memberId` sees them: photo links made for them, the last message previewed. */
  async function toContacts(memberId: string, rows: ContactRow[]): Promise<Contact[]> {
    const online = await deps.onlineAmong(rows.map((row) => row.id));
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      ...photosFor(deps.photoLinks, memberId, row),
      verified: row.verified,
      // An ended match tells neither of the other's presence (core/member-rules.ts).
      online: !row.matchEnded && online.has(row.id),
      unreadCount: row.unreadCount,
      lastMessageTime: row.lastMessageAt?.toISOString() ?? null,
      lastMessage: row.lastMessage && previewOf(row.lastMessage, memberId),
      matched: row.matched,
      matchEnded: row.matchEnded,
      verifiedWritersOnly: row.verifiedWritersOnly,
      deleted: row.deleted,
      guardianFollows: row.guardianFollows,
    }));
  }

  /** A new message goes to the receiver and to the sender's other tabs. */
  async function publishNew(row: MessageRow): Promise<Message> {
    const mine = toMessage(row, row.senderId);
    await deps.publish(destinations.chat(row.receiverId), toMessage(row, row.receiverId), [
      row.receiverId,
    ]);
    await deps.publish(destinations.chat(row.senderId), mine, [row.senderId]);
    if (!row.call) deps.onNewMessage?.(noticeOf(row));
    return mine;
  }

  /** Checks and stores the attachment; answers its key. */
  async function storeAttachment(image?: UploadedFile, audio?: UploadedFile) {
    if (image) {
      const data = await processChatImage(image.data);
      return {
        imageKey: await put('chat', '.webp', data),
        audioKey: null,
        mediaBytes: data.length,
      };
    }
    if (audio) {
      const note = await checkVoiceNote(audio.data);
      return {
        imageKey: null,
        audioKey: await put('voice', note.extension, audio.data),
        mediaBytes: audio.data.length,
      };
    }
    return { imageKey: null, audioKey: null, mediaBytes: null };
  }

  async function put(folder: string, extension: string, data: Buffer) {
    const key = newMediaKey(folder, extension);
    try {
      await deps.privateMedia.put(key, data);
    } catch (error) {
      throw storageFailure(error);
    }
    return key;
  }

  const writer = createMessageWriter({
    insert: (list) => insertMessagesPrepared(db, list, deps.whoMayWrite.mayWriteCondition),
  });

  /**
   * Stores under the rule of who may write to whom. A message not stored was a retry (the first
   * answers) or refused (the rule says why: 404 or 403).
   */
  async function store(message: NewMessage): Promise<{ row: MessageRow; created: boolean }> {
    const row = await writer.write(message);
    if (row) return { row, created: true };
    const first = await findMessage(db, message.senderId, message.uuid);
    if (first) return { row: first, created: false };
    await deps.whoMayWrite.assertMayWrite(message.senderId, message.receiverId);
    // Allowed now but not a moment ago: the match was just made. Once more.
    const again = await writer.write(message);
    if (!again) throw new Error('A message allowed to be written was refused');
    return { row: again, created: true };
  }

  /** The other member of a conversation: 404 for someone unknown, or blocked either way. */
  async function reachable(memberId: string, otherId: string) {
    if (!(await memberReachable(db, memberId, otherId))) throw notFound('MEMBER_NOT_FOUND');
  }

  return {
    /**
     * Sends a message: the scam shield reads the text (a new account's link or number is a 403,
     * a slowed sender's message past their pace a 429), the rule of who may write to whom, and
     * for a conversation it starts the day's limit of new ones (429); then the attachment is
     * checked and stored, the message committed, and only then published, to the receiver and to
     * the sender's other tabs; a flagged one is counted against its sender (ADR 043). A retried
     * uuid answers the stored message and publishes nothing twice.
     */
    async send(
      senderId: string,
      receiverId: string,
      fields: ChatSendFields,
      files: { image?: UploadedFile; audio?: UploadedFile },
    ): Promise<{ message: Message; created: boolean }> {
      const content = fields.content?.trim() ? fields.content : null;
      if (files.image && files.audio) throw badRequest('MESSAGE_ONE_ATTACHMENT');
      if (!content && !files.image && !files.audio) throw badRequest('MESSAGE_EMPTY');
      // The scam shield reads the text (ADR 043): a new account's link or number is refused,
      // stored nowhere; a sender slowed for setting it off waits.
      const flags = await deps.memberTexts.check(senderId, { content });
      await shield.pace(senderId);
      // Nothing of a refused member's file is read or kept; a text is checked as it is stored.
      if (files.image || files.audio) await deps.whoMayWrite.assertMayWrite(senderId, receiverId);
      const { row, created, attachment } = await deps.firstContacts.counted(
        senderId,
        receiverId,
        async () => {
          const attachment = await storeAttachment(files.image, files.audio);
          const message = {
            uuid: fields.uuid ?? crypto.randomUUID(),
            senderId,
            receiverId,
            content,
            shield: flags,
          };
          return {
            ...(await store({ ...message, ...attachment, sentAt: clock.now() })),
            attachment,
          };
        },
        (stored) => (stored.created ? stored.row.sentAt : null),
      );
      if (!created) {
        const stored = [attachment.imageKey, attachment.audioKey].filter((k) => k !== null);
        if (stored.length > 0) await deps.privateMedia.remove(stored).catch(() => undefined);
        if (row.receiverId !== receiverId) throw new HttpError(409, 'MESSAGE_ID_TAKEN');
        return { message: toMessage(row, senderId), created: false };
      }
      const message = await publishNew(row);
      if (row.shield !== 0) await shield.flagged(senderId);
      return { message, created: true };
    },

    /**
     * A notice line from `memberId` in their conversation with `otherId` (ADR 045), stored and
     * published to both before it answers: whoever reads after it was told. Never pushed: the
     * other member reads it in the conversation and its header. Answers its `seq`.
     */
    async writeNotice(
      memberId: string,
      otherId: string,
      notice: MessageNotice,
      executor: Executor = db,
      content: string | null = null,
      /** What the scam shield found in the member-typed part of `content` (ADR 043). */
      shield = 0,
    ): Promise<{ seq: number; sentAt: Date; message: Message; publish(): Promise<void> }> {
      const row = await insertNotice(
        executor,
        memberId,
        otherId,
        notice,
        clock.now(),
        content,
        shield,
      );
      return {
        seq: row.seq,
        sentAt: row.sentAt,
        message: toMessage(row, memberId),
        publish: async () => {
          await deps.publish(destinations.chat(otherId), toMessage(row, otherId), [otherId]);
          await deps.publish(destinations.chat(memberId), toMessage(row, memberId), [memberId]);
        },
      };
    },

    /**
     * A page of a conversation from `fromSeq` on, as `memberId` sees it (media links made for
     * them): what a guardian reads of it (ADR 045). The caller checked the guardian's right.
     */
    async pageFrom(
      memberId: string,
      otherId: string,
      fromSeq: number,
      query: { before?: string | undefined; size?: number | undefined },
    ): Promise<Message[]> {
      let beforeSeq: number | undefined;
      if (query.before) {
        beforeSeq = await seqOfMessage(db, memberId, otherId, query.before);
        if (beforeSeq === undefined) throw badRequest('CURSOR_INVALID');
      }
      const rows = await conversationPage(
        db,
        memberId,
        otherId,
        query.size ?? CONVERSATION_PAGE_SIZE,
        beforeSeq,
        fromSeq,
      );
      return rows.map((row) => toMessage(row, memberId));
    },

    /** A message stored elsewhere (a paid gift), delivered as a sent one is. */
    announce: async (row: MessageRow) => {
      await publishNew(row);
    },

    /** The entry of a call that ended, in the two members' conversation, once. */
    async addCallEntry(call: CallRow): Promise<void> {
      const row = await insertCallEntry(db, call);
      if (row) await publishNew(row);
    },

    /** A page of the conversation, oldest first; `before` pages back from a message's uuid. */
    async conversation(
      memberId: string,
      otherId: string,
      query: { before?: string | undefined; size?: number | undefined },
    ): Promise<Message[]> {
      await reachable(memberId, otherId);
      let beforeSeq: number | undefined;
      if (query.before) {
        beforeSeq = await seqOfMessage(db, memberId, otherId, query.before);
        if (beforeSeq === undefined) throw badRequest('CURSOR_INVALID');
      }
      const rows = await conversationPage(
        db,
        memberId,
        otherId,
        query.size ?? CONVERSATION_PAGE_SIZE,
        beforeSeq,
      );
      return rows.map((row) => toMessage(row, memberId));
    },

    /** Marks the conversation read; the sender's ticks turn double live. */
    async markRead(readerId: string, senderId: string): Promise<void> {
      await reachable(readerId, senderId);
      const now = clock.now();
      if ((await markRead(db, readerId, senderId, now)) === 0) return;
      const receipt: ReadReceipt = { readerId, readAt: now.toISOString() };
      await deps.publish(destinations.read(senderId), receipt, [senderId]);
    },

    async contacts(memberId: string): Promise<Contact[]> {
      return toContacts(memberId, await findContacts(db, memberId, CONTACT_PREVIEW_MAX_LENGTH));
    },

    /**
     * The member of a conversation opened with them: a contact, or a member one may be suggested
     * (whom a subscriber may write to first). Anyone else, blocked either way, gone or unknown,
     * is a 404, as their conversation is.
     */
    async contact(memberId: string, otherId: string): Promise<Contact> {
      const rows = await findContacts(db, memberId, CONTACT_PREVIEW_MAX_LENGTH, otherId);
      const [contact] = await toContacts(memberId, rows);
      if (!contact) throw notFound('MEMBER_NOT_FOUND');
      return contact;
    },

    unreadCount: (memberId: string) => countUnread(db, memberId),

    /** Conversations with a message the member has not read: the app badge counts these. */
    unreadConversations: (memberId: string) => countUnread(db, memberId, 'conversation'),

    /** The same, as a SQL expression for another module's statement. */
    unreadConversationsSql,
  };
}
