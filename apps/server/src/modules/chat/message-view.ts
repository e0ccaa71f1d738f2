import { CLOSING_TEMPLATES, type ClosingTemplate, type Message } from '@mawadda/contract';
import type { CallOfMessage, MessageRow } from '../../core/conversations.ts';
import { shieldRules } from '../../core/scam-rules.ts';
import type { MediaLinks } from '../../lib/media-links.ts';

/** A new message as told outside the chat (Web Push): what it is, never a media link. */
export type NewMessageNotice = {
  kind: 'message';
  from: string;
  to: string;
  content: 'text' | 'photo' | 'voice' | 'gift';
  text: string | null;
  at: Date;
  /**
   * The message is a request (ADR 068): pushed, counted and mailed apart from messages. Known
   * where it is stored (the recorded notice), absent from the callback's.
   */
  request?: boolean;
};

/**
 * What became of a request, as told outside the chat (ADR 068): `from` is the member it was
 * sent to, `to` its sender, who is told; accepted, declined (never the kind reply: he reads it in
 * the app) or expired unanswered.
 */
export type RequestSettledNotice = {
  kind: 'request-settled';
  from: string;
  to: string;
  outcome: 'accepted' | 'declined' | 'expired';
  at: Date;
};

export function noticeOf(row: MessageRow): NewMessageNotice {
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

/** The call of a call entry once it has ended, with how long it was answered. */
export function callOf(call: CallOfMessage | null): NonNullable<Message['call']> | null {
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

/** The contact a `wali-shared` line holds, stored as JSON in its content by the guardians module. */
function waliOf(content: string): NonNullable<Message['wali']> {
  const {
    name = '',
    relation = '',
    phone = null,
  } = JSON.parse(content) as Partial<NonNullable<Message['wali']>>;
  return { name, relation, phone };
}

/**
 * A message a moderator hid (ADR 083), as anyone but its sender gets it: that it was hidden,
 * when and between whom, nothing of what it said or showed.
 */
function hiddenMessage(row: MessageRow): Message {
  return {
    uuid: row.uuid,
    senderId: row.senderId,
    receiverId: row.receiverId,
    content: null,
    imageUrl: null,
    audioUrl: null,
    timestamp: row.sentAt.toISOString(),
    isRead: row.readAt !== null,
    hiddenByModeration: true,
  };
}

/**
 * A message as `viewerId` receives it: media links made for them, and the scam shield's
 * findings for its receiver only (the sender never learns what set it off). One a moderator hid
 * is only a placeholder to all but its sender, who reads it marked.
 */
export function toMessage(mediaLinks: MediaLinks, row: MessageRow, viewerId: string): Message {
  if (row.hiddenBy !== null && viewerId !== row.senderId) return hiddenMessage(row);
  return {
    ...(row.hiddenBy !== null ? { hiddenByModeration: true as const } : {}),
    ...(row.shield !== 0 && viewerId === row.receiverId ? { shield: shieldRules(row.shield) } : {}),
    uuid: row.uuid,
    senderId: row.senderId,
    receiverId: row.receiverId,
    content: row.notice ? null : row.content,
    imageUrl: row.imageKey ? mediaLinks.urlFor(viewerId, row.imageKey) : null,
    audioUrl: row.audioKey ? mediaLinks.urlFor(viewerId, row.audioKey) : null,
    ...(row.mediaBytes !== null ? { mediaBytes: row.mediaBytes } : {}),
    timestamp: row.sentAt.toISOString(),
    isRead: row.readAt !== null,
    mediaRemoved: row.mediaRemoved,
    call: callOf(row.call),
    ...(row.notice ? { notice: row.notice } : {}),
    // A gift by the server's mark (ADR 015): a text reading `gift:4` has none.
    ...(row.giftId !== null ? { gift: row.giftId } : {}),
    ...(row.notice === 'wali-shared' && row.content ? { wali: waliOf(row.content) } : {}),
    ...(row.notice === 'closed-kindly' && isClosingTemplate(row.content)
      ? { closing: row.content }
      : {}),
  };
}

/** A closing line's id, as stored by close kindly (ADR 070). */
function isClosingTemplate(content: string | null): content is ClosingTemplate {
  return (CLOSING_TEMPLATES as readonly (string | null)[]).includes(content);
}
