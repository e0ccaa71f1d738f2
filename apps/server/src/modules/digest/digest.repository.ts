import { and, eq, sql } from 'drizzle-orm';
import {
  blockedBetween,
  matchesOf,
  requestUnopened,
  requestWaitingSql,
} from '../../core/member-rules.ts';
import type { Executor } from '../../db/database.ts';
import { emailDigests, type MAIL_LANGUAGES, members } from '../../db/schema.ts';
import { pushReachable } from '../push/index.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * How far back news is looked for. An item is due at most a day after it arrives (the delay, or
 * the end of the day after the last digest), so two days beyond the delay only forget what a
 * server stopped for more than a day did not mail: the digest nudges, the app shows everything.
 * It keeps each run to the recent rows of two indexes.
 */
const LOOKBACK_MS = 2 * DAY_MS;

/** A member due a digest, claimed for this run: what they missed, counted, with first names. */
export type DueDigest = {
  memberId: string;
  email: string;
  name: string;
  language: (typeof MAIL_LANGUAGES)[number];
  /** The digest sent before this one, put back if this one cannot be sent. */
  previous: Date | null;
  messages: number;
  /** Who wrote, the latest first. */
  senders: string[];
  /** Message requests waiting for the member's answer (ADR 068), counted apart. */
  requests: number;
  matches: number;
  /** Who they matched with, the latest first. */
  matchNames: string[];
  /** Who liked them and was not liked back (a like returned is a match), the latest first. */
  likerNames: string[];
};

/**
 * Picks the members due a digest and claims them, in one statement: a member with the digest on
 * (the default), no device that may be pushed to, in good standing, sent no digest in the last
 * 24 hours, with unread messages, message requests (ADR 068, apart), new matches or new likes
 * that arrived after `delayMs` ago,
 * after their last activity and after what their last digest covered, none from a blocked or
 * banned member.
 * The claim writes the member's `email_digests` row: of two nodes (or runs) claiming one member,
 * the second finds it written and gets nothing, so no member gets two digests a day.
 */
export async function claimDueDigests(
  db: Executor,
  options: { now: Date; delayMs: number; batch: number },
): Promise<DueDigest[]> {
  const { now, delayMs } = options;
  const at = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const cutoff = sql`${at(delayMs)}::timestamptz`;
  const oldest = sql`${at(delayMs + LOOKBACK_MS)}::timestamptz`;
  const dayAgo = sql`${at(DAY_MS)}::timestamptz`;
  const delay = sql`${delayMs} * interval '1 millisecond'`;
  const unread = sql`msg.read_at is null and msg.call_id is null and msg.notice is null
    and msg.sent_at > ${oldest} and msg.sent_at <= ${cutoff}`;
  const result = await db.execute<{
    member_id: string;
    email: string;
    name: string;
    language: DueDigest['language'];
    previous: string | Date | null;
    messages: number;
    senders: string[];
    requests: number;
    matches: number;
    match_names: string[];
    liker_names: string[];
  }>(sql`
    with due as (
      select m.id as member_id, m.email, m.name, coalesce(ns.language, 'fr') as language,
        d.sent_at as previous,
        -- A digest covered what was older than the delay when it went.
        greatest(m.last_active_at, d.sent_at - ${delay}) as since
      from members m
      left join notification_settings ns on ns.member_id = m.id
      left join ${emailDigests} d on d.member_id = m.id
      where m.id in (
          select msg.receiver_id from messages msg where ${unread}
          union
          select l.liker_id from likes l where l.created_at > ${oldest} and l.created_at <= ${cutoff}
          union
          select l.liked_id from likes l where l.created_at > ${oldest} and l.created_at <= ${cutoff})
        and m.standing = 'active'
        and coalesce(ns.email_digest, true)
        and (d.sent_at is null or d.sent_at <= ${dayAgo})
        and not ${pushReachable(sql`m.id`, now)}
    ),
    news as (
      select due.*, unread.messages, unread.senders, unread.requests, fresh.matches,
        fresh.match_names,
        liked.liker_names
      from due
      cross join lateral (
        select coalesce(sum(per.n) filter (where not per.request), 0)::int as messages,
          coalesce(array_agg(per.name order by per.last desc) filter (where not per.request),
            '{}') as senders,
          -- A request is told apart, and only while it waits for her (ADR 068).
          (count(*) filter (where per.request and per.waiting))::int as requests
        from (
          select s.name, count(*) as n, max(msg.sent_at) as last,
            ${requestUnopened(sql`s.id`, sql`due.member_id`)} as request,
            exists (select 1 from message_requests r
              where r.sender_id = s.id and r.receiver_id = due.member_id
                and ${requestWaitingSql(now)}) as waiting
          from messages msg join members s on s.id = msg.sender_id
          where msg.receiver_id = due.member_id and ${unread} and msg.sent_at > due.since
            and s.standing = 'active' and not ${blockedBetween(sql`due.member_id`, sql`s.id`)}
          group by s.id, s.name
        ) per
      ) unread
      cross join lateral (
        select count(*)::int as matches,
          coalesce(array_agg(o.name order by mt.matched_at desc), '{}') as match_names
        from ${matchesOf(sql`due.member_id`)} mt
        join members o on o.id = mt.id
        where mt.matched_at > ${oldest} and mt.matched_at <= ${cutoff}
          and mt.matched_at > due.since
          and o.standing = 'active' and not ${blockedBetween(sql`due.member_id`, sql`o.id`)}
      ) fresh
      cross join lateral (
        select coalesce(array_agg(o.name order by l.created_at desc), '{}') as liker_names
        from likes l
        join members o on o.id = l.liker_id
        where l.liked_id = due.member_id and l.opened_at is null
          and l.created_at > ${oldest} and l.created_at <= ${cutoff} and l.created_at > due.since
          and not exists (select 1 from likes back
            where back.liker_id = due.member_id and back.liked_id = l.liker_id)
          and o.standing = 'active' and not ${blockedBetween(sql`due.member_id`, sql`o.id`)}
      ) liked
      where unread.messages > 0 or unread.requests > 0 or fresh.matches > 0
        or cardinality(liked.liker_names) > 0
      limit ${options.batch}
    ),
    claimed as (
      insert into ${emailDigests} (member_id, sent_at)
      select member_id, ${now.toISOString()}::timestamptz from news
      on conflict (member_id) do update set sent_at = excluded.sent_at
        where ${emailDigests.sentAt} <= ${dayAgo}
      returning member_id
    )
    select news.* from news join claimed using (member_id)
  `);
  return result.rows.map((row) => ({
    memberId: row.member_id,
    email: row.email,
    name: row.name,
    language: row.language,
    previous: row.previous === null ? null : new Date(row.previous),
    messages: row.messages,
    senders: row.senders,
    requests: row.requests,
    matches: row.matches,
    matchNames: row.match_names,
    likerNames: row.liker_names,
  }));
}

/**
 * A digest claimed at `claimedAt` could not be sent: the claim is undone (the previous digest's
 * date back, or no row), so a later run tries again. A newer claim is left alone.
 */
export async function releaseDigest(
  db: Executor,
  digest: { memberId: string; previous: Date | null },
  claimedAt: Date,
): Promise<void> {
  const ours = and(eq(emailDigests.memberId, digest.memberId), eq(emailDigests.sentAt, claimedAt));
  if (digest.previous) {
    await db.update(emailDigests).set({ sentAt: digest.previous }).where(ours);
  } else {
    await db.delete(emailDigests).where(ours);
  }
}

/** Whether the member still has an account (an unsubscribe link outlives a deletion). */
export async function memberExists(db: Executor, memberId: string): Promise<boolean> {
  const [row] = await db.select({ id: members.id }).from(members).where(eq(members.id, memberId));
  return row !== undefined;
}
