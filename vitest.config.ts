import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const serverRoot = path.join(import.meta.dirname, 'apps/server');

/**
 * The server's test files, relative to apps/server, sorted by what they need (ADR 033): a file
 * that opens a database through the test helpers (or opens one itself) needs the run's migrated
 * template; the others run once, with no database set up for them. Read from the files
 * themselves, so that a file moved or added lands on the right side without a list to keep.
 */
const serverFiles = ['src', 'test'].flatMap((dir) =>
  readdirSync(path.join(serverRoot, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => `${dir}/${file.split(path.sep).join('/')}`),
);
const usesDatabase = (file: string) =>
  /\b(createTestApp|openTestDatabase|createPostgresTestDatabase|openDatabase|openPglite)\b/.test(
    readFileSync(path.join(serverRoot, file), 'utf8'),
  );
const databaseFiles = serverFiles.filter(usesDatabase);
const databaseFreeFiles = serverFiles.filter((file) => !usesDatabase(file));

/**
 * On PostgreSQL (CI) the database files run there, and on PGlite only the ones where the engine
 * matters (ADR 033): the database layer and its prepared statements, the moderation record's
 * triggers and `npm run moderator` on the embedded database, and a few features whose SQL is the
 * most PostgreSQL-specific (the cube distance of discovery, the chat's and the relationships'
 * named statements, the account export's joins).
 */
const pgliteParityNames = [
  'database.test.ts',
  'members.repository.test.ts',
  'discovery.test.ts',
  'chat.test.ts',
  // Message requests: made and accepted in CTEs of the chat's insert (ADR 068).
  'message-requests.test.ts',
  'likes.test.ts',
  'account.test.ts',
  'moderation.test.ts',
  // The faith and family answers' checks (regular expressions, array containment) in SQL.
  'faith-family.test.ts',
  // The two-way dealbreakers: generated bit columns, jsonb, a sampled count.
  'dealbreakers.test.ts',
  // The scam shield: its bits in the chat's array insert, the server's report on a partial index.
  'scam-shield.test.ts',
  // Verified members: the selfies' Hamming distance (`bit_count` over `bigint # bigint`).
  'verification.test.ts',
  // Migration 0031 reads members' countries with `normalize` and regular expressions.
  'member-places.test.ts',
];
const pgliteParity = databaseFiles.filter((file) =>
  pgliteParityNames.includes(path.posix.basename(file)),
);
// A file renamed away must not silently drop out of the PGlite run.
const missing = pgliteParityNames.filter(
  (name) => !pgliteParity.some((file) => path.posix.basename(file) === name),
);
if (missing.length > 0) {
  throw new Error(`vitest.config.ts: PGlite parity files not found: ${missing.join(', ')}`);
}

/**
 * Files that need PostgreSQL itself, in no PGlite run (ADR 033): server processes that share one
 * database (two nodes; a node killed and started again), and the suggestion plan, proved on
 * 60,000 members that PGlite takes 30-60 s of a core to seed.
 */
const postgresOnly = (file: string) =>
  ['two-nodes.test.ts', 'push-after-a-kill.test.ts', 'suggestions-plan.test.ts'].includes(
    path.posix.basename(file),
  );

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

const serverProject = (name: string, include: string[], db?: 'pglite' | 'postgres') => ({
  test: {
    name,
    root: './apps/server',
    include,
    ...(db ? { globalSetup: ['./test/global-setup.ts'], env: { TEST_DB: db } } : {}),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    isolate: false,
    // s3rver, the S3 API the media store is tested against (ADR 046), signs its listing's
    // continuation tokens with DES, which OpenSSL 3 keeps in its legacy provider: without it, a
    // listing of more than a thousand keys answers 500 on its second page.
    execArgv: ['--openssl-legacy-provider'],
  },
});

export default defineConfig({
  test: {
    // PGlite instances weigh 250-500 MB each and the machines have two cores.
    maxWorkers: 2,
    reporters: ['default', 'json'],
    outputFile: { json: '.vitest-results/results.json' },
    projects: [
      { test: { name: 'contract', root: './packages/contract', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // One jsdom per worker instead of one per file: the setup file starts every file on
          // fresh application modules, an empty document and empty storage (ADR 033).
          pool: 'threads',
          isolate: false,
          setupFiles: ['./src/test/setup.ts'],
          // Libraries with state of their own (i18next's default instance, the query client's
          // online and focus managers) go through the module runner, so that the setup file's
          // vi.resetModules() gives each file fresh ones too.
          server: {
            deps: {
              inline: ['i18next', 'react-i18next', '@tanstack/react-query', '@tanstack/query-core'],
            },
          },
        },
        resolve: {
          alias: [{ find: '@/', replacement: `${import.meta.dirname}/apps/web/src/` }],
        },
      },
      serverProject('server (no database)', databaseFreeFiles),
      ...(onPostgres
        ? [
            serverProject('server (PostgreSQL)', databaseFiles, 'postgres'),
            serverProject('server (PGlite parity)', pgliteParity, 'pglite'),
          ]
        : [
            serverProject(
              'server (PGlite)',
              databaseFiles.filter((file) => !postgresOnly(file)),
              'pglite',
            ),
          ]),
    ],
  },
});
