import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/database.ts';

/** Answers whether the block is new. */
export async function insertBlock(db: Executor, blockerId: string, blockedId: string) {
  const result = await db.execute(sql`
    insert into blocks (blocker_id, blocked_id) values (${blockerId}, ${blockedId})
    on conflict do nothing returning blocker_id`);
  return result.rows.length === 1;
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

/** Ends `memberId`'s side of a match with `otherId`: their like goes, and the moment is kept. */
export async function unmatch(db: Database, memberId: string, otherId: string, now: Date) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from likes where liker_id = ${memberId} and liked_id = ${otherId}`);
    await tx.execute(sql`
      insert into unmatches (member_id, other_id, unmatched_at)
      values (${memberId}, ${otherId}, ${now.toISOString()}::timestamptz)
      on conflict (member_id, other_id) do update set unmatched_at = excluded.unmatched_at`);
  });
}
