import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { members, profileViews } from '../../db/schema.ts';

/** What suggestions need of the viewer: gender, grid cell and saved filters. */
export async function findViewer(db: Executor, id: string) {
  const [row] = await db
    .select({
      id: members.id,
      gender: members.gender,
      gridLatitude: members.gridLatitude,
      gridLongitude: members.gridLongitude,
      preferredMinAge: members.preferredMinAge,
      preferredMaxAge: members.preferredMaxAge,
      preferredMaxDistanceKm: members.preferredMaxDistanceKm,
    })
    .from(members)
    .where(eq(members.id, id));
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
