import type { SQL } from 'drizzle-orm';
import type { MessageRow } from '../../core/conversations.ts';
import type { Executor } from '../../db/database.ts';
import { insertGiftMessage } from './chat.repository.ts';
import type { ChatContext } from './chat-context.ts';

/** A gift as the conversation shows it: a message the giver sent, marked a gift (ADR 015). */
export type GiftMessage = MessageRow;

/**
 * Writes the message of a paid gift, in the payer's transaction (`tx`), if `allowed` holds for
 * the giver and the receiver when it is written, with its notice for whoever listens (push, ADR
 * 064); answers it, or undefined when it was not allowed (or already written: the order's id is
 * the message's uuid). Only this marks a message a gift (`gift_id`); its content is the spec's
 * `gift:{number}`, which a member's text may also read without being one.
 */
export async function writeGiftMessage(
  ctx: ChatContext,
  tx: Executor,
  gift: {
    orderId: string;
    giverId: string;
    receiverId: string;
    giftId: number;
    sentAt: Date;
  },
  allowed: (giverId: SQL, receiverId: SQL) => SQL,
): Promise<GiftMessage | undefined> {
  const written = await insertGiftMessage(
    tx,
    {
      uuid: gift.orderId,
      giverId: gift.giverId,
      receiverId: gift.receiverId,
      giftId: gift.giftId,
      sentAt: gift.sentAt,
    },
    allowed,
    ctx.record,
  );
  return written?.row;
}
