import { GENDERS, type Gender } from '@mawadda/contract';
import { type SQL, sql } from 'drizzle-orm';
import {
  audienceOf,
  likeState,
  type ViewedMember,
  type Viewer,
  visibleTo,
} from '../../core/member-view.ts';
import { type Database, type Executor, queryPrepared } from '../../db/database.ts';
import { GRID_DEGREES, type MemberRow } from '../../db/schema.ts';

export type SuggestionQuery = {
  viewer: Viewer & Pick<MemberRow, 'gridLatitude' | 'gridLongitude'>;
  minAge: number | null;
  maxAge: number | null;
  maxDistanceKm: number | null;
  offset: number;
  limit: number;
};

const EARTH_RADIUS_KM = 6371;

/** The viewer's cell on the unit sphere, at activity 0; the centre of the earth when unknown. */
function viewerPoint(viewer: SuggestionQuery['viewer']): [number, number, number] {
  if (viewer.gridLatitude === null || viewer.gridLongitude === null) return [0, 0, 0];
  const lat = (viewer.gridLatitude * Math.PI) / 180;
  const lon = (viewer.gridLongitude * Math.PI) / 180;
  return [Math.cos(lat) * Math.cos(lon), Math.cos(lat) * Math.sin(lon), Math.sin(lat)];
}

/** Straight-line distance through the unit sphere for a great-circle distance, plus a cell. */
function chordFor(km: number): number {
  const padded = km + GRID_DEGREES * 111;
  return 2 * Math.sin(Math.min(Math.PI, padded / EARTH_RADIUS_KM) / 2);
}

/**
 * Nearest first, then most recently active, through the audience's partial GiST index. The
 * gender is inlined (from the closed value set) so the planner can match the partial index.
 * With a viewer of unknown position every member is at the same distance, so the order is by
 * activity alone. Photo keys travel as JSON and the activity time as a number: the driver's
 * text-array and timestamp parsers would cost more per page than the query itself.
 */
export function suggestionsSql(q: SuggestionQuery): SQL {
  const [x, y, z] = viewerPoint(q.viewer);
  const point = sql`cube(array[${x}::float8, ${y}::float8, ${z}::float8, 0::float8])`;
  const conditions = [visibleTo(q.viewer), sql`position is not null`];
  if (q.minAge !== null) conditions.push(sql`age >= ${q.minAge}`);
  if (q.maxAge !== null) conditions.push(sql`age <= ${q.maxAge}`);
  if (q.maxDistanceKm !== null && q.viewer.gridLatitude !== null) {
    const chord = chordFor(q.maxDistanceKm);
    // The box lets the index skip whole regions; the distance keeps the ball inside it.
    conditions.push(sql`position <@ cube_enlarge(${point}, ${chord}::float8, 4)`);
    conditions.push(sql`(position <-> ${point}) <= ${chord}::float8`);
  }
  return sql`
    select id, name, age, location, grid_latitude, grid_longitude,
      to_json(photo_keys) as photo_keys, photos_blurred,
      ${likeState(q.viewer.id)}
    from members
    where ${sql.join(conditions, sql` and `)}
    order by position <-> ${point}
    offset ${q.offset} limit ${q.limit}`;
}

export async function findSuggestions(db: Database, q: SuggestionQuery): Promise<ViewedMember[]> {
  const rows = await queryPrepared<{
    id: string;
    name: string;
    age: number | null;
    location: string | null;
    grid_latitude: number | null;
    grid_longitude: number | null;
    photo_keys: string[];
    photos_blurred: boolean;
    liked_by_me: boolean;
    matched: boolean;
  }>(db, suggestionsSql(q));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    age: r.age,
    gender: audienceOf(q.viewer),
    location: r.location,
    gridLatitude: r.grid_latitude,
    gridLongitude: r.grid_longitude,
    photoKeys: r.photo_keys,
    photosBlurred: r.photos_blurred,
    likedByMe: r.liked_by_me,
    matched: r.matched,
  }));
}

/** Whether anyone of the audience has an age in range: answered by the age index alone. */
export async function anyoneInAgeRange(
  db: Executor,
  audience: Gender,
  minAge: number | null,
  maxAge: number | null,
): Promise<boolean> {
  if (!GENDERS.includes(audience)) throw new Error(`unknown audience ${audience}`);
  const result = await db.execute<{ found: boolean }>(sql`
    select exists (
      select 1 from members
      where gender = ${audience} and position is not null
        and age between ${minAge ?? 0} and ${maxAge ?? 1000}
    ) as found`);
  return result.rows[0]?.found === true;
}
