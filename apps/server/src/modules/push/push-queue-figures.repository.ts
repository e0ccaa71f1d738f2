import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { pushQueue } from '../../db/schema.ts';

/**
 * The queue's depth (retries waiting included) and when the oldest push that is due fell due, for
 * the metrics (ADR 063). A scan: the queue holds what the next few sends take, unless it is stuck.
 */
export async function pushQueueFigures(db: Executor, now: Date) {
  const [row] = await db
    .select({
      waiting: sql<number>`count(*)::int`,
      oldestDue:
        sql<Date | null>`min(${pushQueue.dueAt}) filter (where ${pushQueue.dueAt} <= ${now.toISOString()}::timestamptz)`.mapWith(
          pushQueue.dueAt,
        ),
    })
    .from(pushQueue);
  return { waiting: row?.waiting ?? 0, oldestDue: row?.oldestDue ?? null };
}
