import { CONVERSATION_PAGE_SIZE } from '@mawadda/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { calls, messages } from '../db/schema.ts';
import { badRequest } from '../lib/http-error.ts';

/** What a call entry shows of its call. */
export type CallOfMessage = Pick<
  typeof calls.$inferSelect,
  'type' | 'answeredAt' | 'endedAt' | 'endReason'
>;
export type MessageRow = typeof messages.$inferSelect & { call: CallOfMessage | null };

/** Messages with the call of a call entry. */
export function selectMessages(db: Executor) {
  return db
    .select({
      message: messages,
      call: {
        type: calls.type,
        answeredAt: calls.answeredAt,
        endedAt: calls.endedAt,
        endReason: calls.endReason,
      },
    })
    .from(messages)
    .leftJoin(calls, eq(calls.id, messages.callId));
}

export const withCall = (r: {
  message: typeof messages.$inferSelect;
  call: CallOfMessage | null;
}): MessageRow => ({ ...r.message, call: r.message.callId ? r.call : null });

/** The conversation of two members in the expression index's terms, whichever side wrote. */
const inConversation = (a: string, b: string) =>
  sql`least(${messages.senderId}, ${messages.receiverId}) = least(${a}::uuid, ${b}::uuid)
    and greatest(${messages.senderId}, ${messages.receiverId}) = greatest(${a}::uuid, ${b}::uuid)`;

/**
 * A page of the conversation of `a` and `b`, oldest first: up to `size` messages before the one
 * whose uuid is `before` (or the newest), that also meet `bounds` (a guardian's view starts at
 * its notice line, ADR 045). A `before` that is no message of this conversation is a 400.
 */
export async function conversationPage(
  db: Executor,
  a: string,
  b: string,
  query: { before?: string | undefined; size?: number | undefined },
  ...bounds: SQL[]
): Promise<MessageRow[]> {
  let before: SQL | undefined;
  if (query.before) {
    const [cursor] = await db
      .select({ seq: messages.seq })
      .from(messages)
      .where(and(inConversation(a, b), eq(messages.uuid, query.before)))
      .limit(1);
    if (!cursor) throw badRequest('CURSOR_INVALID');
    before = sql`${messages.seq} < ${cursor.seq}`;
  }
  const rows = await selectMessages(db)
    .where(and(inConversation(a, b), before, ...bounds))
    .orderBy(sql`${messages.seq} desc`)
    .limit(query.size ?? CONVERSATION_PAGE_SIZE);
  return rows.reverse().map(withCall);
}
