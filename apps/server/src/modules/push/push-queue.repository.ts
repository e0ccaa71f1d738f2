import { sql } from 'drizzle-orm';
import { blockedBetween, matched } from '../../core/member-rules.ts';
import type { Executor } from '../../db/database.ts';
import type { OutgoingPush } from './push-sender.ts';

/** A push for one device, about to wait in the queue. */
export type QueuedPush = {
  subscriptionId: string;
  memberId: string;
  aboutId: string | null;
  tag: string;
  payload: string;
  urgency: OutgoingPush['urgency'];
  ttlSeconds: number;
  /** When the event happened (ISO 8601, as in the payload): an older one never replaces a newer. */
  at: string;
};

/**
 * Queues pushes for one member's devices. A push with the tag of one still waiting for that
 * device replaces it (a second message of a conversation, a call's end after its ring): the
 * version moves, so a sender holding the old one sends this one next. New tags are taken while
 * the member has fewer than `cap` waiting: a flood of one member stays bounded.
 */
export async function enqueue(
  db: Executor,
  memberId: string,
  pushes: QueuedPush[],
  now: Date,
  cap: number,
): Promise<number> {
  let queued = 0;
  for (const push of pushes) {
    const expiresAt = new Date(now.getTime() + push.ttlSeconds * 1000).toISOString();
    const replaced = await db.execute(sql`
      update push_queue set payload = ${push.payload}, urgency = ${push.urgency},
        ttl_seconds = ${push.ttlSeconds}, expires_at = ${expiresAt}::timestamptz,
        about_id = ${push.aboutId}, due_at = ${now.toISOString()}::timestamptz,
        attempts = 0, version = version + 1
      where subscription_id = ${push.subscriptionId} and tag = ${push.tag}
        and (payload::json ->> 'at') <= ${push.at}`);
    if ((replaced.rowCount ?? 0) > 0) {
      queued++;
      continue;
    }
    const inserted = await db.execute(sql`
      insert into push_queue (subscription_id, member_id, about_id, tag, payload, urgency,
        ttl_seconds, expires_at, due_at)
      select ${push.subscriptionId}, ${memberId}, ${push.aboutId}, ${push.tag}, ${push.payload},
        ${push.urgency}, ${push.ttlSeconds}, ${expiresAt}::timestamptz, ${now.toISOString()}::timestamptz
      where (select count(*) from push_queue where member_id = ${memberId}) < ${cap}
      on conflict (subscription_id, tag) do nothing`);
    queued += inserted.rowCount ?? 0;
  }
  return queued;
}

export type ClaimedPush = OutgoingPush & {
  id: number;
  version: number;
  attempts: number;
  expiresAt: Date;
  /** Since it was queued: a block either way, a member no longer active, a session ended. */
  forbidden: boolean;
};

/**
 * Claims up to `batch` due pushes for this node until `leaseUntil`. Fair: each member's oldest due
 * push only, oldest first, so one member's flood waits behind everyone's first push. `SKIP LOCKED`
 * leaves rows another node is claiming to it; the lease keeps them from the others until sent.
 * What stands between the member and whom the push is about is read again now.
 */
export async function claimDue(
  db: Executor,
  now: Date,
  leaseUntil: Date,
  batch: number,
): Promise<ClaimedPush[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const result = await db.execute<{
    id: string;
    version: number;
    attempts: number;
    payload: string;
    urgency: OutgoingPush['urgency'];
    ttl_seconds: number;
    tag: string;
    expires_at: Date | string;
    endpoint: string;
    p256dh: string;
    auth: string;
    forbidden: boolean;
  }>(sql`
    update push_queue q set claimed_until = ${leaseUntil.toISOString()}::timestamptz,
      attempts = q.attempts + 1
    from push_subscriptions s
    where s.id = q.subscription_id and q.id in (
      select c.id from push_queue c
      where c.id in (
        select distinct on (f.member_id) f.id from push_queue f
        where f.due_at <= ${at} and (f.claimed_until is null or f.claimed_until <= ${at})
        order by f.member_id, f.due_at, f.id
      )
      and c.due_at <= ${at} and (c.claimed_until is null or c.claimed_until <= ${at})
      order by c.due_at, c.id
      limit ${batch}
      for update skip locked
    )
    returning q.id, q.version, q.attempts, q.payload, q.urgency, q.ttl_seconds, q.tag,
      q.expires_at, s.endpoint, s.p256dh, s.auth,
      (not exists (select 1 from members r where r.id = q.member_id and r.standing = 'active')
        or not exists (select 1 from sessions se where se.id = s.session_id
          and se.revoked_at is null and se.expires_at > ${at})
        or (q.about_id is not null and (
          not exists (select 1 from members a where a.id = q.about_id and a.standing = 'active')
          or ${blockedBetween(sql`q.member_id`, sql`q.about_id`)}))) as forbidden`);
  return result.rows.map((row) => ({
    id: Number(row.id),
    version: row.version,
    attempts: row.attempts,
    payload: row.payload,
    urgency: row.urgency,
    ttlSeconds: row.ttl_seconds,
    tag: row.tag,
    expiresAt: new Date(row.expires_at),
    endpoint: row.endpoint,
    p256dh: row.p256dh,
    auth: row.auth,
    forbidden: row.forbidden,
  }));
}

/** Sent: gone from the queue, unless it was replaced meanwhile (then the new one is due now). */
export async function markSent(db: Executor, id: number, version: number): Promise<void> {
  const removed = await db.execute(
    sql`delete from push_queue where id = ${id} and version = ${version}`,
  );
  if ((removed.rowCount ?? 0) === 0) {
    await db.execute(sql`update push_queue set claimed_until = null where id = ${id}`);
  }
}

export async function retryAt(db: Executor, id: number, dueAt: Date): Promise<void> {
  await db.execute(sql`update push_queue set due_at = ${dueAt.toISOString()}::timestamptz,
    claimed_until = null where id = ${id}`);
}

export async function dropPush(db: Executor, id: number): Promise<void> {
  await db.execute(sql`delete from push_queue where id = ${id}`);
}

/** A socket shows the conversation with `otherId` (or none, `otherId` null). */
export async function saveViewing(
  db: Executor,
  connectionId: string,
  memberId: string,
  otherId: string | null,
  now: Date,
): Promise<void> {
  if (otherId === null) {
    await forgetViewing(db, connectionId);
    return;
  }
  await db.execute(sql`
    insert into conversation_views (connection_id, member_id, other_id, since)
    values (${connectionId}, ${memberId}, ${otherId}, ${now.toISOString()}::timestamptz)
    on conflict (connection_id) do update set other_id = excluded.other_id, since = excluded.since`);
}

export async function forgetViewing(db: Executor, connectionId: string): Promise<void> {
  await db.execute(sql`delete from conversation_views where connection_id = ${connectionId}`);
}

/** Whether one of the member's sockets showed that conversation since `after`. */
export async function isViewing(db: Executor, memberId: string, otherId: string, after: Date) {
  const result = await db.execute<{ viewing: boolean }>(sql`
    select exists (select 1 from conversation_views where member_id = ${memberId}
      and other_id = ${otherId} and since > ${after.toISOString()}::timestamptz) as viewing`);
  return result.rows[0]?.viewing === true;
}

/**
 * What the rules need of a recipient and of whom the event is about, in one read: both active,
 * no block either way, and how the recipient sees the other's photos and name.
 */
export async function eventParties(db: Executor, memberId: string, aboutId: string) {
  const result = await db.execute<{
    recipient_active: boolean;
    about_active: boolean;
    blocked: boolean;
    name: string;
    photo_keys: string[];
    photos_blurred: boolean;
    matched: boolean;
  }>(sql`
    select
      exists (select 1 from members r where r.id = ${memberId} and r.standing = 'active') as recipient_active,
      a.standing = 'active' as about_active,
      ${blockedBetween(memberId, aboutId)} as blocked,
      a.name, a.photo_keys, a.photos_blurred,
      ${matched(memberId, sql`a.id`)} as matched
    from members a where a.id = ${aboutId}`);
  const row = result.rows[0];
  if (!row) return undefined;
  return {
    allowed: row.recipient_active && row.about_active && !row.blocked,
    about: {
      id: aboutId,
      name: row.name,
      photoKeys: row.photo_keys,
      photosBlurred: row.photos_blurred,
      matched: row.matched,
    },
  };
}
