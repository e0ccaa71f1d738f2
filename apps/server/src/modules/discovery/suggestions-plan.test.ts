import { PRIVACY_VERSION } from '@mawadda/contract';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-database.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { suggestionsSql } from './suggestions.repository.ts';

let database: DatabaseHandle;

/**
 * The speed of suggestions rests on one plan: the audience's partial GiST index read in
 * distance order, stopping after a page. If a change to the query or the indexes loses it, a
 * million members means a sort of half a million rows per page: this test fails first.
 */
beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(sql`
    insert into members (email, name, gender, age, location, latitude, longitude,
      religious_data_consent_at, religious_data_consent_version)
    select 'plan' || g || '@example.com', 'Member ' || g,
      case when g % 2 = 0 then 'femme' else 'homme' end, 18 + g % 40, 'Somewhere',
      -60 + (g * 7919 % 12000) / 100.0, -170 + (g * 104729 % 34000) / 100.0,
      now(), ${PRIVACY_VERSION}
    from generate_series(1, 20000) g`);
  await database.db.execute(sql`analyze members`);
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
const base = {
  viewer: man,
  minAge: null,
  maxAge: null,
  maxDistanceKm: null,
  offset: 0,
  limit: 100,
};

describe('suggestions query plan', () => {
  it('walks the audience’s GiST index in distance order', async () => {
    const text = await plan(base);
    expect(text).toMatch(/Index Scan using members_position_femme_idx/);
    expect(text).toMatch(/Order By: \("position" <-> /);
    expect(text).not.toMatch(/Sort Key/);
  });

  it('keeps that plan on page 5, with filters, and for the other audience', async () => {
    const pageFive = await plan({
      ...base,
      viewer: woman,
      offset: 500,
      minAge: 25,
      maxAge: 45,
    });
    expect(pageFive).toMatch(/Index Scan using members_position_homme_idx/);
    const nearby = await plan({ ...base, maxDistanceKm: 300 });
    // A small radius holds few members: the same index finds them by box, then they are sorted.
    expect(nearby).toMatch(
      /Index Scan on members_position_femme_idx|Index Scan using members_position_femme_idx/,
    );
    expect(nearby).toMatch(/Index Cond: .*"position" <@ /);
  });

  it('keeps that plan as the generic plan of the prepared statement the server runs', async () => {
    // The server prepares the query once per connection; after a few runs PostgreSQL may keep
    // one plan for every viewer, planned without the parameters' values.
    const { sql: text, params } = new PgDialect().sqlToQuery(
      suggestionsSql({ ...base, minAge: 25 }),
    );
    const literals = params.map((p) => (typeof p === 'number' ? String(p) : `'${p}'`));
    const generic = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      await tx.execute(sql.raw(`prepare generic_suggestions as ${text}`));
      const result = await tx.execute<{ 'QUERY PLAN': string }>(
        sql.raw(`explain execute generic_suggestions(${literals.join(', ')})`),
      );
      await tx.execute(sql`deallocate generic_suggestions`);
      return result.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(generic).toMatch(/Index Scan using members_position_femme_idx/);
    expect(generic).toMatch(/Order By: \("position" <-> /);
    expect(generic).not.toMatch(/Sort Key/);
  });
});
