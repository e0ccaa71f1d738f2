/**
 * Login cost and the rate limit in front of it.
 * - a wrong password and an unknown account should cost about the same (no account oracle);
 * - once an account is locked, a flood of guesses must cost a counter read, not an argon2 hash.
 * Runs the real app in process on an in-memory PGlite; prints one JSON line.
 * Usage: node bench/login.bench.ts
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { migrateDatabase, openPglite, pgliteExtensions } from '../apps/server/src/db/database.ts';
import { members } from '../apps/server/src/db/schema.ts';
import { createPasswordHashing } from '../apps/server/src/lib/passwords.ts';
import { inProcessApp } from './support/in-process-app.ts';

const SAMPLES = 100;
const FLOOD = 2000;

const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'mawadda-bench-'));
const database = openPglite(await PGlite.create({ extensions: pgliteExtensions }));
await migrateDatabase(database.db);
const app = await inProcessApp({ db: database.db, dir: tmp });

const passwordHash = await createPasswordHashing().hashPassword('the real password');
await database.db.insert(members).values(
  Array.from({ length: SAMPLES + 1 }, (_, i) => ({
    email: `member${i}@bench.local`,
    passwordHash,
    name: `Member ${i}`,
  })),
);

const login = (username: string, password: string, remoteAddress: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
    remoteAddress,
  });

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}
const round = (n: number) => Math.round(n * 100) / 100;

async function timed(
  run: (i: number) => Promise<{ statusCode: number }>,
  count: number,
  status: number,
) {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    const response = await run(i);
    times.push(performance.now() - start);
    if (response.statusCode !== status)
      throw new Error(`expected ${status}, got ${response.statusCode}`);
  }
  return { p50: round(percentile(times, 50)), p95: round(percentile(times, 95)) };
}

// Each sample uses its own account and address, so no limit is reached while measuring. The two
// kinds alternate, so warm-up and background noise fall on both alike.
const wrongTimes: number[] = [];
const unknownTimes: number[] = [];
for (let i = 0; i < SAMPLES * 2; i++) {
  const wrong = i % 2 === 0;
  const n = i >> 1;
  const start = performance.now();
  const response = wrong
    ? await login(`member${n}@bench.local`, 'wrong guess', `127.1.${n >> 8}.${n & 255}`)
    : await login(`nobody${n}@bench.local`, 'wrong guess', `127.2.${n >> 8}.${n & 255}`);
  (wrong ? wrongTimes : unknownTimes).push(performance.now() - start);
  if (response.statusCode !== 401) throw new Error(`expected 401, got ${response.statusCode}`);
}
const summary = (times: number[]) => ({
  p50: round(percentile(times, 50)),
  p95: round(percentile(times, 95)),
});
const wrongPassword = summary(wrongTimes);
const unknownAccount = summary(unknownTimes);

// Lock one account, then flood it and measure what each refused guess costs the server.
const target = `member${SAMPLES}@bench.local`;
for (let i = 0; i < 10; i++) await login(target, 'guess', `127.3.0.${i}`);
const cpuBefore = process.cpuUsage();
const started = performance.now();
await timed((i) => login(target, `guess ${i}`, `127.4.${i >> 8}.${i & 255}`), FLOOD, 429);
const elapsed = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);

console.log(
  JSON.stringify({
    bench: 'login',
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    samples: SAMPLES,
    wrongPasswordMs: wrongPassword,
    unknownAccountMs: unknownAccount,
    lockedFlood: {
      attempts: FLOOD,
      perSecond: Math.round((FLOOD / elapsed) * 1000),
      cpuMsPerAttempt: round((cpu.user + cpu.system) / 1000 / FLOOD),
    },
  }),
);

await app.close();
await database.close();
await fs.rm(tmp, { recursive: true, force: true });
