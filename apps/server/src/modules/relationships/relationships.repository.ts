import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/database.ts';

/** Answers whether the block is new; a block ends exclusive mode between the two (ADR 070). */
export async function insertBlock(db: Database, blockerId: string, blockedId: string) {
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      insert into blocks (blocker_id, blocked_id) values (${blockerId}, ${blockedId})
      on conflict do nothing returning blocker_id`);
    await endExclusiveBetween(tx, blockerId, blockedId);
    return result.rows.length === 1;
  });
}

export async function deleteBlock(db: Executor, blockerId: string, blockedId: string) {
  await db.execute(
    sql`delete from blocks where blocker_id = ${blockerId} and blocked_id = ${blockedId}`,
  );
}

/** The members `blockerId` blocked, the latest first. */
export async function listBlocked(db: Executor, blockerId: string) {
  const result = await db.execute<{
    id: string;
    name: string;
    photo_keys: string[];
    created_at: Date | string;
  }>(sql`
    select m.id, m.name, m.photo_keys, b.created_at
    from blocks b join members m on m.id = b.blocked_id
    where b.blocker_id = ${blockerId}
    order by b.created_at desc, m.id`);
  // Raw rows stop here: the rest of the server reads camelCase, like drizzle's own answers.
  return result.rows.map((r) => ({
    id: r.id,
    name: r.name,
    photoKeys: r.photo_keys,
    blockedAt: new Date(r.created_at),
  }));
}

/**
 * Ends `memberId`'s side of a match with `otherId`, in the caller's transaction: their like goes,
 * the moment is kept, and exclusive mode between the two ends (ADR 070).
 */
export async function unmatchIn(tx: Executor, memberId: string, otherId: string, now: Date) {
  await tx.execute(sql`delete from likes where liker_id = ${memberId} and liked_id = ${otherId}`);
  await tx.execute(sql`
    insert into unmatches (member_id, other_id, unmatched_at)
    values (${memberId}, ${otherId}, ${now.toISOString()}::timestamptz)
    on conflict (member_id, other_id) do update set unmatched_at = excluded.unmatched_at`);
  await endExclusiveBetween(tx, memberId, otherId);
}

/** `unmatchIn` as a transaction of its own. */
export async function unmatch(db: Database, memberId: string, otherId: string, now: Date) {
  await db.transaction((tx) => unmatchIn(tx, memberId, otherId, now));
}

/**
 * Ends exclusive mode between the two, and any proposal either made the other; answers whether
 * they were exclusive.
 */
export async function endExclusiveBetween(tx: Executor, a: string, b: string): Promise<boolean> {
  await tx.execute(sql`delete from exclusive_proposals
    where (proposer_id = ${a} and receiver_id = ${b}) or (proposer_id = ${b} and receiver_id = ${a})`);
  const ended = await tx.execute(sql`
    update members set exclusive_with = null, exclusive_since = null
    where (id = ${a} and exclusive_with = ${b}) or (id = ${b} and exclusive_with = ${a})
    returning id`);
  return ended.rows.length > 0;
}
