import { destinations, type Message, type ReadReceipt } from '@mawadda/contract';
import { conversationPage, type MessageRow } from '../../core/conversations.ts';
import { markRead, messagesSince } from './chat.repository.ts';
import { assertReachable, type ChatContext } from './chat-context.ts';
import { toMessage } from './message-view.ts';

/** Messages as `viewerId` sees them (media links made for them). */
export function messagesAs(ctx: ChatContext, viewerId: string, rows: MessageRow[]): Message[] {
  return rows.map((row) => toMessage(ctx.mediaLinks, row, viewerId));
}

/** A page of the conversation, oldest first; `before` pages back from a message's uuid. */
export async function conversation(
  ctx: ChatContext,
  memberId: string,
  otherId: string,
  query: { before?: string | undefined; size?: number | undefined },
): Promise<Message[]> {
  await assertReachable(ctx, memberId, otherId);
  return messagesAs(ctx, memberId, await conversationPage(ctx.db, memberId, otherId, query));
}

/** Marks the conversation read; the sender's ticks turn double live. */
export async function markConversationRead(
  ctx: ChatContext,
  readerId: string,
  senderId: string,
): Promise<void> {
  await assertReachable(ctx, readerId, senderId);
  const now = ctx.clock.now();
  if ((await markRead(ctx.db, readerId, senderId, now)) === 0) return;
  const receipt: ReadReceipt = { readerId, readAt: now.toISOString() };
  await ctx.publish(destinations.read(senderId), receipt, [senderId]);
}

/**
 * How long before a node was cut from the others a message may have been stored and its
 * publication not yet gone out: Redis resends, once back, what it had not answered.
 */
const CUT_MARGIN_MS = 10_000;

/**
 * A node cut from the others (Redis restarted) missed what they published meanwhile, and its
 * members' sockets stayed open, so their apps read nothing again: the messages these members
 * sent or received from a little before the cut are delivered again to this node's sockets, to
 * the receiver and to the sender's other tabs as when they were sent. The app keeps each once
 * (by uuid), in time order.
 */
export async function deliverMissed(
  ctx: ChatContext,
  memberIds: readonly string[],
  since: Date,
): Promise<void> {
  if (memberIds.length === 0) return;
  const here = new Set(memberIds);
  const from = new Date(since.getTime() - CUT_MARGIN_MS);
  for (const row of await messagesSince(ctx.db, memberIds, from)) {
    for (const viewerId of new Set([row.receiverId, row.senderId])) {
      if (!here.has(viewerId)) continue;
      const message = toMessage(ctx.mediaLinks, row, viewerId);
      await ctx.publishHere(destinations.chat(viewerId), message, [viewerId]);
    }
  }
}
