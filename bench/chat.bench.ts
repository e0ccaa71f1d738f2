/**
 * Chat at load, against the real server in its own process on PostgreSQL (or PGlite):
 * 1. connects MEMBERS members over STOMP (in batches), each subscribed to its chat topic, and
 *    reports the time to connect them all and the server's memory per idle connection;
 * 2. begins each conversation with one message, then sends messages over HTTP at RATE a second
 *    for WARM_UP_SECONDS (not timed) then SECONDS, open loop (a sender does not wait for its
 *    previous message),
 *    between matched pairs, and checks every delivery on the
 *    receiver's socket for loss, duplication and order; reports the latency from send to
 *    delivery (p50/p95/p99) and the server's CPU per delivered message.
 * Prints one JSON line. Loopback only, bounded in count and time.
 *
 * Usage: node bench/chat.bench.ts
 *   BENCH_DATABASE_URL (default: the local test server; `pglite` for the embedded database),
 *   BENCH_MEMBERS (5000), BENCH_RATE (2000), BENCH_SECONDS (60), BENCH_SENDERS (400),
 *   BENCH_WARM_UP_SECONDS (5),
 *   BENCH_PROFILE (a folder for the server's CPU profile),
 *   BENCH_TIMELINE=1 (each second of the timed run on stderr: messages sent, their slowest and
 *   how many passed 50 ms, and the cores the server, PostgreSQL, this client and others took),
 *   BENCH_NODE_FLAGS (flags for the server's Node besides those it always runs with, ADR 022;
 *   space-separated: `--trace-gc` prints its pauses),
 *   BENCH_NODES=2 (two server processes on one Redis: senders on one, receivers on the other),
 *   BENCH_ABUSE=1 (then the same load with a socket that stops reading and one that floods),
 *   BENCH_RECONNECT=1 (then every socket dropped at once under load, resubscribed, resynced),
 *   BENCH_RABBITMQ=1 (also connect everyone to RabbitMQ's Web-STOMP: bench/rabbitmq-web-stomp.sh)
 *   BENCH_SCAM_SHIELD=false (the server's SCAM_SHIELD: its CPU per message without the shield)
 *
 * Each message is a line of ordinary chat (French, English) with the bench's delivery record;
 * none sets the scam shield off, as most messages do not. The members are a month old (not new
 * accounts, ADR 043). The shield's own cost is also measured in process (`shield`).
 *
 * BENCH_MODE=relay measures call signalling instead of phase 2 onwards: with everyone connected,
 * the members of BENCH_SENDERS pairs (default: all) start a call (offer, answer), then each SENDs
 * ICE candidates to their partner's `/app/call/{id}`, at total rates rising from BENCH_RATE
 * (default 1000, doubling, or the list BENCH_RATES=1000,3000,…) for BENCH_SECONDS (default 20)
 * each, until a step's p99 passes 50 ms or a frame is lost; then halfway back, until held and
 * failed are within an eighth. With BENCH_RABBITMQ=1 the same steps run on RabbitMQ's Web-STOMP
 * (SEND to `/topic/call.<n>`). Per step: latency from SEND to the MESSAGE on the partner's
 * socket, frames lost, and CPU per relayed frame (server, PostgreSQL, and this client, which
 * shares the cores).
 */
import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { shieldBits } from '../apps/server/src/core/scam-rules.ts';
import { migrateDatabase, openDatabase } from '../apps/server/src/db/database.ts';
import { hashToken } from '../apps/server/src/lib/tokens.ts';
import { SERVER_NODE_FLAGS } from '../apps/server/src/node-flags.ts';
import { PRIVACY_VERSION } from '../packages/contract/src/constants.ts';
import { destinations } from '../packages/contract/src/destinations.ts';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const onPglite = adminUrl === 'pglite';
const MODE = process.env.BENCH_MODE === 'relay' ? 'relay' : 'chat';
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 5000);
const RATE = Number(process.env.BENCH_RATE ?? (MODE === 'relay' ? 1000 : 2000));
const SECONDS = Number(process.env.BENCH_SECONDS ?? (MODE === 'relay' ? 20 : 60));
/** Chat: members sending over HTTP. Relay: pairs in a call, both of whom send. */
const SENDERS = Math.min(
  Number(process.env.BENCH_SENDERS ?? (MODE === 'relay' ? MEMBERS / 2 : 400)),
  MEMBERS / 2,
);
/** Chat: seconds at the target rate before the measure starts. */
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 5);
const CONNECT_BATCH = 250;
/** Relay: at most a dozen steps on each broker, each run up to twice, after up to 60 s of waiting. */
const HARD_LIMIT_MS =
  (MODE === 'relay' ? 48 * (SECONDS + 70) + 600 : SECONDS + WARM_UP_SECONDS + 240) * 1000;
const CLOCK_TICKS = 100;
/** A database of its own: two runs at once (another session's) would otherwise drop each other's. */
const DATABASE = `mawadda_bench_chat_${process.pid}`;
const root = path.resolve(import.meta.dirname, '..');
const epochNow = () => performance.timeOrigin + performance.now();
const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);
setTimeout(() => {
  log('hard time limit reached');
  process.exit(2);
}, HARD_LIMIT_MS).unref();

// --- Database: members in matched pairs, each with a session.
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mawadda-chat-bench-'));
let databaseUrl: string | undefined;
if (!onPglite) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${DATABASE} with (force)`);
  await admin.query(`create database ${DATABASE}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${DATABASE}`;
  databaseUrl = url.toString();
}
const handle = await openDatabase({ databaseUrl, dataDir });
await migrateDatabase(handle.db);
const ids: string[] = [];
const tokens: string[] = [];
{
  const client = handle.db.$client as unknown as pg.Pool;
  for (let start = 0; start < MEMBERS; start += 1000) {
    const count = Math.min(1000, MEMBERS - start);
    const rows = await client.query<{ id: string }>(
      `insert into members (email, name, age, gender, religious_data_consent_at, religious_data_consent_version, created_at)
       select 'bench' || g || '@bench.test', 'Member ' || g, 30, case when g % 2 = 0 then 'femme' else 'homme' end, now(), $3,
         now() - interval '30 days'
       from generate_series($1::int, $2::int) g returning id`,
      [start, start + count - 1, PRIVACY_VERSION],
    );
    ids.push(...rows.rows.map((r) => r.id));
  }
  // Members 2k and 2k+1 matched.
  for (let i = 0; i + 1 < ids.length; i += 2000) {
    const likers: string[] = [];
    const liked: string[] = [];
    for (let k = i; k + 1 < Math.min(ids.length, i + 2000); k += 2) {
      likers.push(ids[k] ?? '', ids[k + 1] ?? '');
      liked.push(ids[k + 1] ?? '', ids[k] ?? '');
    }
    await client.query(
      'insert into likes (liker_id, liked_id) select * from unnest($1::uuid[], $2::uuid[])',
      [likers, liked],
    );
  }
  // Calls are for subscribers (ADR 015): in relay mode the callers, the even members, have a plan.
  if (MODE === 'relay') {
    await client.query(
      `update members set subscription_ends_at = now() + interval '30 days' where id = any($1::uuid[])`,
      [ids.filter((_, index) => index % 2 === 0)],
    );
  }
  const hashes: string[] = [];
  for (const id of ids) {
    const token = `bench-${id}`.padEnd(43, 'x');
    tokens.push(token);
    hashes.push(hashToken(token));
  }
  await client.query(
    `insert into sessions (member_id, token_hash, expires_at)
     select * , now() + interval '1 day' from unnest($1::uuid[], $2::text[])`,
    [ids, hashes],
  );
  // A database that has lived has its statistics: without them, the planner guesses a handful
  // of members and checks each message against every one of them (a 300-message batch took
  // 150 ms instead of 14; docs/performance.md, chat). And its files are on disk: otherwise the
  // kernel writes the new database out 30 s later, in the middle of the measure.
  await client.query('analyze');
  if (!onPglite) await client.query('checkpoint');
}
await handle.close();
log(`${MEMBERS} members in ${MEMBERS / 2} matched pairs`);

// --- The server, in its own process (BENCH_NODES=2: two, on one Redis).
const NODES = Number(process.env.BENCH_NODES ?? 1);
if (NODES > 1 && onPglite)
  throw new Error('Two nodes need PostgreSQL: PGlite belongs to one process');
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
// BENCH_PROFILE=<folder> writes each server's CPU profile there (open it in Chrome's DevTools).
const profile = process.env.BENCH_PROFILE;

async function freePort() {
  return new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (probe.address() as net.AddressInfo).port;
      probe.close(() => resolve(p));
    });
  });
}

async function startNode(name: string) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      ...SERVER_NODE_FLAGS,
      ...(profile ? ['--cpu-prof', '--cpu-prof-dir', profile] : []),
      ...(process.env.BENCH_NODE_FLAGS ? process.env.BENCH_NODE_FLAGS.split(' ') : []),
      path.join(root, 'apps/server/src/server.ts'),
    ],
    {
      env: {
        PATH: process.env.PATH ?? '',
        PORT: String(port),
        HOST: '127.0.0.1',
        // One node keeps the folder the bench loaded (PGlite lives there); two share PostgreSQL.
        DATA_DIR: NODES === 1 ? dataDir : path.join(dataDir, name),
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        ...(NODES > 1
          ? {
              REDIS_URL: redisUrl,
              REDIS_PREFIX: `bench-${process.pid}:`,
              MEDIA_LINK_SECRET: 'the chat bench nodes share this secret, long enough',
            }
          : {}),
        DEMO_DATA: 'false',
        LOG_LEVEL: 'warn',
        ...(process.env.BENCH_SCAM_SHIELD ? { SCAM_SHIELD: process.env.BENCH_SCAM_SHIELD } : {}),
        WEB_DIST_DIR: dataDir,
        MAX_CONNECTIONS: String(MEMBERS + 1000),
        MAX_CONNECTIONS_PER_ADDRESS: '0',
        // Its idle members negotiate no heart-beats and send nothing for the whole run.
        WS_SILENCE_SECONDS: '3600',
      },
      // Its logs go to stderr: stdout carries the bench's one JSON line.
      stdio: ['ignore', 2, 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (i > 600) throw new Error(`${name} never became ready`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, url };
}

const nodes: Array<Awaited<ReturnType<typeof startNode>>> = [];
// Whatever ends the bench (the hard limit included), its servers go with it.
process.on('exit', () => {
  for (const { child } of nodes) child.kill('SIGKILL');
});
for (let n = 0; n < NODES; n++) nodes.push(await startNode(`node-${n}`));
/** Senders (even members) use the first node; with two, their receivers the second. */
const nodeOf = (index: number) => nodes[index % 2 === 0 ? 0 : nodes.length - 1] ?? nodes[0];

/** A process's CPU time (user + system) so far, from /proc. */
function cpuSecondsOf(pid: number | undefined) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

function rssKbOf(pid: number | undefined) {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
}

function serverStats() {
  let rssKb = 0;
  let cpuSeconds = 0;
  for (const { child } of nodes) {
    rssKb += rssKbOf(child.pid);
    cpuSeconds += cpuSecondsOf(child.pid);
  }
  return { rssKb, cpuSeconds };
}

// --- Phase 1: connect and subscribe everyone, in batches.
type Delivery = { from: number; seq: number; sentAt: number };

/**
 * What members write, around the delivery record: ordinary lines of a chat, none of which sets
 * the scam shield off (a message that did would count towards slowing its sender).
 */
const CHAT_LINES = [
  "Salam aleykoum, comment s'est passée ta journée ?",
  'Alhamdoulillah, je vais bien. Et toi, le travail ?',
  'Mes parents aimeraient te rencontrer après le Ramadan, inch’Allah.',
  'Tu préfères vivre à Dakar ou à Abidjan plus tard ?',
  "Je t'envoie une photo de ma famille ce soir.",
  'Assalamu alaykum, how was your day at work?',
  'I would love to hear more about your family and your plans.',
  'We could meet at my cousin’s wedding next month, with our families.',
  'Je fais la prière du vendredi à la grande mosquée, et toi ?',
  'Ça fait deux ans que je cherche une épouse sérieuse et pieuse.',
];
/** The bench's start: a delivery's time rides as seconds since then (short, no long digit run). */
const BENCH_EPOCH = epochNow();
const sockets: WebSocket[] = [];
const received: Delivery[][] = Array.from({ length: MEMBERS }, () => []);
/** What each member has, live or fetched after a reconnection, by sender sequence: a client's view. */
const seen: Array<Set<number>> = Array.from({ length: MEMBERS }, () => new Set());
const latencies: number[] = [];
/** When each measured delivery was sent (epoch ms), for the per-second timeline. */
const latencySentAt: number[] = [];

type Broker = {
  url(index: number): string;
  connectHeaders(index: number): string;
  /** What each member subscribes to: its chat topic, or in relay mode its call topic. */
  topic(index: number): string;
  /** Where a member SENDs a call signal for member `index`. */
  relayTo(index: number): string;
};

const ours: Broker = {
  url: (index) => `${nodeOf(index)?.url.replace('http', 'ws')}/ws`,
  connectHeaders: (index) => `token:${tokens[index]}`,
  topic: (index) =>
    MODE === 'relay' ? destinations.call(ids[index] ?? '') : destinations.chat(ids[index] ?? ''),
  relayTo: (index) => destinations.publishCall(ids[index] ?? ''),
};
// RabbitMQ's Web-STOMP (bench/rabbitmq-web-stomp.sh enables it): the broker a team would
// otherwise put in front of such an app, measured the same way. It relays a SEND to a topic as
// is: nothing checks who may write to whom, nothing is stamped.
const rabbitmq: Broker = {
  url: () => 'ws://127.0.0.1:15674/ws',
  connectHeaders: () => 'login:guest\npasscode:guest',
  topic: (index) => `/topic/${MODE === 'relay' ? 'call' : 'chat'}.${index}`,
  relayTo: (index) => `/topic/call.${index}`,
};

/**
 * Each member's socket as the broker named it (CONNECTED's `session`): a message is sent naming
 * its sender's socket, as the app does, and the server spares that socket the echo (ADR 065).
 */
const socketSessions: string[] = [];

/** Opens one STOMP socket, CONNECTs and SUBSCRIBEs (with a receipt); resolves once subscribed. */
function connectMember(broker: Broker, index: number, onMessage?: (text: string) => void) {
  return new Promise<WebSocket>((resolve, reject) => {
    const socket = new WebSocket(broker.url(index), ['v12.stomp'], { perMessageDeflate: false });
    let state: 'connecting' | 'subscribing' | 'ready' = 'connecting';
    socket.on('open', () => {
      socket.send(
        `CONNECT\naccept-version:1.2\nhost:/\nheart-beat:0,0\n${broker.connectHeaders(index)}\n\n\0`,
      );
    });
    socket.on('message', (data: Buffer) => {
      const text = data.toString();
      if (state === 'connecting' && text.startsWith('CONNECTED')) {
        state = 'subscribing';
        const session = /\nsession:([^\n]*)/.exec(text)?.[1];
        if (session) socketSessions[index] = session;
        socket.send(`SUBSCRIBE\nid:0\ndestination:${broker.topic(index)}\nreceipt:s\n\n\0`);
      } else if (state === 'subscribing' && text.startsWith('RECEIPT')) {
        state = 'ready';
        resolve(socket);
      } else if (text.startsWith('MESSAGE')) {
        onMessage?.(text);
      } else if (text.startsWith('ERROR')) {
        if (state === 'ready' && relayErrors.length < 10) relayErrors.push(text.slice(0, 300));
        reject(new Error(text));
      }
    });
    socket.on('error', reject);
  });
}

function onOurMessage(index: number) {
  return (text: string) => {
    const now = epochNow();
    const body = JSON.parse(text.slice(text.indexOf('\n\n') + 2, -1)) as { content: string };
    // The abuse phase's long texts are not measured deliveries.
    if (!body.content.startsWith('{')) return;
    const record = JSON.parse(body.content) as Omit<Delivery, 'sentAt'> & { at: string };
    const delivery = { ...record, sentAt: BENCH_EPOCH + Number(record.at) * 1000 };
    // A sender's own tabs get its messages too: only the receiver's copy is measured.
    if (delivery.from === index) return;
    received[index]?.push(delivery);
    seen[index]?.add(delivery.seq);
    latencies.push(now - delivery.sentAt);
    latencySentAt.push(delivery.sentAt);
  };
}

// Relay mode: frame n is sent by member n mod (2 × SENDERS) to its partner (2k ⇄ 2k+1), as an
// ICE candidate like those a browser trickles. Its number rides in `usernameFragment`: the server
// relays a signal's known fields only, and this one is a string nothing checks.
const CANDIDATE_HEAD =
  'content-type:application/json\n\n{"candidate":{"candidate":"candidate:1 1 udp 2122260223 192.168.1.2 54321 typ host","sdpMid":"0","sdpMLineIndex":0,"usernameFragment":"';
const CANDIDATE_TAIL = '"}}\0';
const FRAME_NUMBER = '"usernameFragment":"';
type RelayStep = {
  first: number;
  sentAt: Float64Array;
  latencies: Float64Array;
  delivered: Uint8Array;
  deliveredCount: number;
  duplicated: number;
  misdelivered: number;
  lateFromEarlierSteps: number;
};
let relayStep: RelayStep | undefined;
/** When the last call signal arrived, of any step. */
let lastSignalAt = 0;
/** Members waiting for a signal with this text (an offer, an answer) while calls start. */
const awaitingSignal = new Map<number, { needle: string; resolve: () => void }>();
/** ERROR frames on subscribed sockets (a refused relay closes the socket). */
const relayErrors: string[] = [];

function onRelayed(index: number) {
  return (text: string) => {
    const now = performance.now();
    const waiting = awaitingSignal.get(index);
    if (waiting && text.includes(waiting.needle)) {
      awaitingSignal.delete(index);
      waiting.resolve();
      return;
    }
    const at = text.indexOf(FRAME_NUMBER);
    const n = Number.parseInt(
      text.slice(at + FRAME_NUMBER.length, at + FRAME_NUMBER.length + 12),
      10,
    );
    const step = relayStep;
    if (at < 0 || !step) return;
    lastSignalAt = now;
    if (n < step.first) {
      // Counted lost by its own step: it was late, not dropped.
      step.lateFromEarlierSteps += 1;
      return;
    }
    const k = n - step.first;
    if (((n % (2 * SENDERS)) ^ 1) !== index) step.misdelivered += 1;
    if (step.delivered[k]) {
      step.duplicated += 1;
      return;
    }
    step.delivered[k] = 1;
    step.latencies[step.deliveredCount] = now - (step.sentAt[k] ?? now);
    step.deliveredCount += 1;
  };
}

/** Connects everyone in batches, each with its MESSAGE handler if any; answers the seconds it took. */
async function connectAll(
  broker: Broker,
  keep: WebSocket[],
  handler?: (index: number) => (text: string) => void,
) {
  const start = performance.now();
  for (let first = 0; first < MEMBERS; first += CONNECT_BATCH) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(CONNECT_BATCH, MEMBERS - first) }, (_, k) =>
        connectMember(broker, first + k, handler?.(first + k)),
      ),
    );
    keep.push(...batch);
  }
  return (performance.now() - start) / 1000;
}

const before = serverStats();
const connectSeconds = await connectAll(ours, sockets, MODE === 'relay' ? onRelayed : onOurMessage);
await new Promise((r) => setTimeout(r, 2000));
const connected = serverStats();
const kbPerConnection = (connected.rssKb - before.rssKb) / MEMBERS;
log(
  `${MEMBERS} connected and subscribed in ${connectSeconds.toFixed(1)} s, ${kbPerConnection.toFixed(1)} KB each`,
);

const rabbitSockets: WebSocket[] = [];
const withRabbitmq = process.env.BENCH_RABBITMQ === '1';
const beam = withRabbitmq
  ? Number(execFileSync('pgrep', ['-f', 'beam.smp']).toString().split('\n')[0])
  : undefined;
/** Everyone connected to RabbitMQ's Web-STOMP, measured as ours was. */
async function connectRabbitmq() {
  const rabbitBefore = rssKbOf(beam);
  const seconds = await connectAll(
    rabbitmq,
    rabbitSockets,
    MODE === 'relay' ? onRelayed : undefined,
  );
  await new Promise((r) => setTimeout(r, 2000));
  const figures = {
    connectSeconds: Number(seconds.toFixed(2)),
    kbPerIdleConnection: Number(((rssKbOf(beam) - rabbitBefore) / MEMBERS).toFixed(1)),
  };
  log(
    `RabbitMQ Web-STOMP: ${MEMBERS} in ${seconds.toFixed(1)} s, ${figures.kbPerIdleConnection} KB each`,
  );
  return figures;
}
// Relay mode connects them when their turn comes: Web-STOMP closes a socket silent for 60 s
// (these negotiate no heart-beats), which they would be while ours relay.
let rabbitmqResult: Awaited<ReturnType<typeof connectRabbitmq>> | undefined;
if (withRabbitmq && MODE === 'chat') {
  rabbitmqResult = await connectRabbitmq();
  for (const socket of rabbitSockets) socket.terminate();
}

// --- Relay mode: call signals at rising rates, on our broker, then on RabbitMQ's.
const P99_LIMIT_MS = 50;
/** Our broker cuts off a connection past WS_FRAMES_PER_SECOND (20 by default). */
const FRAMES_PER_CONNECTION = 20;
const OTHERS_LIMIT_CORES = 0.3;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** CPU seconds of each PostgreSQL process, by pid. */
function postgresCpu() {
  const byPid = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8') === 'postgres\n')
        byPid.set(Number(entry), cpuSecondsOf(Number(entry)));
    } catch {
      // Gone between the listing and the read.
    }
  }
  return byPid;
}

/** What the processes alive at the end used since `before` (one that ended took its time along). */
function postgresCpuSince(before: Map<number, number>) {
  let total = 0;
  for (const [pid, seconds] of postgresCpu()) total += seconds - (before.get(pid) ?? 0);
  return total;
}

/** CPU seconds the whole machine spent busy, from /proc/stat. */
function machineBusySeconds() {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.split(/\s+/) ?? [];
  // Interrupts are left out: the loopback traffic of the bench itself is handled there.
  const [user = 0, nice = 0, system = 0] = ticks.map(Number);
  return (user + nice + system) / CLOCK_TICKS;
}

/** CPU times so far: the server's processes, PostgreSQL's, this client's and the machine's. */
function cpuSnapshot(serverPids: number[]) {
  return {
    serverPids,
    server: serverPids.reduce((sum, pid) => sum + cpuSecondsOf(pid), 0),
    postgres: postgresCpu(),
    client: process.cpuUsage(),
    machine: machineBusySeconds(),
    at: performance.now(),
  };
}

/** CPU seconds each used since the snapshot; `others` is any other process (a test suite…). */
function cpuSince(before: ReturnType<typeof cpuSnapshot>) {
  const client = process.cpuUsage(before.client);
  const used = {
    server: cpuSnapshot(before.serverPids).server - before.server,
    postgres: postgresCpuSince(before.postgres),
    client: (client.user + client.system) / 1e6,
    elapsed: (performance.now() - before.at) / 1000,
  };
  const others = machineBusySeconds() - before.machine - used.server - used.postgres - used.client;
  return { ...used, others: Math.max(0, others) };
}

/**
 * The machine is shared (other sessions run test suites on the same 2 cores): waits, up to a
 * minute, for a second in which other processes take under OTHERS_LIMIT_CORES. Each step reports
 * what they took anyway.
 */
async function quietMachine(serverPids: number[]) {
  for (let waited = 0; waited < 60; waited++) {
    const before = cpuSnapshot(serverPids);
    await sleep(1000);
    const { others, elapsed } = cpuSince(before);
    if (others / elapsed < OTHERS_LIMIT_CORES) return;
    if (waited % 20 === 0)
      log(`other processes take ${(others / elapsed).toFixed(2)} cores: waiting`);
  }
}

let nextFrame = 0;
/** Sends `rate` frames a second for SECONDS, open loop, then waits up to 5 s for the last ones. */
type RelayTarget = {
  broker: Broker;
  sockets: WebSocket[];
  serverPids: number[];
  /** What the server takes with everyone connected and nothing sent, in cores. */
  idleCores: number;
};

async function relayAtRate(
  { broker, sockets: on, serverPids, idleCores }: RelayTarget,
  rate: number,
) {
  const count = Math.round(rate * SECONDS);
  const senders = 2 * SENDERS;
  const step: RelayStep = {
    first: nextFrame,
    sentAt: new Float64Array(count),
    latencies: new Float64Array(count),
    delivered: new Uint8Array(count),
    deliveredCount: 0,
    duplicated: 0,
    misdelivered: 0,
    lateFromEarlierSteps: 0,
  };
  relayStep = step;
  nextFrame += count;
  const heads = Array.from(
    { length: senders },
    (_, s) => `SEND\ndestination:${broker.relayTo(s ^ 1)}\n${CANDIDATE_HEAD}`,
  );
  await quietMachine(serverPids);
  const cpuBefore = cpuSnapshot(serverPids);
  const start = performance.now();
  let k = 0;
  await new Promise<void>((resolve) => {
    const tick = setInterval(() => {
      const due = Math.min(count, Math.floor(((performance.now() - start) / 1000) * rate));
      for (; k < due; k++) {
        const n = step.first + k;
        const s = n % senders;
        step.sentAt[k] = performance.now();
        on[s]?.send(`${heads[s]}${n}${CANDIDATE_TAIL}`);
      }
      if (k >= count) {
        clearInterval(tick);
        resolve();
      }
    }, 5);
  });
  const achieved = count / ((performance.now() - start) / 1000);
  const deadline = performance.now() + 5000;
  while (step.deliveredCount < count && performance.now() < deadline) await sleep(20);
  const cpu = cpuSince(cpuBefore);
  const delivered = Math.max(1, step.deliveredCount);
  const usPerFrame = (seconds: number) => Number(((seconds * 1e6) / delivered).toFixed(1));
  const latencies = step.latencies.subarray(0, step.deliveredCount).sort();
  const result = {
    rate,
    achieved: Math.round(achieved),
    sent: count,
    delivered: step.deliveredCount,
    // Not delivered within 5 s of the step's end.
    lost: count - step.deliveredCount,
    duplicated: step.duplicated,
    misdelivered: step.misdelivered,
    lateFromEarlierSteps: step.lateFromEarlierSteps,
    latencyMs: {
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      max: percentile(latencies, 1),
    },
    cpuUsPerFrame: {
      server: usPerFrame(cpu.server),
      serverAboveIdle: usPerFrame(cpu.server - idleCores * cpu.elapsed),
      postgres: usPerFrame(cpu.postgres),
      benchClient: usPerFrame(cpu.client),
    },
    otherProcessesCores: Number((cpu.others / cpu.elapsed).toFixed(2)),
  };
  const held =
    result.lost === 0 &&
    result.misdelivered === 0 &&
    result.duplicated === 0 &&
    result.latencyMs.p99 <= P99_LIMIT_MS &&
    achieved >= 0.95 * rate;
  log(`relay ${JSON.stringify({ ...result, held })}`);
  // What an overloaded broker still holds drains before the next step: 2 s without a frame.
  for (let i = 0; i < 120 && performance.now() - lastSignalAt < 2000; i++) await sleep(500);
  return { ...result, held };
}

/** Doubles the rate until a step does not hold, then tries halfway back; or the BENCH_RATES list. */
async function relayLadder(broker: Broker, on: WebSocket[], serverPids: number[]) {
  await quietMachine(serverPids);
  const idle = cpuSnapshot(serverPids);
  await sleep(5000);
  const target = { broker, sockets: on, serverPids, idleCores: cpuSince(idle).server / 5 };
  const listed = process.env.BENCH_RATES?.split(',').map(Number);
  const steps: Array<Awaited<ReturnType<typeof relayAtRate>>> = [];
  let highestHeld = 0;
  let failed: number | undefined;
  const maxRate = FRAMES_PER_CONNECTION * 2 * SENDERS;
  for (let rate = listed?.[0] ?? RATE; rate <= maxRate && steps.length < 12; ) {
    let step = await relayAtRate(target, rate);
    // A step another process took a good share of the cores from says little: run it again, and
    // keep the run they disturbed least.
    if (step.otherProcessesCores > OTHERS_LIMIT_CORES) {
      log(`other processes took ${step.otherProcessesCores} cores: again`);
      const again = await relayAtRate(target, rate);
      if (again.otherProcessesCores < step.otherProcessesCores) step = again;
    }
    steps.push(step);
    if (step.held) highestHeld = Math.max(highestHeld, rate);
    else failed = Math.min(failed ?? rate, rate);
    if (listed) {
      rate = listed[steps.length] ?? Number.POSITIVE_INFINITY;
    } else if (failed === undefined) {
      rate *= 2;
    } else {
      // Halfway, until the two are within an eighth of each other.
      if (highestHeld === 0 || failed - highestHeld <= highestHeld / 8) break;
      rate = Math.round((highestHeld + failed) / 2 / 100) * 100;
    }
  }
  return {
    highestHeldRate: highestHeld,
    serverIdleCores: Number(target.idleCores.toFixed(3)),
    steps,
  };
}

/** Answers once `index` receives a signal containing `needle`; fails after 10 s. */
function signalTo(index: number, needle: string) {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      awaitingSignal.delete(index);
      reject(new Error(`member ${index} got no ${needle} (${relayErrors.join('; ')})`));
    }, 10_000);
    awaitingSignal.set(index, {
      needle,
      resolve: () => {
        clearTimeout(timer);
        resolve();
      },
    });
  });
}

/**
 * Our server relays candidates only between the two members of a call: member 2k calls 2k+1
 * (an audio offer), which answers, as browsers do before trickling candidates.
 */
async function startCalls() {
  const sdp = (type: 'offer' | 'answer') => ({
    type,
    sdp: 'v=0\r\no=- 4611731400430051336 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\n',
  });
  const signal = (from: number, body: object) =>
    sockets[from]?.send(
      `SEND\ndestination:${ours.relayTo(from ^ 1)}\ncontent-type:application/json\n\n${JSON.stringify(body)}\0`,
    );
  const start = performance.now();
  for (let first = 0; first < SENDERS; first += CONNECT_BATCH) {
    const pairs = Array.from(
      { length: Math.min(CONNECT_BATCH, SENDERS - first) },
      (_, k) => 2 * (first + k),
    );
    await Promise.all(
      pairs.map(async (caller) => {
        const offered = signalTo(caller + 1, '"type":"offer"');
        signal(caller, { type: 'audio', sdp: sdp('offer') });
        await offered;
        const answered = signalTo(caller, '"answer":{');
        signal(caller + 1, { answer: sdp('answer') });
        await answered;
      }),
    );
  }
  return (performance.now() - start) / 1000;
}

async function relayRun() {
  const callsSeconds = await startCalls();
  log(`relay: ${SENDERS} calls started in ${callsSeconds.toFixed(1)} s; ${SECONDS} s a step`);
  const ourFigures = await relayLadder(
    ours,
    sockets,
    nodes.map(({ child }) => child.pid ?? 0),
  );
  if (withRabbitmq) rabbitmqResult = await connectRabbitmq();
  const rabbitFigures = beam ? await relayLadder(rabbitmq, rabbitSockets, [beam]) : undefined;
  return {
    bench: 'chat-relay',
    database: onPglite ? 'pglite' : 'postgresql',
    nodes: NODES,
    members: MEMBERS,
    calls: SENDERS,
    secondsPerStep: SECONDS,
    connectSeconds: Number(connectSeconds.toFixed(2)),
    callsStartedSeconds: Number(callsSeconds.toFixed(2)),
    ours: ourFigures,
    ...(rabbitFigures
      ? {
          rabbitmqWebStomp: { ...rabbitmqResult, ...rabbitFigures },
          oursOverRabbitmq: Number(
            (ourFigures.highestHeldRate / Math.max(1, rabbitFigures.highestHeldRate)).toFixed(2),
          ),
        }
      : {}),
    socketsClosed: [...sockets, ...rabbitSockets].filter((s) => s.readyState !== s.OPEN).length,
    errors: relayErrors,
  };
}

async function finish(result: object): Promise<never> {
  console.log(JSON.stringify(result));
  for (const socket of [...sockets, ...rabbitSockets]) socket.terminate();
  for (const { child } of nodes) {
    child.kill('SIGTERM');
    await new Promise((r) => child.on('exit', r));
  }
  await fs.rm(dataDir, { recursive: true, force: true });
  if (databaseUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${DATABASE} with (force)`);
    await admin.end();
  }
  process.exit(0);
}

const percentile = (sorted: ArrayLike<number>, p: number) =>
  Number((sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0).toFixed(1));

if (MODE === 'relay') await finish(await relayRun());

// --- The timeline (BENCH_TIMELINE=1): what each second of the timed run looked like, to tell a
// stall's seconds from the others and see who held the cores then.
const timeline = process.env.BENCH_TIMELINE === '1';

/** Samples each second from `startInMs` on; `stop` answers the seconds sampled. */
function sampleCpuEachSecond(serverPids: number[], startInMs: number) {
  const seconds: Array<ReturnType<typeof cpuSince>> = [];
  let tick: NodeJS.Timeout | undefined;
  const start = setTimeout(() => {
    let before = cpuSnapshot(serverPids);
    tick = setInterval(() => {
      seconds.push(cpuSince(before));
      before = cpuSnapshot(serverPids);
    }, 1000);
  }, startInMs);
  return {
    stop() {
      clearTimeout(start);
      clearInterval(tick);
      return seconds;
    },
  };
}

function printTimeline(
  start: number,
  latencyOf: readonly number[],
  sentAtOf: readonly number[],
  cpu: ReadonlyArray<ReturnType<typeof cpuSince>>,
) {
  const bySecond = new Map<number, number[]>();
  latencyOf.forEach((latency, i) => {
    const second = Math.floor(((sentAtOf[i] ?? start) - start) / 1000);
    const list = bySecond.get(second) ?? [];
    list.push(latency);
    bySecond.set(second, list);
  });
  const cores = (seconds: number, elapsed: number) => (seconds / elapsed).toFixed(2);
  for (const [second, list] of [...bySecond].sort(([a], [b]) => a - b)) {
    const used = cpu[second];
    const slowest = Math.max(...list);
    const over = list.filter((latency) => latency > P99_LIMIT_MS).length;
    log(
      `second ${second}: ${list.length} sent, slowest ${slowest.toFixed(1)} ms, ${over} over ${P99_LIMIT_MS} ms` +
        (used
          ? `; cores: server ${cores(used.server, used.elapsed)}, postgres ${cores(used.postgres, used.elapsed)}, client ${cores(used.client, used.elapsed)}, others ${cores(used.others, used.elapsed)}`
          : ''),
    );
  }
}

// --- Phase 2: open-loop senders. Sender i is member 2i and writes to member 2i+1.
// One keep-alive connection per sender, one request on it at a time, as a phone's app sends: a
// sender's messages are committed in the order it sent them, however many wait their turn. The
// requests are written and the answers read here, not through node:http's client: on 2 shared
// cores its per-request work (agent, parser, header objects) took half of this client's CPU,
// taken from the server measured.
type Answered = (status: number) => void;

function createSenderConnection(base: string) {
  const { hostname, port } = new URL(base);
  const waiting: Array<{ request: string; answered: Answered }> = [];
  let socket: net.Socket | undefined;
  let unread = '';
  let written = false;

  /** A connection the server closed (idle between phases) is opened again, as an agent would. */
  function open() {
    const opened = net.connect(Number(port), hostname);
    opened.setNoDelay(true);
    // latin1: one character a byte, so Content-Length counts characters here.
    opened.setEncoding('latin1');
    opened.on('data', (chunk: string) => {
      unread += chunk;
      for (;;) {
        const headEnd = unread.indexOf('\r\n\r\n');
        if (headEnd < 0) return;
        const head = unread.slice(0, headEnd);
        const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
        if (unread.length < headEnd + 4 + length) return;
        unread = unread.slice(headEnd + 4 + length);
        written = false;
        waiting.shift()?.answered(Number(head.slice(9, 12)));
        writeNext();
      }
    });
    // What was on its way when the connection went fails: an answer may have been lost with it.
    opened.on('close', () => {
      socket = undefined;
      unread = '';
      written = false;
      for (const { answered } of waiting.splice(0)) answered(0);
    });
    opened.on('error', () => undefined);
    return opened;
  }

  function writeNext() {
    const first = waiting[0];
    if (written || !first) return;
    written = true;
    socket ??= open();
    socket.write(first.request);
  }

  return {
    send(path: string, headers: string, body: string, answered: Answered) {
      const request = `POST ${path} HTTP/1.1\r\nhost: ${hostname}:${port}\r\n${headers}content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
      waiting.push({ request, answered });
      writeNext();
    },
  };
}

const senderConnections = Array.from({ length: SENDERS }, (_, sender) =>
  createSenderConnection(nodeOf(2 * sender)?.url ?? ''),
);
const answers: Array<{ sentAt: number; ms: number }> = [];
const sentBy = new Array<number>(SENDERS).fill(0);
let failures = 0;
let inFlight = 0;
/** The measure covers the messages sent from then on (epoch ms); those before warm up. */
let measuredFrom = Number.POSITIVE_INFINITY;
let warmUpMessages = 0;
function send(sender: number) {
  const from = 2 * sender;
  const seq = sentBy[sender] ?? 0;
  sentBy[sender] = seq + 1;
  const sentAt = epochNow();
  if (sentAt < measuredFrom) warmUpMessages += 1;
  // The time in tenths of a millisecond since the start: a 13-digit epoch would read as a phone
  // number to the scam shield.
  const content = JSON.stringify({
    from,
    seq,
    at: ((sentAt - BENCH_EPOCH) / 1000).toFixed(4),
    text: CHAT_LINES[seq % CHAT_LINES.length],
  });
  const body = JSON.stringify({ uuid: crypto.randomUUID(), content });
  inFlight += 1;
  senderConnections[sender]?.send(
    `/api/chat/send/${ids[from + 1]}`,
    `authorization: Bearer ${tokens[from]}\r\n${
      socketSessions[from] ? `x-realtime-session: ${socketSessions[from]}\r\n` : ''
    }`,
    body,
    (status) => {
      inFlight -= 1;
      if (status !== 201) failures += 1;
      else answers.push({ sentAt, ms: epochNow() - sentAt });
    },
  );
}

let next = 0;
/** Sends `rate` messages a second for `seconds`, open loop; answers the rate achieved. */
async function sendAtRate(rate: number, seconds: number) {
  const start = performance.now();
  const first = next;
  const last = first + rate * seconds;
  await new Promise<void>((resolve) => {
    const tick = setInterval(() => {
      const due = Math.min(first + Math.floor(((performance.now() - start) / 1000) * rate), last);
      for (; next < due; next++) send(next % SENDERS);
      if (next >= last) {
        clearInterval(tick);
        resolve();
      }
    }, 5);
  });
  const achieved = (next - first) / ((performance.now() - start) / 1000);
  // Let the last messages arrive.
  for (let i = 0; i < 200 && (inFlight > 0 || latencies.length < next - failures); i++) {
    await new Promise((r) => setTimeout(r, 50));
  }
  await new Promise((r) => setTimeout(r, 1000));
  return Math.round(achieved);
}

// Each conversation begins with one message, over two seconds: a chat's traffic is mostly
// conversations already begun, and 400 beginning in the same second measured the server's first
// second (JIT, first statements) more than its steady rate. Then the load runs at its rate for
// WARM_UP_SECONDS before the measure starts, without a pause: a server taking 2,000 messages a
// second has been taking them for a while, and a load resumed after an idle second stalled its
// first second (docs/performance.md, chat). These messages are checked like the others (lost,
// duplicated, reordered) but not timed.
await sendAtRate(Math.ceil(SENDERS / 2), 2);
measuredFrom = epochNow() + WARM_UP_SECONDS * 1000;
const atMeasureStart = { cpuSeconds: 0 };
setTimeout(() => {
  atMeasureStart.cpuSeconds = serverStats().cpuSeconds;
}, measuredFrom - epochNow());
const cpuEachSecond = timeline
  ? sampleCpuEachSecond(
      nodes.map(({ child }) => child.pid ?? 0),
      measuredFrom - epochNow(),
    )
  : null;
const achievedRate = await sendAtRate(RATE, WARM_UP_SECONDS + SECONDS);
const cpuAfter = serverStats().cpuSeconds;
const measured = (sentAt: number) => sentAt >= measuredFrom;
const steadyLatencies = latencies.filter((_, i) => measured(latencySentAt[i] ?? 0));
const steadyAnswerMs = answers.filter((a) => measured(a.sentAt)).map((a) => a.ms);
if (cpuEachSecond) printTimeline(measuredFrom, latencies, latencySentAt, cpuEachSecond.stop());

// --- Phase 3 (BENCH_ABUSE=1): the same load while one member's socket stops reading and
// receives long messages, and another floods frames (reconnecting each time it is cut off).
let abuse:
  | {
      latencyP99Ms: number;
      baselineP99Ms: number;
      slowReaderDropped: boolean;
      slowReaderFedMessages: number;
      flooderCutOffs: number;
      flooderRefusedReconnects: number;
      maxServerRssMb: number;
    }
  | undefined;
if (process.env.BENCH_ABUSE === '1') {
  // The three members it uses are none of the senders' pairs.
  if (2 * SENDERS > MEMBERS - 3)
    throw new Error('BENCH_ABUSE needs BENCH_SENDERS below MEMBERS/2 - 2');
  const slowIndex = MEMBERS - 1;
  const slowSender = MEMBERS - 2;
  const slow = await connectMember(ours, slowIndex);
  // ws's own pause: reading the socket stops for good (pausing the TCP socket under ws would be
  // undone the next time its parser drains).
  slow.pause();
  let slowDropped = false;
  slow.on('close', () => {
    slowDropped = true;
  });
  let cutOffs = 0;
  let refusedReconnects = 0;
  let slowFed = 0;
  let flooding = true;
  // Bursts of 500 frames, far over the per-socket rate: the broker cuts the socket off, and the
  // flooder comes back, for as long as the phase lasts.
  const flood = async () => {
    while (flooding) {
      const socket = await connectMember(ours, MEMBERS - 3).catch(() => undefined);
      if (!socket) {
        // Held back after a cut-off: try again in a moment, as a stubborn client would.
        refusedReconnects += 1;
        await new Promise((r) => setTimeout(r, 200));
        continue;
      }
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      while (flooding && socket.readyState === socket.OPEN) {
        for (let i = 0; i < 500; i++) {
          socket.send('SEND\ndestination:/app/presence\n\n{"status":"online"}\0');
        }
        await Promise.race([closed, new Promise((r) => setTimeout(r, 100))]);
      }
      socket.terminate();
      cutOffs += 1;
    }
  };
  const flooder = flood();
  const longText = 'x'.repeat(3900);
  const slowAgent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const feedSlow = setInterval(() => {
    // 400 long messages a second (1.6 MB/s): more than the kernel's socket buffers hold in a
    // few seconds, so what the server cannot write piles up in the process.
    for (let i = 0; i < 4; i++) {
      const body = JSON.stringify({ content: longText });
      http
        .request(`${nodeOf(slowSender)?.url}/api/chat/send/${ids[slowIndex]}`, {
          method: 'POST',
          agent: slowAgent,
          headers: {
            authorization: `Bearer ${tokens[slowSender]}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        })
        .on('response', (r) => {
          if (r.statusCode === 201) slowFed += 1;
          r.resume();
        })
        .on('error', () => undefined)
        .end(body);
    }
  }, 10);
  let maxRssKb = 0;
  const sample = setInterval(() => {
    maxRssKb = Math.max(maxRssKb, serverStats().rssKb);
  }, 250);
  const from = latencies.length;
  await sendAtRate(RATE, SECONDS);
  clearInterval(feedSlow);
  clearInterval(sample);
  flooding = false;
  // A paused socket cannot see its own end: read what the kernel still holds, then the close
  // comes if the server dropped it.
  slow.resume();
  for (let i = 0; i < 100 && !slowDropped; i++) await new Promise((r) => setTimeout(r, 100));
  const during = latencies.slice(from).sort((a, b) => a - b);
  const baseline = [...steadyLatencies].sort((a, b) => a - b);
  abuse = {
    latencyP99Ms: percentile(during, 0.99),
    baselineP99Ms: percentile(baseline, 0.99),
    slowReaderDropped: slowDropped,
    slowReaderFedMessages: slowFed,
    flooderCutOffs: cutOffs,
    flooderRefusedReconnects: refusedReconnects,
    maxServerRssMb: Math.round(maxRssKb / 1024),
  };
  log(`abuse: ${JSON.stringify(abuse)}`);
  await Promise.race([flooder, new Promise((r) => setTimeout(r, 2000))]);
}

// --- Phase 4 (BENCH_RECONNECT=1): every socket dropped at once while messages keep coming;
// each member reconnects after a random wait (as clients spread by their back-off), subscribes,
// then fetches its conversation from REST to catch up, deduplicating as the web app does.
let reconnect: { allResubscribedSeconds: number; missingAfterResync: number } | undefined;
if (process.env.BENCH_RECONNECT === '1') {
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const resync = async (index: number) => {
    const partner = index - 1;
    const response = await fetch(
      `${nodeOf(index)?.url}/api/chat/conversation/${ids[partner]}?size=100`,
      {
        headers: { authorization: `Bearer ${tokens[index]}` },
      },
    );
    const page = (await response.json()) as Array<{ content: string; senderId: string }>;
    for (const message of page) {
      if (message.senderId !== ids[partner] || !message.content.startsWith('{')) continue;
      seen[index]?.add((JSON.parse(message.content) as Delivery).seq);
    }
  };
  const load = sendAtRate(RATE, 20);
  await sleep(5000);
  const droppedAt = performance.now();
  for (const socket of sockets) socket.terminate();
  const back = await Promise.all(
    sockets.map(async (_, index) => {
      await sleep(Math.random() * 3000);
      for (let attempt = 0; ; attempt++) {
        try {
          sockets[index] = await connectMember(ours, index, onOurMessage(index));
          break;
        } catch (error) {
          if (attempt > 20) throw error;
          await sleep(500 * (attempt + 1));
        }
      }
      if (index % 2 === 1 && index < 2 * SENDERS) await resync(index);
      return performance.now();
    }),
  );
  await load;
  let missing = 0;
  for (let sender = 0; sender < SENDERS; sender++) {
    missing += (sentBy[sender] ?? 0) - (seen[2 * sender + 1]?.size ?? 0);
  }
  reconnect = {
    allResubscribedSeconds: Number(((Math.max(...back) - droppedAt) / 1000).toFixed(1)),
    missingAfterResync: missing,
  };
  log(`reconnect: ${JSON.stringify(reconnect)}`);
}

/**
 * The scam shield's own CPU per message, in this process (ADR 043): the rules over the texts the
 * bench sends (as sent, with the delivery record), then over scam-like ones, after a warm-up.
 */
function shieldCost() {
  const ordinary = CHAT_LINES.map((text, seq) =>
    JSON.stringify({ from: 1234, seq: 98_765 + seq, at: '61.2345', text }),
  );
  const scams = [
    "Envoie-moi de l'argent par Wave, c'est urgent pour les frais de visa",
    'Add me on WhatsApp +221 77 123 45 67, I have an investment opportunity',
    'Mon insta c’est awa_d, regarde www.exemple.com',
  ];
  const usPer = (texts: string[], rounds: number) => {
    let bits = 0;
    for (let i = 0; i < 2000; i++) bits |= shieldBits(texts[i % texts.length] ?? '');
    const start = process.cpuUsage();
    for (let i = 0; i < rounds; i++) bits |= shieldBits(texts[i % texts.length] ?? '');
    const used = process.cpuUsage(start);
    return { us: Number(((used.user + used.system) / rounds).toFixed(2)), bits };
  };
  const plain = usPer(ordinary, 200_000);
  const flagged = usPer(scams, 200_000);
  if (plain.bits !== 0) throw new Error('An ordinary line of the bench sets the scam shield off');
  return {
    server: process.env.BENCH_SCAM_SHIELD === 'false' ? 'off' : 'on',
    classifierUsPerOrdinaryMessage: plain.us,
    classifierUsPerScamMessage: flagged.us,
  };
}

// --- Checks: every message once, in order per conversation (live deliveries), and none missing
// from what each receiver has (live, or fetched after a reconnection).
let lost = 0;
let duplicated = 0;
let reordered = 0;
for (let sender = 0; sender < SENDERS; sender++) {
  const live = new Set<number>();
  let last = -1;
  for (const delivery of received[2 * sender + 1] ?? []) {
    if (live.has(delivery.seq)) duplicated += 1;
    else if (delivery.seq < last) reordered += 1;
    live.add(delivery.seq);
    last = Math.max(last, delivery.seq);
  }
  lost += (sentBy[sender] ?? 0) - (seen[2 * sender + 1]?.size ?? 0);
}
steadyLatencies.sort((a, b) => a - b);
steadyAnswerMs.sort((a, b) => a - b);

const result = {
  bench: 'chat',
  database: onPglite ? 'pglite' : 'postgresql',
  nodes: NODES,
  members: MEMBERS,
  connectSeconds: Number(connectSeconds.toFixed(2)),
  kbPerIdleConnection: Number(kbPerConnection.toFixed(1)),
  targetRate: RATE,
  achievedRate,
  seconds: SECONDS,
  warmUpMessages,
  sent: next - warmUpMessages,
  httpFailures: failures,
  delivered: latencySentAt.filter(measured).length,
  // Phase 2's figures; with BENCH_ABUSE, phase 3's are under `abuse`.
  lost: lost - failures,
  duplicated,
  reordered,
  latencyMs: {
    p50: percentile(steadyLatencies, 0.5),
    p95: percentile(steadyLatencies, 0.95),
    p99: percentile(steadyLatencies, 0.99),
  },
  httpAnswerMs: { p50: percentile(steadyAnswerMs, 0.5), p99: percentile(steadyAnswerMs, 0.99) },
  serverCpuMsPerMessage: Number(
    (((cpuAfter - atMeasureStart.cpuSeconds) * 1000) / Math.max(1, steadyLatencies.length)).toFixed(
      3,
    ),
  ),
  serverRssMb: Math.round(serverStats().rssKb / 1024),
  shield: shieldCost(),
  ...(rabbitmqResult ? { rabbitmqWebStomp: rabbitmqResult } : {}),
  ...(abuse ? { abuse } : {}),
  ...(reconnect ? { reconnect } : {}),
};
await finish(result);
