import {
  type ChatSendFields,
  destinations,
  type Message,
  type MessageNotice,
} from '@mawadda/contract';
import type { MessageRow } from '../../core/conversations.ts';
import type { Executor } from '../../db/database.ts';
import type { calls } from '../../db/schema.ts';
import { badRequest, HttpError } from '../../lib/http-error.ts';
import { newMediaKey, storageFailure } from '../../lib/media-store.ts';
import type { UploadedFile } from '../../lib/multipart.ts';
import { findMessage, insertCallEntry, insertNotice, type NewMessage } from './chat.repository.ts';
import type { ChatContext } from './chat-context.ts';
import { checkVoiceNote, processChatImage } from './chat-media.ts';
import { noticeOf, toMessage } from './message-view.ts';

/**
 * A new message goes to the receiver and to the sender's other tabs: not to `senderTab`, the
 * connection of the tab that sent it, which has it in the answer (ADR 065).
 */
export async function publishNew(
  ctx: ChatContext,
  row: MessageRow,
  senderTab?: string,
): Promise<Message> {
  const mine = toMessage(ctx.mediaLinks, row, row.senderId);
  await ctx.publish(
    destinations.chat(row.receiverId),
    toMessage(ctx.mediaLinks, row, row.receiverId),
    [row.receiverId],
  );
  await ctx.publish(destinations.chat(row.senderId), mine, [row.senderId], senderTab);
  if (!row.call) ctx.onNewMessage?.(noticeOf(row));
  return mine;
}

async function putMedia(ctx: ChatContext, folder: string, extension: string, data: Buffer) {
  const key = newMediaKey(folder, extension);
  try {
    await ctx.privateMedia.put(key, data);
  } catch (error) {
    throw storageFailure(error);
  }
  return key;
}

/** Checks and stores the attachment; answers its key. */
async function storeAttachment(ctx: ChatContext, image?: UploadedFile, audio?: UploadedFile) {
  if (image) {
    const data = await processChatImage(image.data);
    return {
      imageKey: await putMedia(ctx, 'chat', '.webp', data),
      audioKey: null,
      mediaBytes: data.length,
    };
  }
  if (audio) {
    const note = await checkVoiceNote(audio.data);
    return {
      imageKey: null,
      audioKey: await putMedia(ctx, 'voice', note.extension, note.data),
      mediaBytes: note.data.length,
    };
  }
  return { imageKey: null, audioKey: null, mediaBytes: null };
}

/**
 * Stores under the rule of who may write to whom. A message not stored was a retry (the first
 * answers) or refused (the rule says why: 404 or 403).
 */
async function store(
  ctx: ChatContext,
  message: NewMessage,
): Promise<{ row: MessageRow; created: boolean }> {
  const row = await ctx.writer.write(message);
  if (row) return { row, created: true };
  const first = await findMessage(ctx.db, message.senderId, message.uuid);
  if (first) return { row: first, created: false };
  await ctx.whoMayWrite.assertMayWrite(message.senderId, message.receiverId);
  // Allowed now but not a moment ago: the match was just made. Once more.
  const again = await ctx.writer.write(message);
  if (!again) throw new Error('A message allowed to be written was refused');
  return { row: again, created: true };
}

/**
 * Sends a message: the scam shield reads the text (a new account's link or number is a 403, a
 * slowed sender's message past their pace a 429), the rule of who may write to whom, and for a
 * conversation it starts the day's limit of new ones (429); then the attachment is checked and
 * stored, the message committed, and only then published, to the receiver and to the sender's
 * other tabs (but `senderTab`, ADR 065); a flagged one is counted against its sender (ADR 043).
 * A retried uuid answers the stored message and publishes nothing twice.
 */
export async function sendMessage(
  ctx: ChatContext,
  senderId: string,
  receiverId: string,
  fields: ChatSendFields,
  files: { image?: UploadedFile; audio?: UploadedFile },
  senderTab?: string,
): Promise<{ message: Message; created: boolean }> {
  const content = fields.content?.trim() ? fields.content : null;
  if (files.image && files.audio) throw badRequest('MESSAGE_ONE_ATTACHMENT');
  if (!content && !files.image && !files.audio) throw badRequest('MESSAGE_EMPTY');
  // The scam shield reads the text (ADR 043): a new account's link or number is refused, stored
  // nowhere; a sender slowed for setting it off waits.
  const flags = await ctx.memberTexts.check(senderId, { content });
  await ctx.shield.pace(senderId);
  // Nothing of a refused member's file is read or kept; a text is checked as it is stored.
  if (files.image || files.audio) await ctx.whoMayWrite.assertMayWrite(senderId, receiverId);
  const { row, created, attachment } = await ctx.firstContacts.counted(
    senderId,
    receiverId,
    async () => {
      const attachment = await storeAttachment(ctx, files.image, files.audio);
      const message = {
        uuid: fields.uuid ?? crypto.randomUUID(),
        senderId,
        receiverId,
        content,
        shield: flags,
      };
      return {
        ...(await store(ctx, { ...message, ...attachment, sentAt: ctx.clock.now() })),
        attachment,
      };
    },
    (stored) => (stored.created ? stored.row.sentAt : null),
  );
  if (!created) {
    const stored = [attachment.imageKey, attachment.audioKey].filter((k) => k !== null);
    if (stored.length > 0) await ctx.privateMedia.remove(stored).catch(() => undefined);
    if (row.receiverId !== receiverId) throw new HttpError(409, 'MESSAGE_ID_TAKEN');
    return { message: toMessage(ctx.mediaLinks, row, senderId), created: false };
  }
  const message = await publishNew(ctx, row, senderTab);
  if (row.shield !== 0) await ctx.shield.flagged(senderId);
  return { message, created: true };
}

/**
 * A notice line from `memberId` in their conversation with `otherId` (ADR 045), stored and
 * published to both before it answers: whoever reads after it was told. Never pushed: the other
 * member reads it in the conversation and its header. Answers its `seq`.
 */
export async function writeNotice(
  ctx: ChatContext,
  memberId: string,
  otherId: string,
  notice: MessageNotice,
  executor: Executor = ctx.db,
  content: string | null = null,
  /** What the scam shield found in the member-typed part of `content` (ADR 043). */
  shield = 0,
): Promise<{ seq: number; sentAt: Date; message: Message; publish(): Promise<void> }> {
  const { mediaLinks } = ctx;
  const row = await insertNotice(
    executor,
    memberId,
    otherId,
    notice,
    ctx.clock.now(),
    content,
    shield,
  );
  return {
    seq: row.seq,
    sentAt: row.sentAt,
    message: toMessage(mediaLinks, row, memberId),
    publish: async () => {
      await ctx.publish(destinations.chat(otherId), toMessage(mediaLinks, row, otherId), [otherId]);
      await ctx.publish(destinations.chat(memberId), toMessage(mediaLinks, row, memberId), [
        memberId,
      ]);
    },
  };
}

/** The entry of a call that ended, in the two members' conversation, once. */
export async function addCallEntry(ctx: ChatContext, call: typeof calls.$inferSelect) {
  const row = await insertCallEntry(ctx.db, call);
  if (row) await publishNew(ctx, row);
}
