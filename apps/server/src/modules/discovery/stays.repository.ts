import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { memberStays, members } from '../../db/schema.ts';

const stayColumns = {
  id: memberStays.id,
  town: memberStays.town,
  countryCode: memberStays.countryCode,
  arrivesOn: memberStays.arrivesOn,
  departsOn: memberStays.departsOn,
  gridLatitude: memberStays.gridLatitude,
  gridLongitude: memberStays.gridLongitude,
  shownFrom: memberStays.shownFrom,
};
export type StoredStay = {
  id: string;
  town: string;
  countryCode: string;
  arrivesOn: string;
  departsOn: string;
  gridLatitude: number;
  gridLongitude: number;
  shownFrom: string;
};

/** The member's stays not over on `today` (`YYYY-MM-DD`), the soonest first. */
export async function listStays(db: Executor, memberId: string, today: string) {
  return db
    .select(stayColumns)
    .from(memberStays)
    .where(and(eq(memberStays.memberId, memberId), gte(memberStays.departsOn, today)))
    .orderBy(asc(memberStays.arrivesOn), asc(memberStays.id));
}

/**
 * Keeps `members.stays_until` (the last departure of her stays, ADR 077) with her stays, and
 * drops those over: called in the transaction of every change to them.
 */
async function refreshStaysUntil(tx: Executor, memberId: string, today: string) {
  await tx.execute(
    sql`delete from member_stays where member_id = ${memberId} and departs_on < ${today}::date`,
  );
  await tx.execute(sql`update members set stays_until =
      (select max(departs_on) from member_stays where member_id = ${memberId})
    where id = ${memberId}`);
}

/**
 * Adds a stay unless the member already has `max` not over; the member's row locked, so two at
 * once cannot both pass the count. Undefined when there are too many.
 */
export async function addStay(
  tx: Executor,
  memberId: string,
  stay: {
    town: string;
    countryCode: string;
    latitude: number;
    longitude: number;
    arrivesOn: string;
    departsOn: string;
  },
  today: string,
  max: number,
): Promise<StoredStay | undefined> {
  await tx.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for('update');
  const current = await listStays(tx, memberId, today);
  if (current.length >= max) return undefined;
  const [row] = await tx
    .insert(memberStays)
    .values({
      memberId,
      ...stay,
      stayRank: sql`(select activity_rank from members where id = ${memberId})`,
    })
    .returning(stayColumns);
  await refreshStaysUntil(tx, memberId, today);
  return row;
}

/** Deletes one of the member's stays not over; false when she has no such stay. */
export async function deleteStay(tx: Executor, memberId: string, stayId: string, today: string) {
  const deleted = await tx
    .delete(memberStays)
    .where(
      and(
        eq(memberStays.id, stayId),
        eq(memberStays.memberId, memberId),
        gte(memberStays.departsOn, today),
      ),
    )
    .returning({ id: memberStays.id });
  if (deleted.length === 0) return false;
  await refreshStaysUntil(tx, memberId, today);
  return true;
}

/**
 * Drops up to `batch` stays over before `today` with the `stays_until` of their members: a stay
 * over says where a member went, and she can no longer delete it herself (ADR 077). The number
 * dropped.
 */
export async function dropEndedStays(db: Executor, today: string, batch: number) {
  // The update sees the table as it was before the delete: hence the date on the stays it reads.
  const dropped = await db.execute<{ n: number }>(sql`
    with ended as (
      delete from member_stays where id in (
        select id from member_stays where departs_on < ${today}::date limit ${batch})
      returning member_id),
    refreshed as (
      update members m set stays_until = (select max(departs_on) from member_stays s
          where s.member_id = m.id and s.departs_on >= ${today}::date)
      where m.id in (select member_id from ended))
    select count(*)::int as n from ended`);
  return Number(dropped.rows[0]?.n ?? 0);
}
