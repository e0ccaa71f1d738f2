import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase, openPglite, pgliteExtensions } from '../src/db/database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tarball of a migrated PGlite data directory; each test file loads its own copy. */
    pgliteDump: string;
    /** A migrated PostgreSQL database each test file clones (CREATE DATABASE ... TEMPLATE). */
    postgresTemplate: string;
  }
}

// TEST_TEMPLATE_DATABASE lets two checkouts run the suite on one PostgreSQL side by side.
const TEMPLATE_DATABASE = process.env.TEST_TEMPLATE_DATABASE ?? 'mawadda_test_template';

/**
 * Migrates once per run, so a test file starts from a copy (PGlite: 0.5 s instead of 5 s) and
 * every test file gets a database of its own.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (project.config.env.TEST_DB === 'postgres' && adminUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
    await admin.query(`create database ${TEMPLATE_DATABASE}`);
    const templateUrl = new URL(adminUrl);
    templateUrl.pathname = `/${TEMPLATE_DATABASE}`;
    const handle = await openDatabase({
      databaseUrl: templateUrl.toString(),
      dataDir: os.tmpdir(),
    });
    await migrateDatabase(handle.db);
    await handle.close();
    await admin.end();
    project.provide('postgresTemplate', TEMPLATE_DATABASE);
    project.provide('pgliteDump', '');
    return;
  }
  const pglite = await PGlite.create({ extensions: pgliteExtensions });
  const handle = openPglite(pglite);
  await migrateDatabase(handle.db);
  const dump = await pglite.dumpDataDir('gzip');
  await handle.close();
  const dumpFile = path.join(
    await fs.mkdtemp(path.join(os.tmpdir(), 'mawadda-pglite-')),
    'migrated.tar.gz',
  );
  await fs.writeFile(dumpFile, Buffer.from(await dump.arrayBuffer()));
  project.provide('postgresTemplate', '');
  project.provide('pgliteDump', dumpFile);
  return async () => {
    await fs.rm(path.dirname(dumpFile), { recursive: true, force: true });
  };
}
