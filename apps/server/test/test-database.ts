import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import {
  type DatabaseHandle,
  openDatabase,
  openPglite,
  pgliteExtensions,
} from '../src/db/database.ts';

/**
 * A database of this test file's own, already migrated: an in-memory PGlite loaded from the run's
 * dump, or on CI a PostgreSQL database cloned from the run's template.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const postgres = await createPostgresTestDatabase();
  if (postgres) {
    const handle = await openDatabase({ databaseUrl: postgres.url, dataDir: os.tmpdir() });
    return {
      ...handle,
      async close() {
        await handle.close();
        await postgres.drop();
      },
    };
  }
  const dump = await fs.readFile(inject('pgliteDump'));
  return openPglite(
    await PGlite.create({ loadDataDir: new Blob([dump]), extensions: pgliteExtensions }),
  );
}

/**
 * On CI (TEST_DATABASE_URL): a new PostgreSQL database cloned from the run's migrated template,
 * with its URL, for a test that starts server processes on it.
 */
export async function createPostgresTestDatabase() {
  const template = inject('postgresTemplate');
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!template || !adminUrl) return undefined;
  const name = `mawadda_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
