import type { Gender, PreferencesInput } from '@mawadda/contract';
import { eq, sql } from 'drizzle-orm';
import { type Database, type Executor, queryPrepared } from '../../db/database.ts';
import { members, profileViews } from '../../db/schema.ts';
import { type CompatibilityRow, compatibilityColumns, compatibilityOf } from './compatibility.ts';

/**
 * What suggestions need of the viewer: gender, grid cell, saved filters and their side of the
 * two-way rule, and the row's version (`xmin`, the transaction that wrote it: any update of the
 * row gives it a new one), which lets a copy of it be checked in the page's statement (ADR 053).
 * A named statement (`queryPrepared`), like the page it comes before: parsed and planned once per
 * connection.
 */
export async function findViewer(db: Database, id: string) {
  const [row] = await queryPrepared<
    {
      id: string;
      gender: Gender | null;
      gridLatitude: number | null;
      gridLongitude: number | null;
      preferredMinAge: number | null;
      preferredMaxAge: number | null;
      preferredMaxDistanceKm: number | null;
      preferredVerifiedOnly: boolean;
      rowVersion: string;
    } & CompatibilityRow
  >(
    db,
    sql`select id, gender, grid_latitude as "gridLatitude", grid_longitude as "gridLongitude",
      preferred_min_age as "preferredMinAge", preferred_max_age as "preferredMaxAge",
      preferred_max_distance_km as "preferredMaxDistanceKm",
      preferred_verified_only as "preferredVerifiedOnly", xmin::text as "rowVersion",
      ${compatibilityColumns}
    from members where id = ${id}`,
  );
  return row && { ...row, compatibility: compatibilityOf(row) };
}

export type SuggestionsViewer = NonNullable<Awaited<ReturnType<typeof findViewer>>>;

/** At most one view per viewer, member and (UTC) day: a repeat the same day changes nothing. */
export async function recordProfileView(
  db: Executor,
  viewerId: string,
  viewedId: string,
  now: Date,
) {
  await db
    .insert(profileViews)
    .values({ viewerId, viewedId, viewedOn: now.toISOString().slice(0, 10), viewedAt: now })
    .onConflictDoNothing();
}

/** Saves the filters; dealbreakers absent from the form keep the saved ones. */
export async function savePreferences(
  db: Executor,
  memberId: string,
  preferences: PreferencesInput,
) {
  await db
    .update(members)
    .set({
      preferredMinAge: preferences.minAge,
      preferredMaxAge: preferences.maxAge,
      preferredMaxDistanceKm: preferences.maxDistanceKm,
      ...(preferences.dealbreakers ? { dealbreakers: preferences.dealbreakers } : {}),
      ...(preferences.verifiedOnly === undefined
        ? {}
        : { preferredVerifiedOnly: preferences.verifiedOnly }),
    })
    .where(eq(members.id, memberId));
}
