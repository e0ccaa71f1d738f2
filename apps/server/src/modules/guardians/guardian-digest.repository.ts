import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { guardianLinks, guardians } from '../../db/schema.ts';
import { type GuardianRow, viewable } from './guardians.repository.ts';

/** A further link to the guardian's page, mailed in a digest. */
export async function insertLink(
  db: Executor,
  guardianId: string,
  tokenHash: string,
  expiresAt: Date,
): Promise<void> {
  await db.insert(guardianLinks).values({ guardianId, tokenHash, expiresAt });
}

/** Digest links past their time: nothing opens with them any more. */
export async function deleteExpiredLinks(db: Executor, now: Date): Promise<void> {
  await db.execute(
    sql`delete from guardian_links where expires_at <= ${now.toISOString()}::timestamptz`,
  );
}

export async function saveDigest(
  db: Executor,
  guardianId: string,
  digest: GuardianRow['digest'],
): Promise<void> {
  await db.update(guardians).set({ digest }).where(eq(guardians.id, guardianId));
}

export type DueGuardianDigest = Pick<
  GuardianRow,
  'id' | 'memberId' | 'name' | 'email' | 'language' | 'digest'
> & {
  memberName: string;
  /** What the digest tells starts after this: the previous digest, or the invitation. */
  since: Date;
  previous: Date | null;
};

/**
 * Claims up to `batch` guardians due a digest (a day or a week after the last, their member
 * active), in one statement: the claim is `digest_sent_at = now`, so of two nodes the second's
 * `skip locked` or its re-read of the time leaves it nothing.
 */
export async function claimDueGuardianDigests(
  db: Executor,
  now: Date,
  batch: number,
): Promise<DueGuardianDigest[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const result = await db.execute<{
    id: string;
    member_id: string;
    name: string;
    email: string;
    language: GuardianRow['language'];
    digest: GuardianRow['digest'];
    created_at: Date | string;
    previous: Date | string | null;
    member_name: string;
  }>(sql`
    with due as (
      select g.id, g.digest_sent_at as previous from guardians g
      join members m on m.id = g.member_id and m.standing = 'active'
      where g.revoked_at is null and g.digest <> 'off'
        and (g.digest_sent_at is null or g.digest_sent_at <= ${at}
          - case when g.digest = 'daily' then interval '1 day' else interval '7 days' end)
      order by g.digest_sent_at nulls first
      limit ${batch}
      for update of g skip locked)
    update guardians g set digest_sent_at = ${at}
    from due where g.id = due.id
    returning g.id, g.member_id, g.name, g.email, g.language, g.digest, g.created_at, due.previous,
      (select m.name from members m where m.id = g.member_id) as member_name`);
  return result.rows.map((r) => ({
    id: r.id,
    memberId: r.member_id,
    name: r.name,
    email: r.email,
    language: r.language,
    digest: r.digest,
    memberName: r.member_name,
    previous: r.previous ? new Date(r.previous) : null,
    since: new Date(r.previous ?? r.created_at),
  }));
}

/** A digest not sent: its claim undone, so the next run tries again. */
export async function releaseGuardianDigest(
  db: Executor,
  guardianId: string,
  previous: Date | null,
): Promise<void> {
  await db.update(guardians).set({ digestSentAt: previous }).where(eq(guardians.id, guardianId));
}

/**
 * What is new for a guardian of `memberId` between `since` and `until`: per conversation they
 * may see (the same rule as their page), the other member's name and how many messages, call
 * entries included, notice lines not.
 */
export async function digestNews(db: Executor, memberId: string, since: Date, until: Date) {
  const result = await db.execute<{ name: string; count: number }>(sql`
    select o.name, count(*)::int as count
    from guardian_follows gf
    join members o on o.id = gf.other_id
    join messages m
      on least(m.sender_id, m.receiver_id) = least(${memberId}::uuid, gf.other_id)
      and greatest(m.sender_id, m.receiver_id) = greatest(${memberId}::uuid, gf.other_id)
      and m.seq >= gf.notice_seq and m.notice is null
      and m.sent_at > ${since.toISOString()}::timestamptz
      and m.sent_at <= ${until.toISOString()}::timestamptz
    where ${viewable(memberId, sql`gf.other_id`)}
    group by o.id, o.name
    order by max(m.sent_at) desc`);
  return result.rows;
}
