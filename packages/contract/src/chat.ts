import './zod-config.ts';
import { z } from 'zod';
import { CHAT_MESSAGE_MAX_LENGTH, CONVERSATION_PAGE_SIZE } from './constants.ts';
import { E } from './error-codes.ts';
import { memberText, optionalField, wholeNumber } from './form-fields.ts';
import { CLOSING_TEMPLATES, EXCLUSIVE_STATES } from './match-care.ts';
import { sentRequestSchema } from './message-requests.ts';
import { CALL_END_REASONS, CALL_TYPES } from './realtime.ts';
import { SHIELD_RULES } from './value-lists.ts';

/** A call of a call entry, as the conversation and the conversation list word it. */
const messageCallSchema = z.object({
  type: z.enum(CALL_TYPES),
  endReason: z.enum(CALL_END_REASONS),
  /** Null for a call never answered. */
  durationSeconds: z.number().int().nullable(),
});

/**
 * A line the server writes in a conversation, worded by the app in the reader's language
 * (ADR 045): `guardian-follows`, the sender's guardian follows the conversation from here on;
 * `guardian-stopped`, no guardian of the sender's follows it any more (the last one removed, or
 * the conversation no longer chosen); `wali-asked`, the sender asks the other for their
 * guardian's contact; `wali-shared` and `wali-declined`, the sender's answer (the contact shared
 * is in `wali`); `closed-kindly`, the sender closed the match kindly (ADR 070) with the closing
 * message whose id (`CLOSING_TEMPLATES`) is the line's `content`; `shown-to-family`, the sender
 * showed the other's profile to one of their guardians for an opinion (ADR 078).
 */
export const MESSAGE_NOTICES = [
  'guardian-follows',
  'wali-asked',
  'wali-shared',
  'wali-declined',
  'guardian-stopped',
  'closed-kindly',
  'shown-to-family',
] as const;
export type MessageNotice = (typeof MESSAGE_NOTICES)[number];

/** `hidden`: a moderator hid it from its receiver (ADR 083), who reads no preview of it. */
const LAST_MESSAGE_KINDS = [
  'text',
  'photo',
  'voice',
  'call',
  'removed',
  'hidden',
  'notice',
  'gift',
] as const;

/**
 * The number of a paid gift in the catalogue, on the message the server wrote when its payment
 * was granted (ADR 015): what makes a message a gift. A member's message never has it, whatever
 * its text says (a text reading `gift:4` is a text).
 */
const giftMarkSchema = z.number().int();

/**
 * What the conversation list shows of a conversation's last message. Never a media link: the web
 * app words a photo, a voice note, a call or a gift in the reader's language. `removed`: the
 * photo or voice note was erased with its sender's account. `gift`: a paid gift, marked so by the
 * server (`gift`), never a text that reads like one.
 */
const lastMessageSchema = z.object({
  /** The reader sent it. */
  mine: z.boolean(),
  kind: z.enum(LAST_MESSAGE_KINDS),
  /**
   * The start of a text (`CONTACT_PREVIEW_MAX_LENGTH` characters; a paid gift's message keeps its
   * `gift:{number}`), or the text sent with a photo; null otherwise.
   */
  text: z.string().nullable(),
  /** The call of a call entry (null while the call has no end reason). */
  call: messageCallSchema.nullable(),
  /** The notice of a `notice` line. */
  notice: z.enum(MESSAGE_NOTICES).nullable().optional(),
  /** The gift of a `gift` (its number): only on a paid gift. */
  gift: giftMarkSchema.optional(),
});
export type LastMessage = z.infer<typeof lastMessageSchema>;

export const contactSchema = z.object({
  id: z.string(),
  name: z.string(),
  mediaUrls: z.array(z.string()),
  /** `mediaUrls` are the blurred copies: the member blurs her photos until a match (ADR 019). */
  photosBlurred: z.boolean(),
  /** The verified badge (ADR 044). */
  verified: z.boolean(),
  online: z.boolean(),
  unreadCount: z.number().int(),
  lastMessageTime: z.iso.datetime().nullable(),
  /** The message of `lastMessageTime`; null for a match without messages. */
  lastMessage: lastMessageSchema.nullable(),
  /** The two like each other: the conversation header offers to unmatch. */
  matched: z.boolean(),
  /**
   * One of the two ended the match (ADR 017): neither writes, calls or sends a gift until they
   * match again; the conversation stays readable, and reportable.
   */
  matchEnded: z.boolean(),
  /**
   * The member accepts a first message from verified members only (ADR 044) and the viewer is
   * not verified, nor matched with them, nor answering them: the app says so before the viewer
   * types, with the way to be verified. Absent from servers before it.
   */
  verifiedWritersOnly: z.boolean().optional(),
  /**
   * Women write first (ADR 069): the match waits for her first word, `me` when the viewer is the
   * woman who chose it, `them` when the viewer waits (he cannot write yet). Absent otherwise.
   */
  awaitingFirstWordOf: z.enum(['me', 'them']).optional(),
  /** Where the two are with exclusive mode (ADR 070); absent when not matched. */
  exclusive: z.enum(EXCLUSIVE_STATES).optional(),
  /** The member deleted their account: their messages stay, shown from "a deleted member". */
  deleted: z.boolean(),
  /**
   * Whose guardian follows this conversation (ADR 045): the header says so, to both. Absent from
   * servers before family mode.
   */
  guardianFollows: z.object({ mine: z.boolean(), theirs: z.boolean() }).optional(),
  /**
   * The viewer's message request to this member that has not opened the conversation (ADR 068):
   * waiting for the answer, declined (with her kind reply) or expired; null once open. Absent
   * from servers before requests.
   */
  request: sentRequestSchema.nullable().optional(),
});
export type Contact = z.infer<typeof contactSchema>;

/**
 * A chat message (docs/spec.md §3), plus `receiverId` so the sender's other tabs know which
 * conversation a message they sent belongs to. `imageUrl` and `audioUrl` are short-lived links
 * made for the member who receives the answer. A paid gift's `content` is the spec's
 * `gift:{number}`, but what makes it a gift is `gift`, the server's mark: a member's text that
 * reads the same is a text.
 */
export const messageSchema = z.object({
  uuid: z.string(),
  senderId: z.string(),
  receiverId: z.string(),
  content: z.string().nullable(),
  imageUrl: z.string().nullable(),
  audioUrl: z.string().nullable(),
  /**
   * The size in bytes of the photo or voice note, which data saver shows before fetching it
   * (ADR 048); absent for messages sent before it was kept.
   */
  mediaBytes: z.number().int().optional(),
  timestamp: z.iso.datetime(),
  isRead: z.boolean(),
  /** The photo or voice note was erased with its sender's account. */
  mediaRemoved: z.boolean().optional(),
  /**
   * A moderator hid it (ADR 083): its receiver gets no text, photo or voice of it, only that it
   * was hidden; its sender still reads it, marked. Absent on a message shown.
   */
  hiddenByModeration: z.literal(true).optional(),
  /**
   * A call entry (the caller is `senderId`), made when the call ends; `timestamp` is when it
   * started. `durationSeconds` is null for a call never answered.
   */
  call: messageCallSchema.nullable().optional(),
  /**
   * For the receiver only, never the sender: what the scam shield found in the text (ADR 043),
   * so the app shows a warning under it. Absent when it found nothing.
   */
  shield: z.array(z.enum(SHIELD_RULES)).optional(),
  /** A line of the server's (`senderId` is the member it is about), never a member's words. */
  notice: z.enum(MESSAGE_NOTICES).nullable().optional(),
  /**
   * A paid gift, and its number in the catalogue: set by the server on the message it writes when
   * the payment is granted (ADR 015), absent on every other message.
   */
  gift: giftMarkSchema.optional(),
  /** The closing message of a `closed-kindly` line (ADR 070), worded by the reader's app. */
  closing: z.enum(CLOSING_TEMPLATES).optional(),
  /** The guardian's contact a `wali-shared` line shares: as the sender typed it. */
  wali: z
    .object({ name: z.string(), relation: z.string(), phone: z.string().nullable() })
    .optional(),
});
export type Message = z.infer<typeof messageSchema>;

/**
 * POST /api/chat/send/{userId} fields; `image` and `audio` travel as files. The client-made
 * `uuid` makes a retried send idempotent.
 */
export const chatSendFieldsSchema = z.object({
  uuid: optionalField(z.uuid({ error: E.MESSAGE_ID_INVALID })),
  content: optionalField(
    memberText({ multiline: true }).max(CHAT_MESSAGE_MAX_LENGTH, E.CHAT_MESSAGE_TOO_LONG),
  ),
});
export type ChatSendFields = z.infer<typeof chatSendFieldsSchema>;

/** Older messages: `before` is the uuid of the oldest message shown; an empty page is the start. */
export const conversationQuerySchema = z.object({
  before: optionalField(z.uuid({ error: E.CURSOR_INVALID })),
  size: wholeNumber(E.PAGE_SIZE_INVALID, { min: 1, max: CONVERSATION_PAGE_SIZE * 2 }).optional(),
});

/** `/topic/read/{senderId}`: the member `readerId` has read every message the sender sent them. */
export const readReceiptSchema = z.object({
  readerId: z.string(),
  readAt: z.iso.datetime(),
});
export type ReadReceipt = z.infer<typeof readReceiptSchema>;

/** A request as its receiver sees it in her Requests list: the sender's card and his message. */
export const receivedRequestSchema = z.object({
  sender: contactSchema.pick({
    id: true,
    name: true,
    mediaUrls: true,
    photosBlurred: true,
    verified: true,
  }),
  /** His one message (a text, or a paid gift's). */
  message: messageSchema,
  expiresAt: z.iso.datetime(),
});
export type ReceivedRequest = z.infer<typeof receivedRequestSchema>;
