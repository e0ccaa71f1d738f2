import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * `npm run test:faults`: the three-node fault test (apps/server/faults), apart from `npm test`.
 * It starts its own PostgreSQL, Redis, bucket and push service and three server processes, and
 * takes a few minutes: one file, one worker.
 */
export default defineConfig({
  test: {
    name: 'faults',
    root: './apps/server',
    include: ['faults/**/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 180_000,
    maxWorkers: 1,
    reporters: ['default', 'json'],
    // Beside `npm test`'s report, for .ci/run's summary.
    outputFile: { json: path.join(import.meta.dirname, '.vitest-results/faults.json') },
    // s3rver's listings need OpenSSL's legacy provider (vitest.config.ts says why).
    execArgv: ['--openssl-legacy-provider'],
  },
});
