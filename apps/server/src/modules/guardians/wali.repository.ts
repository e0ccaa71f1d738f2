import { and, eq, isNull, sql } from 'drizzle-orm';
import { blockedBetween, unmatchedBetween } from '../../core/member-rules.ts';
import type { Executor } from '../../db/database.ts';
import { waliRequests } from '../../db/schema.ts';

/**
 * Opens a request for the wali's contact from `askerId` to `askedId`: answers false while one is
 * open already (a request answered may be made again).
 */
export async function openWaliRequest(
  db: Executor,
  askerId: string,
  askedId: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .insert(waliRequests)
    .values({ askerId, askedId, askedAt: now })
    .onConflictDoUpdate({
      target: [waliRequests.askerId, waliRequests.askedId],
      set: { askedAt: now, answeredAt: null },
      setWhere: sql`${waliRequests.answeredAt} is not null`,
    })
    .returning({ askedAt: waliRequests.askedAt });
  return rows.length > 0;
}

/** Closes the open request of `askerId` to `askedId`; answers whether there was one. */
export async function closeWaliRequest(
  db: Executor,
  askerId: string,
  askedId: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(waliRequests)
    .set({ answeredAt: now })
    .where(
      and(
        eq(waliRequests.askerId, askerId),
        eq(waliRequests.askedId, askedId),
        isNull(waliRequests.answeredAt),
      ),
    )
    .returning({ askedAt: waliRequests.askedAt });
  return rows.length > 0;
}

/** `otherId` is an active member and nothing ended the pair: no block, no ended match. */
export async function pairOpen(db: Executor, memberId: string, otherId: string) {
  const result = await db.execute<{ ok: boolean }>(sql`
    select exists (select 1 from members where id = ${otherId} and standing = 'active')
      and not ${blockedBetween(memberId, otherId)}
      and not ${unmatchedBetween(memberId, otherId)} as ok`);
  return result.rows[0]?.ok === true;
}
