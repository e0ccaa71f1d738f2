import type { ExclusiveState } from '@mawadda/contract';
import { sql } from 'drizzle-orm';
import { exclusiveStateOf, matched } from '../../core/member-rules.ts';
import type { Executor } from '../../db/database.ts';

/** Where the two are with exclusive mode, as `viewerId` sees it (ADR 070). */
export async function exclusiveState(
  db: Executor,
  viewerId: string,
  otherId: string,
): Promise<ExclusiveState> {
  const result = await db.execute<{ state: ExclusiveState | null }>(
    sql`select ${exclusiveStateOf(viewerId, otherId)} as state`,
  );
  return result.rows[0]?.state ?? 'none';
}

/**
 * Locks both members' rows, in the order of their ids (two members acting at once wait for each
 * other instead of deadlocking), and answers whether either is exclusive with anyone, whether the
 * two are matched now, and whether `fromId` has a proposal of `toId`'s.
 */
export async function lockPair(tx: Executor, fromId: string, toId: string) {
  const result = await tx.execute<{ taken: boolean; matched: boolean; proposed_to_me: boolean }>(
    sql`
    with locked as (
      select id, exclusive_with from members where id in (${fromId}, ${toId})
      order by id for update
    )
    select coalesce(bool_or(exclusive_with is not null), false) as taken,
      ${matched(fromId, toId)} as matched,
      exists (select 1 from exclusive_proposals
        where proposer_id = ${toId} and receiver_id = ${fromId}) as proposed_to_me
    from locked`,
  );
  const row = result.rows[0];
  return {
    taken: row?.taken === true,
    matched: row?.matched === true,
    proposedToMe: row?.proposed_to_me === true,
  };
}

/** Records `proposerId`'s proposal; proposing again keeps the first. */
export async function insertProposal(
  tx: Executor,
  proposerId: string,
  receiverId: string,
  now: Date,
) {
  await tx.execute(sql`
    insert into exclusive_proposals (proposer_id, receiver_id, proposed_at)
    values (${proposerId}, ${receiverId}, ${now.toISOString()}::timestamptz)
    on conflict do nothing`);
}

/**
 * The two become exclusive: both rows point at each other, and every proposal either made or
 * received goes (one exclusive relationship at a time; the unique key on `exclusive_with` holds
 * it too).
 */
export async function startExclusive(tx: Executor, a: string, b: string, now: Date) {
  await tx.execute(sql`delete from exclusive_proposals
    where proposer_id in (${a}, ${b}) or receiver_id in (${a}, ${b})`);
  await tx.execute(sql`
    update members set exclusive_since = ${now.toISOString()}::timestamptz,
      exclusive_with = case when id = ${a} then ${b}::uuid else ${a}::uuid end
    where id in (${a}, ${b})`);
}

/** Withdraws or declines the proposals between the two; answers whether there was one. */
export async function deleteProposals(tx: Executor, a: string, b: string): Promise<boolean> {
  const result = await tx.execute(sql`delete from exclusive_proposals
    where (proposer_id = ${a} and receiver_id = ${b}) or (proposer_id = ${b} and receiver_id = ${a})
    returning proposer_id`);
  return result.rows.length > 0;
}
