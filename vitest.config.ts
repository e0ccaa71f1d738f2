import { defineConfig } from 'vitest/config';

const serverProject = (name: string, db: 'pglite' | 'postgres') => ({
  test: {
    name,
    root: './apps/server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Server processes need a database they can share: PostgreSQL only.
    exclude: db === 'pglite' ? ['test/two-nodes.test.ts'] : [],
    globalSetup: ['./test/global-setup.ts'],
    env: { TEST_DB: db },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

/**
 * The server suite runs on PGlite everywhere and, when TEST_DATABASE_URL is set (CI), a second
 * time on PostgreSQL: one SQL dialect, proven on both engines.
 */
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
          setupFiles: ['./src/test/setup.ts'],
        },
        resolve: { alias: { '@/': `${import.meta.dirname}/apps/web/src/` } },
      },
      serverProject('server (PGlite)', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server (PostgreSQL)', 'postgres')] : []),
    ],
  },
});
