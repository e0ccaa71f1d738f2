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
  const template = inject('postgresTemplate');
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (template && adminUrl) {
    const name = `mawadda_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: os.tmpdir() });
    return {
      ...handle,
      async close() {
        await handle.close();
        const dropper = new pg.Client({ connectionString: adminUrl });
        await dropper.connect();
        await dropper.query(`drop database if exists ${name} with (force)`);
        await dropper.end();
      },
    };
  }
  const dump = await fs.readFile(inject('pgliteDump'));
  return openPglite(
    await PGlite.create({ loadDataDir: new Blob([dump]), extensions: pgliteExtensions }),
  );
}
