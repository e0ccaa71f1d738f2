import type { Message, MessageNotice, ShieldRule } from '@mawadda/contract';
import type { Refusal } from '@/lib/translate-error.ts';
import type { Outgoing } from '../hooks/outbox.ts';
import type { CallRecord } from './call-entry.ts';

/**
 * What a message shows: `received` for the other member's; for mine, `sending` and `sent` (one
 * tick), `read` (two), `waiting` for the connection, or `failed`.
 */
export type ChatItemState = 'received' | 'sending' | 'sent' | 'read' | 'waiting' | 'failed';

export type ChatItem = {
  uuid: string;
  mine: boolean;
  content: string | null;
  imageUrl: string | null;
  audioUrl: string | null;
  /** The size of the photo or voice note, when the server kept it: data saver shows it. */
  mediaBytes?: number | undefined;
  timestamp: string;
  state: ChatItemState;
  refusal: Refusal | null;
  /** A call entry rather than a message. */
  call: CallRecord | null;
  /** Its photo or voice note was erased with its sender's account. */
  mediaRemoved: boolean;
  /**
   * A moderator hid it (ADR 083): received, nothing of it is shown but that; mine, it shows
   * marked, as the other member no longer sees it.
   */
  hiddenByModeration: boolean;
  /**
   * What the scam shield found in a message received (ADR 043): a warning shows under it. The
   * server tells only the receiver; none on mine.
   */
  shield: ShieldRule[];
  /** A line of the server's about the sender (their guardian follows), not their words. */
  notice: MessageNotice | null;
  /** The contact a `wali-shared` line shares. */
  wali?: Message['wali'];
  /** The closing message of a `closed-kindly` line (ADR 070). */
  closing?: Message['closing'];
  /** A paid gift, by the server's mark (its number): never read from the text. */
  gift?: number | undefined;
};

/**
 * The conversation as shown: the stored messages in time order, then what this tab is still
 * sending, minus any the server has already stored (same uuid), so no message shows twice.
 */
export function chatItems(messages: Message[], outgoing: Outgoing[], me: string): ChatItem[] {
  const stored = new Set(messages.map((m) => m.uuid));
  return [
    ...messages.map((m) => ({
      uuid: m.uuid,
      mine: m.senderId === me,
      content: m.content,
      imageUrl: m.imageUrl,
      audioUrl: m.audioUrl,
      mediaBytes: m.mediaBytes,
      timestamp: m.timestamp,
      state: (m.senderId !== me ? 'received' : m.isRead ? 'read' : 'sent') as ChatItemState,
      refusal: null,
      call: m.call ?? null,
      mediaRemoved: m.mediaRemoved ?? false,
      hiddenByModeration: m.hiddenByModeration === true,
      shield: m.senderId !== me ? (m.shield ?? []) : [],
      notice: m.notice ?? null,
      wali: m.wali,
      closing: m.closing,
      gift: m.gift,
    })),
    ...outgoing
      .filter((o) => !stored.has(o.uuid))
      .map((o) => ({
        uuid: o.uuid,
        mine: true,
        content: o.content,
        imageUrl: o.imagePreview,
        audioUrl: o.audioPreview,
        timestamp: o.createdAt,
        state: o.status,
        refusal: o.refusal,
        call: null,
        mediaRemoved: false,
        hiddenByModeration: false,
        shield: [],
        notice: null,
      })),
  ];
}
