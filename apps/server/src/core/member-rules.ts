import { PRIVACY_VERSION } from '@mawadda/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';

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

/** `memberId`'s prepaid period runs at `now` (the app's clock, not the database's). */
export function subscribed(memberId: string | SQL, now: Date) {
  return sql`exists (select 1 from members s where s.id = ${memberId}
    and s.subscription_ends_at > ${now.toISOString()}::timestamptz)`;
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
 * she waits to write first (ADR 069) or is exclusive with someone (ADR 070): one round trip.
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
      ${inExclusiveMode(toId)} as exclusive`);
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
