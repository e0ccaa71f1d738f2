import { type SQL, sql } from 'drizzle-orm';
import { blockedBetween, matched } from '../../core/member-rules.ts';
import { type Database, type Executor, queryPrepared } from '../../db/database.ts';
import { forgetRecorded, takenSql } from '../../lib/recorded-events.ts';
import type { OutgoingPush } from './push-sender.ts';

/** One event's pushes, about to wait in the queue: one per device, in its language. */
export type QueuedEvent = {
  memberId: string;
  aboutId: string | null;
  tag: string;
  urgency: OutgoingPush['urgency'];
  ttlSeconds: number;
  /** When the event happened (ISO 8601, as in the payload): an older one never replaces a newer. */
  at: string;
  /**
   * The event's row in the outbox (ADR 064): removed in the statement that queues the pushes,
   * which queues none of them if it was gone (another node queued it).
   */
  takenId?: number;
  devices: Array<{ subscriptionId: string; payload: string }>;
};

/**
 * Queues the pushes of several events in one statement, each for one member's devices, at most
 * one event per member (the caller sends a member's next event in its next statement, so a later
 * one replaces an earlier one waiting, never the reverse). A push with the tag of one still
 * waiting for that device replaces it (a second message of a conversation, a call's end after
 * its ring): the version moves, so a sender holding the old one sends this one next. New tags
 * are taken while the member has fewer than `cap` waiting: a flood of one member stays bounded.
 * Answers how many pushes were queued.
 */
export async function enqueue(
  db: Executor,
  events: readonly QueuedEvent[],
  now: Date,
  cap: number,
): Promise<number> {
  const withDevices = events.filter((event) => event.devices.length > 0);
  const emptyTaken = events.flatMap((event) =>
    event.devices.length === 0 && event.takenId !== undefined ? [event.takenId] : [],
  );
  if (emptyTaken.length > 0) await forgetRecorded(db, emptyTaken);
  if (withDevices.length === 0) return 0;
  const expiresAt = (event: QueuedEvent) =>
    new Date(now.getTime() + event.ttlSeconds * 1000).toISOString();
  const devices = withDevices.flatMap((event, index) =>
    event.devices.map((device) => ({ ...device, index: index + 1 })),
  );
  const column = <T>(values: T[]) => sql.param(values);
  const result = await db.execute<{ queued: number }>(sql`
    with e as (
      select * from unnest(${column(withDevices.map((e) => e.takenId ?? null))}::bigint[],
        ${column(withDevices.map((e) => e.memberId))}::uuid[],
        ${column(withDevices.map((e) => e.aboutId))}::uuid[],
        ${column(withDevices.map((e) => e.tag))}::text[],
        ${column(withDevices.map((e) => e.urgency))}::text[],
        ${column(withDevices.map((e) => e.ttlSeconds))}::int[],
        ${column(withDevices.map(expiresAt))}::timestamptz[],
        ${column(withDevices.map((e) => e.at))}::text[]) with ordinality
        as e(taken_id, member_id, about_id, tag, urgency, ttl_seconds, expires_at, at, index)
    ), taken as (
      ${takenSql(sql`select taken_id from e`)}
    ), p as (
      select e.*, d.subscription_id, d.payload, d.ord
      from unnest(${column(devices.map((d) => d.index))}::bigint[],
        ${column(devices.map((d) => d.subscriptionId))}::uuid[],
        ${column(devices.map((d) => d.payload))}::text[]) with ordinality
        as d(index, subscription_id, payload, ord)
      join e on e.index = d.index
      where e.taken_id is null or e.taken_id in (select id from taken)
    ), replaced as (
      update push_queue q set payload = p.payload, urgency = p.urgency,
        ttl_seconds = p.ttl_seconds, expires_at = p.expires_at, about_id = p.about_id,
        due_at = ${now.toISOString()}::timestamptz, attempts = 0, version = q.version + 1
      from p
      where q.subscription_id = p.subscription_id and q.tag = p.tag
        and (q.payload::json ->> 'at') <= p.at
      returning q.subscription_id
    ), fresh as (
      select p.*, row_number() over (partition by p.member_id order by p.ord) as n
      from p
      where not exists (select 1 from push_queue x
        where x.subscription_id = p.subscription_id and x.tag = p.tag)
    ), inserted as (
      insert into push_queue (subscription_id, member_id, about_id, tag, payload, urgency,
        ttl_seconds, expires_at, due_at)
      select f.subscription_id, f.member_id, f.about_id, f.tag, f.payload, f.urgency,
        f.ttl_seconds, f.expires_at, ${now.toISOString()}::timestamptz
      from fresh f
      where f.n <= ${cap}::int - (select count(*) from push_queue c where c.member_id = f.member_id)
      order by f.ord
      on conflict (subscription_id, tag) do nothing
      returning 1
    )
    select ((select count(*) from replaced) + (select count(*) from inserted))::int as queued`);
  return Number(result.rows[0]?.queued ?? 0);
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

/**
 * Sent: gone from the queue, unless replaced meanwhile (then the new version is due now). One
 * statement for a claim's sent pushes.
 */
export async function markSent(
  db: Executor,
  sent: readonly { id: number; version: number }[],
): Promise<void> {
  if (sent.length === 0) return;
  await db.execute(sql`
    with s as (
      select * from unnest(${sql.param(sent.map((push) => push.id))}::bigint[],
        ${sql.param(sent.map((push) => push.version))}::int[]) as s(id, version)
    ), removed as (
      delete from push_queue q using s where q.id = s.id and q.version = s.version
      returning q.id
    )
    update push_queue q set claimed_until = null from s
    where q.id = s.id and q.id not in (select id from removed)`);
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

/** A member's notification settings as `eventRules` reads them (null: none saved). */
export type SettingsRow = {
  messages: boolean;
  matches: boolean;
  likes: boolean;
  calls: boolean;
  gifts: boolean;
  showMessageText: boolean;
  quietStart: number | null;
  quietEnd: number | null;
  timeZone: string;
  emailDigest: boolean;
};

/** What `eventRules` reads of one event. */
type RulesRow = {
  subscriptions: { id: string; language: 'fr' | 'en' }[];
  settings: SettingsRow | null;
  recipient_active: boolean;
  about_active: boolean;
  blocked: boolean;
  name: string;
  photo_keys: string[];
  photos_blurred: boolean;
  matched: boolean;
  viewing: boolean;
  badge: number;
};

/** An event's two members: the one told, and whom it is about. */
export type EventMembers = { memberId: string; aboutId: string };

/**
 * All the rules read of several events in one named statement, an answer per event in their
 * order: the recipient's devices that may be pushed to (newest first), their settings, both
 * members' standing, a block either way, how the recipient sees the other, whether one of the
 * recipient's sockets showed the conversation since `viewingSince`, and the app badge
 * (`badgeSql`, the other modules' counts). Undefined where whom the event is about is no member.
 */
export async function eventRules(
  db: Database,
  events: readonly EventMembers[],
  now: Date,
  viewingSince: Date,
  badgeSql: (memberId: SQL) => SQL,
) {
  if (events.length === 0) return [];
  const at = sql`${now.toISOString()}::timestamptz`;
  const rows = await queryPrepared<RulesRow & { index: string }>(
    db,
    sql`
    select e.index,
      (select coalesce(json_agg(json_build_object('id', p.id, 'language', p.language)
          order by p.subscribed_at desc), '[]'::json)
        from push_subscriptions p join sessions s on s.id = p.session_id
        where p.member_id = e.member_id and s.revoked_at is null and s.expires_at > ${at}
          and (p.expires_at is null or p.expires_at > ${at})) as subscriptions,
      (select json_build_object('messages', n.messages, 'matches', n.matches, 'likes', n.likes,
          'calls', n.calls, 'gifts', n.gifts, 'showMessageText', n.show_message_text,
          'quietStart', n.quiet_start, 'quietEnd', n.quiet_end, 'timeZone', n.time_zone,
          'emailDigest', n.email_digest)
        from notification_settings n where n.member_id = e.member_id) as settings,
      exists (select 1 from members r where r.id = e.member_id and r.standing = 'active') as recipient_active,
      a.standing = 'active' as about_active,
      ${blockedBetween(sql`e.member_id`, sql`e.about_id`)} as blocked,
      a.name, a.photo_keys, a.photos_blurred,
      ${matched(sql`e.member_id`, sql`a.id`)} as matched,
      exists (select 1 from conversation_views v where v.member_id = e.member_id
        and v.other_id = e.about_id and v.since > ${viewingSince.toISOString()}::timestamptz) as viewing,
      ${badgeSql(sql`e.member_id`)} as badge
    from unnest(${sql.param(events.map((e) => e.memberId))}::uuid[],
      ${sql.param(events.map((e) => e.aboutId))}::uuid[]) with ordinality
      as e(member_id, about_id, index)
    join members a on a.id = e.about_id`,
  );
  const answers = new Array<ReturnType<typeof rulesFrom> | undefined>(events.length);
  for (const row of rows) {
    const index = Number(row.index) - 1;
    answers[index] = rulesFrom(row, (events[index] as EventMembers).aboutId);
  }
  return answers;
}

function rulesFrom(row: RulesRow, aboutId: string) {
  return {
    subscriptions: row.subscriptions,
    settings: row.settings,
    allowed: row.recipient_active && row.about_active && !row.blocked,
    viewing: row.viewing,
    /** Unread conversations plus new likes: the app badge. */
    badge: Number(row.badge),
    about: {
      id: aboutId,
      name: row.name,
      photoKeys: row.photo_keys,
      photosBlurred: row.photos_blurred,
      matched: row.matched,
    },
  };
}

export type EventRules = ReturnType<typeof rulesFrom>;
