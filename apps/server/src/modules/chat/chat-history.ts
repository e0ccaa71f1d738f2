import { destinations, type Message, type ReadReceipt } from '@mawadda/contract';
import { conversationPage, type MessageRow } from '../../core/conversations.ts';
import { markRead } from './chat.repository.ts';
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
