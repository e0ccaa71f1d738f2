import os from 'node:os';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database.ts';
import { type DatabaseHandle, openDatabase, queryPrepared } from './database.ts';

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

// Connections that PostgreSQL itself closes exist on PostgreSQL only.
if (process.env.TEST_DB === 'postgres') {
  describe('connections PostgreSQL closes', () => {
    it('are replaced, and the app goes on, when an idle one is terminated', async () => {
      const [current] = (
        await database.db.execute<{ name: string }>(sql`select current_database() as name`)
      ).rows;
      const url = new URL(process.env.TEST_DATABASE_URL ?? '');
      url.pathname = `/${current?.name}`;
      const lost: Error[] = [];
      const other = await openDatabase({
        databaseUrl: url.toString(),
        dataDir: os.tmpdir(),
        onConnectionLost: (error) => lost.push(error),
      });
      try {
        const backend = sql`select pg_backend_pid() as pid`;
        const [first] = (await other.db.execute<{ pid: number }>(backend)).rows;
        const [named] = await queryPrepared<{ pid: number }>(other.db, backend);
        // Both pools' connections now wait idle; an administrator (or a restart) ends them.
        await database.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity
              where pid in (${first?.pid ?? 0}, ${named?.pid ?? 0})`,
        );
        await expect.poll(() => lost.length).toBe(2);
        expect(lost[0]?.message).toMatch(/terminating connection/);
        const [again] = (await other.db.execute<{ pid: number }>(backend)).rows;
        expect(again?.pid).not.toBe(first?.pid);
        expect(await queryPrepared<{ pid: number }>(other.db, backend)).toHaveLength(1);
      } finally {
        await other.close();
      }
    });
  });
}
