/**
 * The photo route's hot path on the disk store (ADR 046): a member's signed link read many times
 * in a row, whole (200) and revalidated (304), through the real app in process (`inject`, no
 * sockets: the route's own cost, its database check included). Prints one JSON line.
 * Usage: node bench/media.bench.ts   (BENCH_REQUESTS=2000 by default)
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { migrateDatabase, openPglite, pgliteExtensions } from '../apps/server/src/db/database.ts';
import { bearer, registeredMember } from '../apps/server/test/fixtures.ts';
import { inProcessApp } from './support/in-process-app.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);

const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'mawadda-bench-'));
const database = openPglite(await PGlite.create({ extensions: pgliteExtensions }));
await migrateDatabase(database.db);
const app = await inProcessApp({
  db: database.db,
  dir: tmp,
  env: { PHOTOS_PER_MINUTE: String(REQUESTS * 10) },
});
const her = await registeredMember(app, { gender: 'femme' });
const me = await app.inject({ url: '/api/users/me', headers: bearer(her.token) });
const [url = ''] = me.json<{ mediaUrls: string[] }>().mediaUrls;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}
const round = (n: number) => Math.round(n * 1000) / 1000;

async function timed(headers: Record<string, string>, status: number) {
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const start = performance.now();
    const answer = await app.inject({ url, headers });
    times.push(performance.now() - start);
    if (answer.statusCode !== status) {
      throw new Error(`expected ${status}, got ${answer.statusCode}`);
    }
  }
  return { p50: round(percentile(times, 50)), p95: round(percentile(times, 95)) };
}

const first = await app.inject({ url });
await timed({}, 200); // warm-up
const cpu = process.cpuUsage();
const whole = await timed({}, 200);
const revalidated = await timed({ 'if-none-match': String(first.headers.etag) }, 304);
const used = process.cpuUsage(cpu);
const cpuMs = (used.user + used.system) / 1000;
console.log(
  JSON.stringify({
    requests: REQUESTS,
    photoBytes: first.rawPayload.length,
    wholeMs: whole,
    revalidatedMs: revalidated,
    cpuMsPerRequest: round(cpuMs / (2 * REQUESTS)),
  }),
);
await app.close();
await database.close();
await fs.rm(tmp, { recursive: true, force: true });
