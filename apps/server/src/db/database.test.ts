import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database.ts';
import { type DatabaseHandle, queryPrepared } from './database.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const planMode = sql`select current_setting('plan_cache_mode') as mode`;

/**
 * ADR 024: a named prepared statement keeps its generic plan (a custom plan at every chat batch
 * cost PostgreSQL a planning each time, and PGlite a file-size lookup per relation), while the
 * other statements keep PostgreSQL's own choice.
 */
describe(`named prepared statements (${process.env.TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('run with the generic plan forced', async () => {
    const [row] = await queryPrepared<{ mode: string }>(database.db, planMode);
    expect(row?.mode).toBe('force_generic_plan');
  });

  it('leave the other statements to the planner, before and after one ran', async () => {
    const before = await database.db.execute<{ mode: string }>(planMode);
    await queryPrepared(database.db, planMode);
    const after = await database.db.execute<{ mode: string }>(planMode);
    expect([before.rows[0]?.mode, after.rows[0]?.mode]).toEqual(['auto', 'auto']);
  });
});
