// Prepares the journeys' database before the server starts (Playwright's web server command, after
// the web build), in one process: on PostgreSQL (DATABASE_URL, set by playwright.config.ts where
// TEST_DATABASE_URL is, as on CI) a database of this checkout's own, created empty; then the
// moderator and the member registered before the consent question, written before the server
// owns the database (the embedded one has one owner at a time).
import pg from 'pg';

const databaseUrl = process.env.DATABASE_URL;
const adminUrl = process.env.TEST_DATABASE_URL;
if (databaseUrl && adminUrl) {
  const name = new URL(databaseUrl).pathname.slice(1);
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Unexpected journeys database name: ${name}`);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
}
await import('./seed-moderator.ts');
await import('./seed-older-member.ts');
