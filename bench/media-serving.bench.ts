/**
 * The file-serving part of the photo route alone, on the disk (ADR 046): `@fastify/static`'s
 * `sendFile` (before) against `sendStoredMedia` over the disk store (after), in one process, in
 * alternating blocks so the machine's noise falls on both alike; plain requests (200) and
 * revalidations (304). No database: the route's checks are the same in both. Prints one JSON line.
 * Usage: node bench/media-serving.bench.ts   (BENCH_REQUESTS=500 a block, 6 blocks each)
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { sendStoredMedia } from '../apps/server/src/lib/media-reply.ts';
import { createDiskMediaStore } from '../apps/server/src/lib/media-store.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 500);
const BLOCKS = 6;
const headers = { 'content-type': 'image/webp', 'cache-control': 'private, max-age=604800' };

const root = await fs.mkdtemp(path.join(os.tmpdir(), 'mawadda-bench-media-'));
const store = createDiskMediaStore(root);
const key = 'photos/bench.webp';
// A display-size photo: about 60 kB, as the 800 px WebPs are.
await store.put(key, randomBytes(60_000));

const app = Fastify();
await app.register(fastifyStatic, {
  root,
  serve: false,
  index: false,
  setHeaders: (reply) => reply.headers(headers),
});
app.get('/before/*', (_, reply) =>
  reply.sendFile(key, { cacheControl: false, contentType: false, dotfiles: 'deny' }),
);
app.get('/after/*', (request, reply) => sendStoredMedia(request, reply, store, key, headers));
await app.ready();

const etag = String((await app.inject({ url: '/after/x' })).headers.etag);
const samples: Record<string, { times: number[]; cpuUs: number }> = {};

async function block(name: string, url: string, requestHeaders: Record<string, string>) {
  const entry = samples[name] ?? { times: [], cpuUs: 0 };
  samples[name] = entry;
  const cpu = process.cpuUsage();
  for (let i = 0; i < REQUESTS; i++) {
    const start = performance.now();
    const answer = await app.inject({ url, headers: requestHeaders });
    entry.times.push(performance.now() - start);
    if (answer.statusCode >= 400) throw new Error(`${url}: ${answer.statusCode}`);
  }
  const used = process.cpuUsage(cpu);
  entry.cpuUs += used.user + used.system;
}

await block('warm-up', '/before/x', {});
await block('warm-up', '/after/x', {});
for (let i = 0; i < BLOCKS; i++) {
  await block('before 200', '/before/x', {});
  await block('after 200', '/after/x', {});
  await block('before 304', '/before/x', { 'if-none-match': etag });
  await block('after 304', '/after/x', { 'if-none-match': etag });
}

const p50 = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;
const round = (n: number) => Math.round(n * 1000) / 1000;
const result = Object.fromEntries(
  Object.entries(samples)
    .filter(([name]) => name !== 'warm-up')
    .map(([name, { times, cpuUs }]) => [
      name,
      { p50Ms: round(p50(times)), cpuMsPerRequest: round(cpuUs / 1000 / times.length) },
    ]),
);
console.log(JSON.stringify({ requestsEach: REQUESTS * BLOCKS, ...result }));
await app.close();
await fs.rm(root, { recursive: true, force: true });
