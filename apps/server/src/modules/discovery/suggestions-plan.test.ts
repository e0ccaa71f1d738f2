import os from 'node:os';
import { PRIVACY_VERSION } from '@mawadda/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-database.ts';
import { type DatabaseHandle, explainPrepared, openDatabase } from '../../db/database.ts';
import type { Compatibility } from './compatibility.ts';
import { suggestionsSql } from './suggestions.repository.ts';

let database: DatabaseHandle;
/** Nearest cell first, then most recently active within it, both from the index (ADR 052). */
const walkOrder = /Order By: \(\("position" <-> .*\) AND \(activity_rank <-> /;
/** A sort of the audience by distance: what the walk exists to avoid. */
const membersSorted = /Sort Key: [^\n]*"position" <->/;
/**
 * Travellers' stays (ADR 077) are found by the box around the viewer (a town's reach): a few
 * hundred rows at most, never the table.
 */
const staysByBox = /Index Cond: [^\n]*stay_position <@ /;
/**
 * Visitors and the members at home merged in one order, each branch read only as far as the page
 * needs (ADR 082), never both branches read whole and sorted.
 */
const visitorsMerged = /Merge Append[^\n]*\n\s*Sort Key: \(\(s\.stay_position <-> /;

/**
 * The speed of suggestions rests on one plan: the audience's partial GiST index read in
 * distance order, stopping after a page. If a change to the query or the indexes loses it, a
 * million members means a sort of half a million rows per page: this test fails first.
 *
 * On PostgreSQL only (vitest.config.ts, ADR 033): page 5 keeps the walk from some 50,000 members
 * on (at 40,000 the planner sorts), and seeding 60,000 into PGlite took 30-60 s of a core, its
 * four GiST indexes growing a row at a time in WASM.
 */
beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(sql`
    insert into members (email, name, gender, age, location, latitude, longitude,
      religious_data_consent_at, religious_data_consent_version, verified_at)
    select 'plan' || g || '@example.com', 'Member ' || g,
      case when g % 2 = 0 then 'femme' else 'homme' end, 18 + g % 40, 'Somewhere',
      -60 + (g::bigint * 7919 % 12000) / 100.0, -170 + (g::bigint * 104729 % 34000) / 100.0,
      now(), ${PRIVACY_VERSION}, case when g % 5 < 2 then now() end
    from generate_series(1, 60000) g`);
  // One member in twenty travelling (ADR 077), as the bench has them: their stays are walked
  // beside the members, and the plan must hold with them.
  await database.db.execute(sql`
    insert into member_stays (member_id, town, country_code, latitude, longitude, arrives_on, departs_on,
      stay_rank)
    select id, 'Somewhere', 'SN', -latitude, -longitude, current_date + (age % 20), current_date + (age % 20) + 20,
      activity_rank
    from members where hashtext(id::text) % 20 = 0`);
  await database.db.execute(sql`
    update members m set stays_until = s.departs_on from member_stays s where s.member_id = m.id`);
  await database.db.execute(sql`analyze members`);
  await database.db.execute(sql`analyze member_stays`);
  return () => database.close();
});

async function plan(query: Parameters<typeof suggestionsSql>[0]) {
  const result = await database.db.execute<{ 'QUERY PLAN': string }>(
    sql`explain ${suggestionsSql(query)}`,
  );
  return result.rows.map((r) => r['QUERY PLAN']).join('\n');
}

const viewerId = '00000000-0000-4000-8000-000000000000';
/** A man is suggested women (the `femme` audience), a woman men. */
const man = { id: viewerId, gender: 'homme' as const, gridLatitude: 14.7, gridLongitude: -17.4 };
const woman = { ...man, gender: 'femme' as const };
/** A viewer with no dealbreaker, who answered nothing. */
const noDealbreakers: Compatibility = {
  faithBits: '0',
  familyBits: '0',
  nationality: null,
  origin: null,
  faithRejects: '0',
  familyRejects: '0',
  acceptedLanguages: '0',
  acceptedNationalities: null,
  acceptedOrigins: null,
  dealbreakers: {},
};
const base = {
  viewer: man,
  viewerRowVersion: '1',
  minAge: null,
  maxAge: null,
  maxDistanceKm: null,
  verifiedOnly: false,
  compatibility: noDealbreakers,
  offset: 0,
  limit: 100,
};

describe('suggestions query plan', () => {
  it('walks the audience’s GiST index in distance order', async () => {
    const text = await plan(base);
    expect(text).toMatch(/Index Scan using members_position_rank_answers_femme_idx/);
    expect(text).toMatch(walkOrder);
    expect(text).not.toMatch(membersSorted);
    expect(text).toMatch(staysByBox);
    expect(text).toMatch(visitorsMerged);
  });

  it('keeps that plan on page 5, with filters, and for the other audience', async () => {
    const pageFive = await plan({
      ...base,
      viewer: woman,
      offset: 500,
      minAge: 25,
      maxAge: 45,
    });
    expect(pageFive).toMatch(/Index Scan using members_position_rank_answers_homme_idx/);
    const nearby = await plan({ ...base, maxDistanceKm: 300 });
    // A small radius holds few members: the same index finds them by box, then they are sorted.
    expect(nearby).toMatch(
      /Index Scan on members_position_rank_answers_femme_idx|Index Scan using members_position_rank_answers_femme_idx/,
    );
    expect(nearby).toMatch(/Index Cond: .*"position" <@ /);
  });

  it('keeps that plan in the prepared statement the server runs', async () => {
    // The server runs the page as a named statement on its generic plan (ADR 024), planned
    // without the parameters' values: that plan, not the one `explain` makes for the values.
    const generic = (
      await explainPrepared(database.db, suggestionsSql({ ...base, minAge: 25 }))
    ).join('\n');
    expect(generic).toMatch(/Index Scan using members_position_rank_answers_femme_idx/);
    expect(generic).toMatch(walkOrder);
    expect(generic).not.toMatch(membersSorted);
    expect(generic).toMatch(staysByBox);
    expect(generic).toMatch(visitorsMerged);
  });

  it('reads the viewer’s row version, and checks it and that anyone is of age once, before the walk (ADR 053)', async () => {
    const generic = (
      await explainPrepared(database.db, suggestionsSql({ ...base, minAge: 25, maxAge: 30 }))
    ).join('\n');
    // The page hangs from the viewer's one row in a nested loop, which keeps the walk's order.
    expect(generic).toMatch(/Nested Loop Left Join/);
    // A gate over the walk, evaluated once: when it fails the index is never read.
    expect(generic).toMatch(/One-Time Filter: /);
    expect(generic).toMatch(/Index Scan using members_pkey on members v/);
    // Nobody in range must not mean reading the audience's whole table to find it out.
    expect(generic).toMatch(/Index Only Scan using members_audience_age_idx on members a/);
    expect(generic).toMatch(
      /Index Scan using members_position_rank_answers_femme_idx[^\n]*\(never executed\)/,
    );
  });

  it('keeps that plan for verified members only (ADR 044: one condition more on the walk)', async () => {
    const verified = { ...base, verifiedOnly: true };
    for (const text of [
      await plan(verified),
      (await explainPrepared(database.db, suggestionsSql(verified))).join('\n'),
    ]) {
      expect(text).toMatch(/Index Scan using members_position_rank_answers_femme_verified_idx/);
      expect(text).toMatch(walkOrder);
      expect(text).not.toMatch(membersSorted);
      expect(text).toMatch(staysByBox);
    }
  });

  it('keeps that plan with dealbreakers on both sides (they filter the walk, ADR 042)', async () => {
    const strict = {
      ...base,
      compatibility: {
        ...noDealbreakers,
        faithRejects: '31',
        familyRejects: '96',
        acceptedLanguages: '134217728',
        acceptedNationalities: ['SN', 'ML'],
        dealbreakers: { prayer: ['always', 'usually'], nationality: ['SN', 'ML'] },
      },
    };
    for (const text of [
      await plan(strict),
      (await explainPrepared(database.db, suggestionsSql(strict))).join('\n'),
    ]) {
      expect(text).toMatch(/Index Scan using members_position_rank_answers_femme_idx/);
      expect(text).toMatch(walkOrder);
      expect(text).not.toMatch(membersSorted);
      expect(text).toMatch(staysByBox);
    }
  });
});

// JIT exists on PostgreSQL only (PGlite has no compiler to call), which is where this file runs.
describe('suggestions on PostgreSQL', () => {
  it('are never JIT-compiled, however large the table looks to the planner', async () => {
    // A generic plan estimates a parameter's `limit` as a tenth of the table: on a million
    // members its cost passed `jit_above_cost` and each page spent 700 ms compiling (ADR 025).
    // A threshold of 0 stands in for that table on the connections opened from now on.
    await database.db.execute(sql`
      do $$ begin
        execute format('alter database %I set jit_above_cost = 0', current_database());
      end $$`);
    const [current] = (
      await database.db.execute<{ name: string }>(sql`select current_database() as name`)
    ).rows;
    const url = new URL(process.env.TEST_DATABASE_URL ?? '');
    url.pathname = `/${current?.name}`;
    const fresh = await openDatabase({ databaseUrl: url.toString(), dataDir: os.tmpdir() });
    try {
      const served = (await explainPrepared(fresh.db, suggestionsSql(base))).join('\n');
      expect(served).toMatch(/Index Scan using members_position_rank_answers_femme_idx/);
      expect(served).not.toMatch(/JIT/);
    } finally {
      await fresh.close();
    }
  });
});
