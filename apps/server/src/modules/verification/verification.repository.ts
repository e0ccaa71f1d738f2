import type {
  VerificationPoseId,
  VerificationRefusal,
  VerificationTrigger,
} from '@mawadda/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { members, verificationRequests } from '../../db/schema.ts';

export type VerificationRow = typeof verificationRequests.$inferSelect;

/** The member's requests, newest first: what their state and export read. */
export async function requestsOf(db: Executor, memberId: string): Promise<VerificationRow[]> {
  return db
    .select()
    .from(verificationRequests)
    .where(eq(verificationRequests.memberId, memberId))
    .orderBy(desc(verificationRequests.createdAt), desc(verificationRequests.id));
}

export async function findRequest(db: Executor, id: string): Promise<VerificationRow | undefined> {
  const [row] = await db.select().from(verificationRequests).where(eq(verificationRequests.id, id));
  return row;
}

/**
 * A new pose for the member: replaces a pose drawn before and not used. Undefined when a request
 * of theirs is pending (the unique index holds against two at once).
 */
export async function drawPose(
  db: Executor,
  memberId: string,
  pose: VerificationPoseId,
  drawnAt: Date,
  expiresAt: Date,
): Promise<VerificationRow | undefined> {
  return db.transaction(async (tx) => {
    await tx
      .delete(verificationRequests)
      .where(
        and(eq(verificationRequests.memberId, memberId), eq(verificationRequests.status, 'drawn')),
      );
    const [row] = await tx
      .insert(verificationRequests)
      .values({ memberId, pose, poseDrawnAt: drawnAt, poseExpiresAt: expiresAt, status: 'drawn' })
      .onConflictDoNothing()
      .returning();
    return row;
  });
}

/** The drawn pose's request becomes pending with its selfie, once: false if it was not drawn. */
export async function submitSelfie(
  db: Executor,
  id: string,
  selfie: {
    selfieKey: string;
    phash: bigint;
    submittedAt: Date;
    duplicateOf: string | null;
    duplicateDistance: number | null;
  },
): Promise<boolean> {
  const rows = await db
    .update(verificationRequests)
    .set({ ...selfie, status: 'pending' })
    .where(and(eq(verificationRequests.id, id), eq(verificationRequests.status, 'drawn')))
    .returning({ id: verificationRequests.id });
  return rows.length === 1;
}

/**
 * The nearest selfie of another account within `maxDistance` bits of `hash` (Hamming distance of
 * the dHashes), or undefined. A scan of the selfies' hashes: a few microseconds a row; past a
 * few hundred thousand selfies, a multi-index hash table would answer without one (ADR 044).
 */
export async function nearestSelfieOfOthers(
  db: Executor,
  memberId: string,
  hash: bigint,
  maxDistance: number,
): Promise<{ id: string; distance: number } | undefined> {
  const result = await db.execute<{ id: string; distance: number }>(sql`
    select id, bit_count((phash # ${hash.toString()}::bigint)::bit(64))::int as distance
    from verification_requests
    where phash is not null and member_id <> ${memberId}
      and bit_count((phash # ${hash.toString()}::bigint)::bit(64)) <= ${maxDistance}
    order by distance, submitted_at
    limit 1`);
  return result.rows[0];
}

/** The pending requests a moderator may decide (none of their own), oldest first. */
export async function pendingRequests(db: Executor, moderatorId: string, limit: number) {
  const result = await db.execute<{
    id: string;
    trigger: VerificationTrigger;
    pose: VerificationPoseId;
    submitted_at: Date | string;
    selfie_key: string;
    member_id: string;
    name: string;
    age: number | null;
    photo_keys: string[];
    verified: boolean;
    duplicate_member_id: string | null;
    duplicate_name: string | null;
    duplicate_selfie_key: string | null;
    duplicate_distance: number | null;
  }>(sql`
    select r.id, r.trigger, r.pose, r.submitted_at, r.selfie_key, m.id as member_id, m.name, m.age,
      m.photo_keys, m.verified_at is not null as verified,
      d.member_id as duplicate_member_id, dm.name as duplicate_name,
      d.selfie_key as duplicate_selfie_key, r.duplicate_distance
    from verification_requests r
    join members m on m.id = r.member_id
    left join verification_requests d on d.id = r.duplicate_of
    left join members dm on dm.id = d.member_id
    where r.status = 'pending' and r.member_id <> ${moderatorId}
    order by r.submitted_at, r.id
    limit ${limit}`);
  return result.rows.map((r) => ({
    id: r.id,
    trigger: r.trigger,
    pose: r.pose,
    submittedAt: new Date(r.submitted_at),
    selfieKey: r.selfie_key,
    member: {
      id: r.member_id,
      name: r.name,
      age: r.age,
      photoKeys: r.photo_keys,
      verified: r.verified,
    },
    duplicate:
      r.duplicate_member_id && r.duplicate_selfie_key
        ? {
            memberId: r.duplicate_member_id,
            name: r.duplicate_name ?? '',
            selfieKey: r.duplicate_selfie_key,
            distance: r.duplicate_distance ?? 0,
          }
        : null,
  }));
}

/** Decides a pending request, once: false when another moderator got there first. */
export async function decideRequest(
  db: Executor,
  id: string,
  decision: {
    status: 'approved' | 'refused';
    reason: VerificationRefusal | null;
    decidedBy: string;
    decidedAt: Date;
  },
): Promise<boolean> {
  const rows = await db
    .update(verificationRequests)
    .set(decision)
    .where(and(eq(verificationRequests.id, id), eq(verificationRequests.status, 'pending')))
    .returning({ id: verificationRequests.id });
  return rows.length === 1;
}

export async function setVerifiedAt(db: Executor, memberId: string, at: Date | null) {
  await db.update(members).set({ verifiedAt: at }).where(eq(members.id, memberId));
}

/**
 * Queues a moderator's check of the member's approved selfie against their profile as it is now
 * (no new selfie: the one approved is compared again). Nothing when no selfie was approved or a
 * request is already open (a pose drawn is dropped: the check comes first).
 */
export async function queueRecheck(
  db: Executor,
  memberId: string,
  trigger: Exclude<VerificationTrigger, 'member'>,
  at: Date,
): Promise<'queued' | 'open' | 'none'> {
  const [approved] = await db
    .select()
    .from(verificationRequests)
    .where(
      and(eq(verificationRequests.memberId, memberId), eq(verificationRequests.status, 'approved')),
    )
    .orderBy(desc(verificationRequests.createdAt))
    .limit(1);
  if (!approved?.selfieKey) return 'none';
  await db
    .delete(verificationRequests)
    .where(
      and(eq(verificationRequests.memberId, memberId), eq(verificationRequests.status, 'drawn')),
    );
  const rows = await db
    .insert(verificationRequests)
    .values({
      memberId,
      trigger,
      pose: approved.pose,
      poseDrawnAt: at,
      poseExpiresAt: at,
      selfieKey: approved.selfieKey,
      phash: approved.phash,
      submittedAt: at,
      status: 'pending',
    })
    .onConflictDoNothing()
    .returning({ id: verificationRequests.id });
  return rows.length === 1 ? 'queued' : 'open';
}

export async function memberVerification(db: Executor, memberId: string) {
  const [row] = await db
    .select({ verifiedAt: members.verifiedAt, photoKeys: members.photoKeys })
    .from(members)
    .where(eq(members.id, memberId));
  return row;
}

/** Whether a selfie key belongs to a request (the selfie route serves nothing else). */
export async function selfieExists(db: Executor, key: string): Promise<boolean> {
  const result = await db.execute<{ found: boolean }>(
    sql`select exists (select 1 from verification_requests where selfie_key = ${key}) as found`,
  );
  return result.rows[0]?.found === true;
}

/** Every selfie file of the member: the account's deletion removes them. */
export async function selfieKeysOf(db: Executor, memberId: string): Promise<string[]> {
  const result = await db.execute<{ selfie_key: string }>(sql`
    select distinct selfie_key from verification_requests
    where member_id = ${memberId} and selfie_key is not null`);
  return result.rows.map((r) => r.selfie_key);
}
