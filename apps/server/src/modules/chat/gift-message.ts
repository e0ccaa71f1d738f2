import { GIFT_MESSAGE_PREFIX } from '@mawadda/contract';
import type { SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { insertMessages, type MessageRow } from './chat.repository.ts';

/** A gift as the conversation shows it: a message the giver sent (ADR 015). */
export type GiftMessage = MessageRow;

/**
 * Writes the message of a paid gift, in the payer's transaction (`tx`), if `allowed` holds for
 * the giver and the receiver when it is written; answers it, or undefined when it was not
 * allowed (or already written: the order's id is the message's uuid).
 */
export async function writeGiftMessage(
  tx: Executor,
  gift: {
    orderId: string;
    giverId: string;
    receiverId: string;
    giftId: number | null;
    sentAt: Date;
  },
  allowed: (giverId: SQL, receiverId: SQL) => SQL,
): Promise<GiftMessage | undefined> {
  const [message] = await insertMessages(
    tx,
    [
      {
        uuid: gift.orderId,
        senderId: gift.giverId,
        receiverId: gift.receiverId,
        content: `${GIFT_MESSAGE_PREFIX}${gift.giftId}`,
        imageKey: null,
        audioKey: null,
        mediaBytes: null,
        shield: 0,
        sentAt: gift.sentAt,
      },
    ],
    allowed,
  );
  return message;
}
