import { MESSAGE_REQUEST_DAYS, MODERATOR_ROLES, PRIVACY_VERSION } from '@mawadda/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';

/** The moderating roles as a SQL list, for `role in (…)`: a senior moderator sees what any does. */
export const moderatorRoles = sql.join(
  MODERATOR_ROLES.map((role) => sql`${role}`),
  sql`, `,
);

/** `mine` liked `theirs` and `theirs` liked back: a match, as a join of the likes primary key. */
const MATCHES = sql`
  select mine.liked_id as id, greatest(mine.created_at, theirs.created_at) as matched_at
  from likes mine
  join likes theirs on theirs.liker_id = mine.liked_id and theirs.liked_id = mine.liker_id`;

/**
 * The members related to `memberId`: those they matched with and those they exchanged messages
 * with, minus a conversation closed by an unmatch (until a new match) and blocks. They are the
 * ones told of the member's presence.
 */
export async function relatedMemberIds(db: Executor, memberId: string): Promise<string[]> {
  const result = await db.execute<{ id: string }>(sql`
    select related.id from (
      select matches.id from (${MATCHES} where mine.liker_id = ${memberId}) matches
      union
      select receiver_id from messages where sender_id = ${memberId}
      union
      select sender_id from messages where receiver_id = ${memberId}
    ) related (id)
    where not ${blockedBetween(memberId, sql`related.id`)}
      and (${matched(memberId, sql`related.id`)} or not ${unmatchedBetween(memberId, sql`related.id`)})
  `);
  return result.rows.map((row) => row.id);
}

/** `fromId` matched with `toId`, as a SQL condition on values or on a statement's columns. */
export function matched(fromId: string | SQL, toId: string | SQL) {
  return sql`exists (${MATCHES} where mine.liker_id = ${fromId} and mine.liked_id = ${toId})`;
}

/** One of the two blocked the other: neither is shown to, reaches or hears of the other. */
export function blockedBetween(a: string | SQL, b: string | SQL) {
  return sql`exists (select 1 from blocks bl
    where (bl.blocker_id = ${a} and bl.blocked_id = ${b})
       or (bl.blocker_id = ${b} and bl.blocked_id = ${a}))`;
}

/** `memberId` is the stand-in of a deleted account (ADR 020): nobody writes to or calls it. */
export function deletedAccount(memberId: string | SQL) {
  return sql`exists (select 1 from members d where d.id = ${memberId} and d.standing = 'deleted')`;
}

/**
 * `memberId` consented to the processing of data revealing religion as the current privacy text
 * describes it (ADR 021): without it nobody writes to, calls or lists them. A deleted account's
 * stand-in never has.
 */
export function consentGiven(memberId: string | SQL) {
  return sql`exists (select 1 from members c where c.id = ${memberId}
    and c.religious_data_consent_version = ${PRIVACY_VERSION})`;
}

/**
 * An instant of the app's clock in SQL: a time, or a placeholder a prepared statement fills at
 * each run with a time's ISO text (ADR 053).
 */
function instant(now: Date | SQL): SQL {
  return sql`${now instanceof Date ? now.toISOString() : now}::timestamptz`;
}

/** `memberId`'s prepaid period runs at `now` (the app's clock, not the database's). */
export function subscribed(memberId: string | SQL, now: Date | SQL) {
  return sql`exists (select 1 from members s where s.id = ${memberId}
    and s.subscription_ends_at > ${instant(now)})`;
}

/**
 * `toId` is among the members `fromId` may be suggested (the other gender, a complete profile):
 * the condition of `visibleTo` for two ids.
 */
export function suggestable(fromId: string | SQL, toId: string | SQL) {
  return sql`exists (select 1 from members f join members t on t.id = ${toId}
    where f.id = ${fromId} and t.id <> f.id and t.age is not null and t.gender is not null
      and f.gender is not null and t.gender <> f.gender)`;
}

/**
 * `toId` accepts first contact from verified members only and `fromId` is not one (ADR 044):
 * only an opening is refused; a conversation begun or a match stays open (ADR 044).
 */
export function verifiedOnlyRefuses(fromId: string | SQL, toId: string | SQL) {
  return sql`exists (select 1 from members t join members f on f.id = ${fromId}
    where t.id = ${toId} and t.verified_writers_only and f.verified_at is null)`;
}

/**
 * `toId` is a woman who chose to write first (ADR 069) and has not written to `fromId` yet: until
 * she does, he neither writes, sends a gift nor calls, matched or not. Only her flag is read for
 * most members (the row's primary key); the conversation is probed only when it is set.
 */
export function womanWritesFirst(fromId: string | SQL, toId: string | SQL) {
  return sql`exists (select 1 from members ww where ww.id = ${toId} and ww.women_write_first
    and not ${wroteTo(toId, fromId)})`;
}

/**
 * `memberId` is in exclusive mode with someone (ADR 070): they are suggested to nobody and
 * receive no new first message (or compliment) from members they are not matched with.
 */
export function inExclusiveMode(memberId: string | SQL) {
  return sql`exists (select 1 from members ex where ex.id = ${memberId} and ex.exclusive_with is not null)`;
}

/**
 * `senderId` wrote to `receiverId` (a message or a gift, not a call entry nor a notice line): a
 * conversation begun.
 * An unmatch closes it whatever was written (`unmatchedBetween`), so this needs no date.
 */
export function wroteTo(senderId: string | SQL, receiverId: string | SQL) {
  return sql`exists (select 1 from messages w
    where least(w.sender_id, w.receiver_id) = least(${senderId}::uuid, ${receiverId}::uuid)
      and greatest(w.sender_id, w.receiver_id) = greatest(${senderId}::uuid, ${receiverId}::uuid)
      and w.sender_id = ${senderId}::uuid and w.call_id is null and w.notice is null)`;
}

/**
 * One of the two ended a match with the other (ADR 017), two probes of the `unmatches` keys:
 * until they match again, neither writes to, calls or sends a gift to the other.
 */
export function unmatchedBetween(a: string | SQL, b: string | SQL) {
  return sql`exists (select 1 from unmatches u
    where (u.member_id = ${a}::uuid and u.other_id = ${b}::uuid)
       or (u.member_id = ${b}::uuid and u.other_id = ${a}::uuid))`;
}

/**
 * Whether `toId` is a member (not a deleted account's stand-in), whether `fromId` matched with
 * them or either ended a match, whether `fromId` subscribes and may be suggested `toId`, whether
 * she waits to write first (ADR 069) or is exclusive with someone (ADR 070), and what of a message
 * request stands between them (ADR 068): one round trip.
 */
export async function relationshipBetween(db: Executor, fromId: string, toId: string, now: Date) {
  const result = await db.execute<{
    exists: boolean;
    matched: boolean;
    answering: boolean;
    unmatched: boolean;
    subscribed: boolean;
    suggestable: boolean;
    blocked: boolean;
    verified_only: boolean;
    waits_for_her: boolean;
    exclusive: boolean;
    accepted: boolean;
    request: 'pending' | 'declined' | 'expired' | null;
  }>(sql`
    select
      exists (select 1 from members where id = ${toId} and standing <> 'deleted')
        and ${consentGiven(toId)} as exists,
      ${matched(fromId, toId)} as matched,
      ${wroteTo(toId, fromId)} as answering,
      ${unmatchedBetween(fromId, toId)} as unmatched,
      ${subscribed(fromId, now)} as subscribed,
      ${suggestable(fromId, toId)} as suggestable,
      ${blockedBetween(fromId, toId)} as blocked,
      ${verifiedOnlyRefuses(fromId, toId)} as verified_only,
      ${womanWritesFirst(fromId, toId)} as waits_for_her,
      ${inExclusiveMode(toId)} as exclusive,
      ${requestIs(fromId, toId, 'accepted')} as accepted,
      ${requestStanding(fromId, toId, now)} as request`);
  const row = result.rows[0];
  return {
    exists: row?.exists === true,
    matched: row?.matched === true,
    answering: row?.answering === true,
    unmatched: row?.unmatched === true,
    subscribed: row?.subscribed === true,
    suggestable: row?.suggestable === true,
    blocked: row?.blocked === true,
    verifiedOnly: row?.verified_only === true,
    waitsForHer: row?.waits_for_her === true,
    exclusive: row?.exclusive === true,
    /** `toId` accepted `fromId`'s message request (ADR 068). */
    accepted: row?.accepted === true,
    request: row?.request ?? null,
  };
}

/** The matches of a member, with when each match was made (the later of the two likes). */
export function matchesOf(memberId: string | SQL) {
  return sql`(${MATCHES} where mine.liker_id = ${memberId})`;
}

/**
 * Where `viewerId` and `otherId` are with exclusive mode (ADR 070), as the viewer sees it: one of
 * `EXCLUSIVE_STATES`, from the two member rows and the proposals' primary key.
 */
export function exclusiveStateOf(viewerId: string | SQL, otherId: string | SQL) {
  return sql`(select case
      when v.exclusive_with = o.id then 'active'
      when v.exclusive_with is not null or o.exclusive_with is not null then 'elsewhere'
      when exists (select 1 from exclusive_proposals p
        where p.proposer_id = v.id and p.receiver_id = o.id) then 'proposed-by-me'
      when exists (select 1 from exclusive_proposals p
        where p.proposer_id = o.id and p.receiver_id = v.id) then 'proposed-to-me'
      else 'none' end
    from members v join members o on o.id = ${otherId}::uuid where v.id = ${viewerId}::uuid)`;
}

/** How long a message request waits for its answer (ADR 068), in the statements' interval. */
export const REQUEST_DAYS_INTERVAL = sql.raw(`interval '${MESSAGE_REQUEST_DAYS} days'`);

/**
 * `senderId` sent `receiverId` a message request (ADR 068) that is in `state`: a probe of the
 * `message_requests` primary key. `accepted` is the one that opened the conversation.
 */
export function requestIs(
  senderId: string | SQL,
  receiverId: string | SQL,
  state: 'any' | 'accepted',
) {
  return sql`exists (select 1 from message_requests r
    where r.sender_id = ${senderId}::uuid and r.receiver_id = ${receiverId}::uuid
      ${state === 'any' ? sql`` : sql`and r.state = ${state}`})`;
}

/**
 * A request between the two, either way, that closes them until they match (ADR 068): declined,
 * or pending past its days at `now` (answering it accepts it, in the same statement).
 */
export function requestClosed(a: string | SQL, b: string | SQL, now: Date | SQL) {
  return sql`exists (select 1 from message_requests r
    where ((r.sender_id = ${a}::uuid and r.receiver_id = ${b}::uuid)
        or (r.sender_id = ${b}::uuid and r.receiver_id = ${a}::uuid))
      and (r.state = 'declined'
        or (r.state = 'pending' and r.sent_at <= ${instant(now)} - ${REQUEST_DAYS_INTERVAL})))`;
}

/**
 * What stands between `fromId` and `toId` of a message request (ADR 068), as a SQL text: the one
 * that closed them, `declined` or `expired` (either way), `pending` (his own, waiting), or null.
 */
function requestStanding(fromId: string | SQL, toId: string | SQL, now: Date) {
  return sql`(select case when r.state = 'declined' then 'declined'
        when r.sent_at <= ${now.toISOString()}::timestamptz - ${REQUEST_DAYS_INTERVAL} then 'expired'
        when r.sender_id = ${fromId}::uuid then 'pending' end
    from message_requests r
    where ((r.sender_id = ${fromId}::uuid and r.receiver_id = ${toId}::uuid)
        or (r.sender_id = ${toId}::uuid and r.receiver_id = ${fromId}::uuid))
      and r.state <> 'accepted'
    order by r.state = 'pending', r.sent_at limit 1)`;
}

/**
 * `senderId`'s message request to `receiverId` has not opened their conversation (ADR 068):
 * waiting, declined or expired, and they have not matched since (a match opens it, and an unmatch
 * then closes it as any ended match, ADR 017). Its messages are in her Requests list, not among
 * her conversations, and counted apart.
 */
export function requestUnopened(senderId: string | SQL, receiverId: string | SQL) {
  return sql`(exists (select 1 from message_requests ru
    where ru.sender_id = ${senderId}::uuid and ru.receiver_id = ${receiverId}::uuid
      and ru.state <> 'accepted') and not ${matchedSince(senderId, receiverId)})`;
}

/** The `message_requests` row `r` waits for its receiver's answer at `now` (ADR 068). */
export function requestWaitingSql(now: Date) {
  return sql`(r.state = 'pending' and r.sent_at > ${now.toISOString()}::timestamptz - ${REQUEST_DAYS_INTERVAL}
    and not ${matchedSince(sql`r.sender_id`, sql`r.receiver_id`)})`;
}

/** When the `message_requests` row `r` expires unanswered (ADR 068). */
export const requestExpiresSql = sql`(r.sent_at + ${REQUEST_DAYS_INTERVAL})`;

/**
 * `receiverId` declined `senderId`'s message request (ADR 068): one probe of the
 * `message_requests` primary key, as the suggestions walk reads it per member.
 */
export function requestDeclined(senderId: string | SQL, receiverId: string | SQL) {
  return sql`exists (select 1 from message_requests rd
    where rd.sender_id = ${senderId}::uuid and rd.receiver_id = ${receiverId}::uuid
      and rd.state = 'declined')`;
}

/**
 * The two matched, or did and one ended it (an unmatch follows a match only): a match settles
 * any request between them (ADR 068), and the rule of matches applies from then on.
 */
export function matchedSince(a: string | SQL, b: string | SQL) {
  return sql`(${matched(a, b)} or ${unmatchedBetween(a, b)})`;
}
