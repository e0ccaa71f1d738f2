import type { CallEndReason } from '@mawadda/contract';
import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { calls } from '../../db/schema.ts';

export type CallRow = typeof calls.$inferSelect;

/**
 * How a call ends: a member's end (the caller's is a cancel before an answer, the callee's a
 * refusal), or a reason of the server's. `missed` applies only to a call still unanswered.
 */
export type CallEnding = { by: string } | { reason: 'missed' | 'disconnected' | 'failed' };

export async function insertCall(
  db: Executor,
  call: Pick<CallRow, 'id' | 'callerId' | 'calleeId' | 'type' | 'startedAt'> &
    Partial<Pick<CallRow, 'endedAt' | 'endReason'>>,
): Promise<CallRow> {
  const [row] = await db.insert(calls).values(call).returning();
  if (!row) throw new Error('The call was not recorded');
  return row;
}

/** The callee's answer, once: false when another tab answered first or the call is over. */
export async function markAnswered(
  db: Executor,
  callId: string,
  calleeId: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(calls)
    .set({ answeredAt: now })
    .where(
      and(
        eq(calls.id, callId),
        eq(calls.calleeId, calleeId),
        isNull(calls.answeredAt),
        isNull(calls.endedAt),
      ),
    )
    .returning({ id: calls.id });
  return rows.length === 1;
}

/** Ends an open call, once (whichever node gets there first): the ended call, or undefined. */
export async function endCall(
  db: Executor,
  callId: string,
  ending: CallEnding,
  now: Date,
): Promise<CallRow | undefined> {
  const reason =
    'by' in ending
      ? sql`case when ${calls.answeredAt} is not null then 'completed'
          when ${calls.callerId} = ${ending.by}::uuid then 'cancelled' else 'declined' end`
      : sql`${ending.reason satisfies CallEndReason}`;
  const [row] = await db
    .update(calls)
    .set({ endedAt: now, endReason: reason })
    .where(
      and(
        eq(calls.id, callId),
        isNull(calls.endedAt),
        'reason' in ending && ending.reason === 'missed' ? isNull(calls.answeredAt) : undefined,
      ),
    )
    .returning();
  return row;
}

/**
 * The calls of these members still open but for `exceptId`: left by a node that died (its claims
 * expired, which is why the members could be claimed again).
 */
export async function openCallsOf(
  db: Executor,
  memberIds: readonly string[],
  exceptId: string,
): Promise<string[]> {
  const involved = memberIds.flatMap((id) => [eq(calls.callerId, id), eq(calls.calleeId, id)]);
  const rows = await db
    .select({ id: calls.id })
    .from(calls)
    .where(and(isNull(calls.endedAt), ne(calls.id, exceptId), or(...involved)));
  return rows.map((row) => row.id);
}

/** Which of these calls are still open. */
export async function stillOpen(db: Executor, callIds: readonly string[]): Promise<Set<string>> {
  const rows = await db
    .select({ id: calls.id })
    .from(calls)
    .where(and(inArray(calls.id, [...callIds]), isNull(calls.endedAt)));
  return new Set(rows.map((row) => row.id));
}
