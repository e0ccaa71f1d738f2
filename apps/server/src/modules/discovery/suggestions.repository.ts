import { GENDERS } from '@mawadda/contract';
import { type SQL, sql } from 'drizzle-orm';
import { requestDeclined } from '../../core/member-rules.ts';
import {
  audienceOf,
  likeState,
  type ViewedMember,
  type Viewer,
  visibleTo,
} from '../../core/member-view.ts';
import { acceptedBox } from '../../db/answer-bits.ts';
import { type Database, type Executor, preparedArrays } from '../../db/database.ts';
import { GRID_DEGREES, type MemberRow } from '../../db/schema.ts';
import { bothWays, type Compatibility } from './compatibility.ts';
import type { SuggestionsViewer } from './discovery.repository.ts';

/** Who the viewer may be suggested: their audience under their filters, both ways. */
export type AudienceQuery = {
  viewer: Viewer & Pick<MemberRow, 'gridLatitude' | 'gridLongitude'>;
  minAge: number | null;
  maxAge: number | null;
  maxDistanceKm: number | null;
  /** Verified members only (ADR 044): one more shape of the statement, not one per value. */
  verifiedOnly: boolean;
  compatibility: Compatibility;
};
/** A viewer's pages: their audience, and the version of the row it was read from. */
export type PagesQuery = AudienceQuery & {
  /** `findViewer`'s `rowVersion` of the row the filters were read from. */
  viewerRowVersion: string;
};
export type SuggestionQuery = PagesQuery & {
  offset: number;
  limit: number;
  /** The day stays are shown for (`YYYY-MM-DD`, ADR 077); today's UTC day when absent. */
  today?: string;
};

/** A viewer's pages under their saved filters. */
export function savedPagesQuery(viewer: SuggestionsViewer): PagesQuery {
  return {
    viewer,
    viewerRowVersion: viewer.rowVersion,
    minAge: viewer.preferredMinAge,
    maxAge: viewer.preferredMaxAge,
    maxDistanceKm: viewer.preferredMaxDistanceKm,
    verifiedOnly: viewer.preferredVerifiedOnly,
    compatibility: viewer.compatibility,
  };
}

const EARTH_RADIUS_KM = 6371;

/** The viewer's cell on the unit sphere; the centre of the earth when unknown. */
function viewerPoint(viewer: AudienceQuery['viewer']): [number, number, number] {
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

/** `column` within `km` of `point`: a box the index skips whole regions by, then the ball. */
function withinKm(column: SQL, point: SQL, km: number): SQL {
  const chord = chordFor(km);
  return sql`${column} <@ cube_enlarge(${point}, ${chord}::float8, 3)
    and (${column} <-> ${point}) <= ${chord}::float8`;
}

/**
 * The audience's members that the filters and the two-way rule leave (ADR 042), the distance
 * filter measured from `at` (her home's cell, or the town of a stay, ADR 077).
 */
function audienceConditions(q: AudienceQuery, point: SQL, at: SQL = sql`position`): SQL {
  const box = acceptedBox({ ...q, dealbreakers: q.compatibility.dealbreakers });
  const conditions = [
    visibleTo(q.viewer),
    sql`position is not null`,
    // The age range and the dealbreakers' bounds, tested exactly on each entry of the index
    // walk, before its distance or its row (ADR 042); the two-way rule below checks the rest.
    sql`answers_box <@ ${box}::cube`,
  ];
  if (q.maxDistanceKm !== null && q.viewer.gridLatitude !== null) {
    conditions.push(withinKm(at, point, q.maxDistanceKm));
  }
  if (q.verifiedOnly) conditions.push(sql`verified_at is not null`);
  // A member in exclusive mode is suggested to nobody (ADR 070): a column of the row the walk
  // reads anyway, so it costs a comparison per entry, no probe.
  conditions.push(sql`exclusive_with is null`);
  // A member who declined the viewer's message request is not suggested to him again (ADR 068).
  conditions.push(sql`not ${requestDeclined(q.viewer.id, sql`members.id`)}`);
  conditions.push(bothWays(q.compatibility));
  return sql.join(conditions, sql` and `);
}

function pointOf(viewer: AudienceQuery['viewer']): SQL {
  const [x, y, z] = viewerPoint(viewer);
  return sql`cube(array[${x}::float8, ${y}::float8, ${z}::float8])`;
}

/**
 * Nearest cell first, then most recently active (the activity rank), through the audience's
 * partial GiST index, which orders by both (ADR 052). The gender is inlined (from the closed value
 * set) so the planner can match the partial index. With a viewer of unknown position every member
 * is at the same distance, so the order is by activity alone. The dealbreakers of both sides
 * filter the walk: each row costs a few integer operations, and the statement's text does not
 * depend on them. Photo keys travel as JSON and the activity time as a number: the driver's
 * text-array and timestamp parsers would cost more per page than the query itself.
 *
 * The page hangs from the viewer's row as it is now, and each row of the answer carries that
 * row's version (`xmin`), so the service learns in the same round trip whether the filters it
 * built the query from are still the member's (ADR 053); an empty page is one row of the version
 * and nulls, and a deleted viewer no row at all. Two conditions on no member's row gate the walk
 * (evaluated once, before it starts): the viewer's row is still that version, so a stale copy
 * never gives a page under filters the member has since changed; and someone of the audience has
 * an age in range, answered by the age index alone, since with nobody in range the walk would
 * read the whole index to find no one. The page's order is the walk's: one viewer row, joined
 * to the page in a nested loop, keeps it (`suggestions-plan.test.ts`). Members visiting the
 * viewer's town (ADR 077) are walked beside, on the stays' index, and merged into the same order by
 * distance and activity (ADR 082).
 */
export function suggestionsSql(q: SuggestionQuery): SQL {
  return pageSql(q, q.offset, q.limit, q.today ?? new Date().toISOString().slice(0, 10));
}

/**
 * How near the viewer's point a stay's town must be for its member to be suggested there
 * (ADR 077): "members near that town", the viewer's own distance filter if it is shorter.
 */
export const STAY_REACH_KM = 100;

/** A stay shown today (from two weeks before arrival to departure) whose town is within reach. */
function stayShownNear(q: AudienceQuery, stay: string, point: SQL, today: SQL | string): SQL {
  const s = sql.raw(stay);
  const reachKm = Math.min(q.maxDistanceKm ?? STAY_REACH_KM, STAY_REACH_KM);
  return sql`${s}.shown_from <= ${today}::date and ${s}.departs_on >= ${today}::date
    and ${withinKm(sql`${s}.stay_position`, point, reachKm)}`;
}

/** Of two of her stays shown near the viewer (one town twice in a month), only one is a row. */
function firstStayNear(q: AudienceQuery, point: SQL, today: SQL | string): SQL {
  return sql`not exists (select 1 from member_stays e
    where e.member_id = s.member_id and e.id < s.id and ${stayShownNear(q, 'e', point, today)})`;
}

/**
 * A member at home is not also a visitor near the viewer. Probed only for members with a stay not
 * over (`stays_until`, one comparison for the rest), row by row on the stays' member index: the
 * `offset 0` keeps PostgreSQL from hashing every stay near the viewer instead, built as soon as
 * one traveller is walked (ADR 082).
 */
function notVisitingNear(q: AudienceQuery, point: SQL, today: SQL | string): SQL {
  return sql`(members.stays_until is null or members.stays_until < ${today}::date
    or not exists (select 1 from member_stays t
      where t.member_id = members.id and ${stayShownNear(q, 't', point, today)} offset 0))`;
}

function pageSql(
  q: PagesQuery,
  offset: SQL | number,
  limit: SQL | number,
  today: SQL | string,
): SQL {
  const point = pointOf(q.viewer);
  const audience = audienceOf(q.viewer);
  // Inlined below like `visibleTo`'s, so only from the closed value set.
  if (!audience || !GENDERS.includes(audience)) throw new Error('a viewer without an audience');
  const gate = sql`viewer.row_version = ${q.viewerRowVersion}
        and exists (select 1 from members a
          where a.gender = ${sql.raw(`'${audience}'`)} and a.position is not null
            and a.age between ${q.minAge ?? 0} and ${q.maxAge ?? 1000})`;
  const columns = (grid: string) => sql`members.id, members.name, members.age, members.location,
        members.country_code, ${sql.raw(grid)}.grid_latitude, ${sql.raw(grid)}.grid_longitude,
        to_json(members.photo_keys) as photo_keys, members.photos_blurred,
        members.verified_at is not null as verified, ${likeState(q.viewer.id)}`;
  const walk = (distance: SQL, rank: SQL) =>
    sql`${distance} as walk_distance, ${rank} <-> 0::float8 as walk_rank`;
  return sql`
    select viewer.row_version, ${sql.raw(PAGE_COLUMNS.map((c) => `page.${c}`).join(', '))}
    from (select v.xmin::text as row_version from members v where v.id = ${q.viewer.id}) viewer
    left join lateral (
      select * from (
        (select ${columns('s')}, s.town as stay_town, s.country_code as stay_country_code,
          s.arrives_on::text as stay_arrives_on, s.departs_on::text as stay_departs_on,
          ${walk(sql`s.stay_position <-> ${point}`, sql`s.stay_rank`)}
        from member_stays s join members on members.id = s.member_id
        where ${stayShownNear(q, 's', point, today)}
          and ${audienceConditions(q, point, sql`s.stay_position`)}
          and ${firstStayNear(q, point, today)}
          and ${gate}
        order by walk_distance, walk_rank
        limit ${offset}::bigint + ${limit}::bigint)
        union all
        (select ${columns('members')}, null, null, null, null,
          ${walk(sql`position <-> ${point}`, sql`activity_rank`)}
        from members
        where ${audienceConditions(q, point)}
          and ${notVisitingNear(q, point, today)}
          and ${gate}
        order by walk_distance, walk_rank
        limit ${offset}::bigint + ${limit}::bigint)
      ) walked
      order by walk_distance, walk_rank
      offset ${offset} limit ${limit}
    ) page on true`;
}

/** The page's member columns, in `PageRow`'s order. */
const PAGE_COLUMNS = [
  'id',
  'name',
  'age',
  'location',
  'country_code',
  'grid_latitude',
  'grid_longitude',
  'photo_keys',
  'photos_blurred',
  'verified',
  'liked_by_me',
  'matched',
  'stay_town',
  'stay_country_code',
  'stay_arrives_on',
  'stay_departs_on',
];

/**
 * A page's columns, in the statement's order: the viewer's row version, then a member (all null
 * in the one row of an empty page).
 */
type PageRow = [
  rowVersion: string,
  id: string | null,
  name: string,
  age: number | null,
  location: string | null,
  countryCode: string | null,
  gridLatitude: number | null,
  gridLongitude: number | null,
  photoKeys: string[],
  photosBlurred: boolean,
  verified: boolean,
  likedByMe: boolean,
  matched: boolean,
  stayTown: string | null,
  stayCountryCode: string | null,
  stayArrivesOn: string | null,
  stayDepartsOn: string | null,
];

/**
 * A viewer's pages of suggestions: the statement built once (`suggestionsSql`), each page then
 * only its offset and limit, so a member scrolling costs no query building (ADR 053). With each
 * page, the version of the viewer's row now (undefined once the account is gone): a page built
 * from another version is empty.
 */
export function suggestionPages(db: Database, q: PagesQuery) {
  const run = preparedArrays<PageRow>(
    db,
    pageSql(
      q,
      sql`${sql.placeholder('offset')}`,
      sql`${sql.placeholder('limit')}`,
      sql`${sql.placeholder('today')}`,
    ),
  );
  const gender = audienceOf(q.viewer);
  return async (
    offset: number,
    limit: number,
    today: string,
  ): Promise<{ rowVersion: string | undefined; members: ViewedMember[] }> => {
    const rows = await run({ offset, limit, today });
    const members: ViewedMember[] = [];
    for (const r of rows) {
      if (r[1] === null) continue;
      members.push({
        id: r[1],
        name: r[2],
        age: r[3],
        gender,
        location: r[4],
        countryCode: r[5],
        gridLatitude: r[6],
        gridLongitude: r[7],
        photoKeys: r[8],
        photosBlurred: r[9],
        verified: r[10],
        likedByMe: r[11],
        matched: r[12],
        stay:
          r[13] === null
            ? undefined
            : {
                town: r[13],
                countryCode: r[14] as string,
                arrivesOn: r[15] as string,
                departsOn: r[16] as string,
              },
      });
    }
    return { rowVersion: rows[0]?.[0], members };
  };
}

/**
 * Rows counted for an estimate: under this many in the table, all of them (exact); above, a
 * sample of about this many, scaled up. A few milliseconds at a million members.
 */
const ESTIMATE_SAMPLE_ROWS = 20_000;

/**
 * About how many members the viewer may be suggested under these filters, both ways: never a
 * count over a large table, but over a sample of its pages (`tablesample system`, repeatable so
 * the same filters give the same answer), scaled up and rounded to two significant figures; and
 * the members visiting near the viewer on `today` (ADR 077), counted exactly: a few hundred at
 * most, and in a small town they may be most of the audience.
 */
export async function estimateAudience(
  db: Executor,
  q: AudienceQuery,
  today: string,
  sampleRows = ESTIMATE_SAMPLE_ROWS,
): Promise<{ about: number; exact: boolean }> {
  const size = await db.execute<{ rows: number }>(
    sql`select reltuples::float8 as rows from pg_class where oid = 'members'::regclass`,
  );
  const rows = Number(size.rows[0]?.rows ?? -1);
  // -1: never analysed yet, which only a new (small) table is.
  const percent = rows > sampleRows ? (100 * sampleRows) / rows : 100;
  const sample =
    percent < 100
      ? sql`tablesample system (${sql.raw(percent.toFixed(4))}) repeatable (42)`
      : sql``;
  const point = pointOf(q.viewer);
  const result = await db.execute<{ found: number; visitors: number }>(sql`
    select
      (select count(*)::int from members ${sample}
        where ${audienceConditions(q, point)} and ${notVisitingNear(q, point, today)}) as found,
      (select count(*)::int from member_stays s join members on members.id = s.member_id
        where ${stayShownNear(q, 's', point, today)}
          and ${audienceConditions(q, point, sql`s.stay_position`)}
          and ${firstStayNear(q, point, today)}) as visitors`);
  const found = Number(result.rows[0]?.found ?? 0);
  const visitors = Number(result.rows[0]?.visitors ?? 0);
  if (percent === 100) return { about: found + visitors, exact: true };
  return { about: twoSignificantFigures((found * 100) / percent + visitors), exact: false };
}

function twoSignificantFigures(n: number): number {
  if (n < 100) return Math.round(n);
  const unit = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.round(n / unit) * unit;
}
