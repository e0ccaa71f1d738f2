import { sql } from 'drizzle-orm';
import { blockedBetween, wroteTo } from '../../core/member-rules.ts';
import type { Executor } from '../../db/database.ts';

const HOUR_MS = 3600_000;
/** Women write first (ADR 069): her reminder after 72 hours, the lapse after 7 days. */
export const FIRST_WORD_REMINDER_MS = 72 * HOUR_MS;
export const FIRST_WORD_LAPSE_MS = 7 * 24 * HOUR_MS;
/** No ghosting (ADR 070): a matched conversation silent this long is reminded, once. */
export const SILENCE_REMINDER_MS = 5 * 24 * HOUR_MS;

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * The women-first matches (her row's flag, then her likes matched back) she has not written in,
 * with when they matched: the few members with the flag are where the walk starts.
 */
const womenFirstMatches = sql`
  select fw.id as her_id, mine.liked_id as his_id,
    greatest(mine.created_at, theirs.created_at) as matched_at
  from members fw
  join likes mine on mine.liker_id = fw.id
  join likes theirs on theirs.liker_id = mine.liked_id and theirs.liked_id = fw.id
  where fw.women_write_first and not ${wroteTo(sql`fw.id`, sql`mine.liked_id`)}
    and not ${blockedBetween(sql`fw.id`, sql`mine.liked_id`)}`;

/**
 * Records the reminders of `kind` for `due` (a relation of `low_id`, `high_id`, `about_at`), and
 * answers those this statement recorded: a pair already reminded about the same moment, by this
 * node or another at the same instant (the primary key makes one wait for the other), is not
 * answered again.
 */
function recordNudges(kind: 'first-word' | 'silence', due: ReturnType<typeof sql>, now: Date) {
  return sql`
    insert into match_nudges (low_id, high_id, kind, about_at, sent_at)
    select low_id, high_id, ${kind}, about_at, ${at(now)} from (${due}) due
    on conflict (low_id, high_id, kind) do update
      set about_at = excluded.about_at, sent_at = excluded.sent_at
      where match_nudges.about_at < excluded.about_at
    returning low_id, high_id`;
}

const notNudged = (
  kind: string,
  low: ReturnType<typeof sql>,
  high: ReturnType<typeof sql>,
  about: ReturnType<typeof sql>,
) =>
  sql`not exists (select 1 from match_nudges n where n.low_id = ${low} and n.high_id = ${high}
    and n.kind = ${kind} and n.about_at >= ${about})`;

/** Her reminder is due: 72 hours into the match and not yet 7 days; answers her and him. */
export async function claimFirstWordReminders(tx: Executor, now: Date, batch: number) {
  const due = sql`
    select least(her_id, his_id) as low_id, greatest(her_id, his_id) as high_id,
      matched_at as about_at
    from (${womenFirstMatches}) m
    where matched_at <= ${at(new Date(now.getTime() - FIRST_WORD_REMINDER_MS))}
      and matched_at > ${at(new Date(now.getTime() - FIRST_WORD_LAPSE_MS))}
      and ${notNudged('first-word', sql`least(her_id, his_id)`, sql`greatest(her_id, his_id)`, sql`matched_at`)}
    limit ${batch}`;
  const result = await tx.execute<{ her_id: string; his_id: string }>(sql`
    with recorded as (${recordNudges('first-word', due, now)})
    select m.id as her_id, case when r.low_id = m.id then r.high_id else r.low_id end as his_id
    from recorded r join members m on m.id in (r.low_id, r.high_id) and m.women_write_first`);
  return result.rows.map((r) => ({ herId: r.her_id, hisId: r.his_id }));
}

/** The women-first matches 7 days old she has not written in: those to lapse. */
export async function lapsingMatches(db: Executor, now: Date, batch: number) {
  const result = await db.execute<{ her_id: string; his_id: string }>(sql`
    select her_id, his_id from (${womenFirstMatches}) m
    where matched_at <= ${at(new Date(now.getTime() - FIRST_WORD_LAPSE_MS))}
    limit ${batch}`);
  return result.rows.map((r) => ({ herId: r.her_id, hisId: r.his_id }));
}

/**
 * The match lapses (ADR 069): both likes go and each side is recorded as ended, so neither is
 * named as the one who ended it, and only a new like from both reopens it (ADR 026). Answers
 * whether this statement lapsed it: the likes' rows make a second node at the same instant find
 * nothing to remove.
 */
export async function lapseMatch(tx: Executor, herId: string, hisId: string, now: Date) {
  const removed = await tx.execute(sql`
    delete from likes
    where (liker_id = ${herId} and liked_id = ${hisId}) or (liker_id = ${hisId} and liked_id = ${herId})
    returning liker_id`);
  if (removed.rows.length < 2) return false;
  await tx.execute(sql`
    insert into unmatches (member_id, other_id, unmatched_at)
    values (${herId}, ${hisId}, ${at(now)}), (${hisId}, ${herId}, ${at(now)})
    on conflict (member_id, other_id) do update set unmatched_at = excluded.unmatched_at`);
  return true;
}

/**
 * Matched conversations silent for 5 days (the last message, or the match when none was
 * written), each reminded once per silence: the silence's start is the reminder's `about_at`. A
 * women-first match she has not written in is left to her own reminder and lapse.
 */
export async function claimSilenceReminders(tx: Executor, now: Date, batch: number) {
  const due = sql`
    select pair.low_id, pair.high_id, quiet.since as about_at
    from (
      select mine.liker_id as low_id, mine.liked_id as high_id,
        greatest(mine.created_at, theirs.created_at) as matched_at
      from likes mine
      join likes theirs on theirs.liker_id = mine.liked_id and theirs.liked_id = mine.liker_id
      where mine.liker_id < mine.liked_id
        and not ${blockedBetween(sql`mine.liker_id`, sql`mine.liked_id`)}
    ) pair
    cross join lateral (
      select greatest(pair.matched_at, (
        select ms.sent_at from messages ms
        where least(ms.sender_id, ms.receiver_id) = pair.low_id
          and greatest(ms.sender_id, ms.receiver_id) = pair.high_id
        order by ms.seq desc limit 1)) as since
    ) quiet
    where quiet.since <= ${at(new Date(now.getTime() - SILENCE_REMINDER_MS))}
      and not exists (select 1 from members fw
        where fw.id in (pair.low_id, pair.high_id) and fw.women_write_first
          and not ${wroteTo(sql`fw.id`, sql`case when fw.id = pair.low_id then pair.high_id else pair.low_id end`)})
      and ${notNudged('silence', sql`pair.low_id`, sql`pair.high_id`, sql`quiet.since`)}
    limit ${batch}`;
  const result = await tx.execute<{ low_id: string; high_id: string }>(
    recordNudges('silence', due, now),
  );
  return result.rows.map((r) => ({ lowId: r.low_id, highId: r.high_id }));
}
