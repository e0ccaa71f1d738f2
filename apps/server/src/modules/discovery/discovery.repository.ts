import type { Gender } from '@mawadda/contract';
import { eq, sql } from 'drizzle-orm';
import { type Database, type Executor, queryPrepared } from '../../db/database.ts';
import { members, profileViews } from '../../db/schema.ts';

/**
 * What suggestions need of the viewer: gender, grid cell and saved filters. A named statement
 * (`queryPrepared`), like the page it comes before: parsed and planned once per connection.
 */
export async function findViewer(db: Database, id: string) {
  const [row] = await queryPrepared<{
    id: string;
    gender: Gender | null;
    gridLatitude: number | null;
    gridLongitude: number | null;
    preferredMinAge: number | null;
    preferredMaxAge: number | null;
    preferredMaxDistanceKm: number | null;
  }>(
    db,
    sql`select id, gender, grid_latitude as "gridLatitude", grid_longitude as "gridLongitude",
      preferred_min_age as "preferredMinAge", preferred_max_age as "preferredMaxAge",
      preferred_max_distance_km as "preferredMaxDistanceKm"
    from members where id = ${id}`,
  );
  return row;
}

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

export async function savePreferences(
  db: Executor,
  memberId: string,
  preferences: { minAge: number | null; maxAge: number | null; maxDistanceKm: number | null },
) {
  await db
    .update(members)
    .set({
      preferredMinAge: preferences.minAge,
      preferredMaxAge: preferences.maxAge,
      preferredMaxDistanceKm: preferences.maxDistanceKm,
    })
    .where(eq(members.id, memberId));
}
