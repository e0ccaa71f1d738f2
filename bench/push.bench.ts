/**
 * Web Push at a burst (ADR 037): MEMBERS members each with one subscribed phone (rows
 * written straight to the database), then EVENTS new messages to as many of them, recorded in
 * the outbox as the chat's batched insert records them (ADR 064: statements of 500) and taken by
 * the real app (its loop: the rules, the payload in the device's language, the queue in
 * PostgreSQL) and sent by its delivery loop (claims, `web-push` encryption and VAPID, HTTPS) to
 * the local push service of the tests, which runs in a child process (TLS and decryption are its
 * CPU, not the server's) and decrypts every push.
 * Reports the time from the first event to the last push received, and the server's CPU per push
 * (this process: the app; PostgreSQL's own CPU is not counted). Prints one JSON line.
 *
 * Usage: node bench/push.bench.ts
 *   BENCH_DATABASE_URL (default: the local test server), BENCH_MEMBERS (10000),
 *   BENCH_EVENTS (5000), BENCH_BATCH (PUSH_BATCH, 100)
 */
import { fork } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { migrateDatabase, openDatabase } from '../apps/server/src/db/database.ts';
import { members, pushSubscriptions, sessions } from '../apps/server/src/db/schema.ts';
import { hashToken } from '../apps/server/src/lib/tokens.ts';
import {
  type BrowserSubscription,
  startTestPushService,
} from '../apps/server/test/push-service.ts';
import { PRIVACY_VERSION } from '../packages/contract/src/constants.ts';
import { inProcessApp } from './support/in-process-app.ts';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 10_000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 5000);

type FromService =
  | { kind: 'ready'; subscriptions: BrowserSubscription[] }
  | { kind: 'done'; at: number; received: number; refused: number; cpuMs: number };

// The push service's process: subscriptions made as browsers would, then every push decrypted.
if (process.env.BENCH_ROLE === 'push-service') {
  const service = await startTestPushService();
  const subscriptions = Array.from({ length: MEMBERS }, () => service.subscribe());
  const started = process.cpuUsage();
  process.send?.({ kind: 'ready', subscriptions } satisfies FromService);
  await service.waitFor(EVENTS, 10 * 60_000);
  const cpu = process.cpuUsage(started);
  process.send?.({
    kind: 'done',
    at: Date.now(),
    received: service.received.length,
    refused: service.refused.length,
    cpuMs: (cpu.user + cpu.system) / 1000,
  } satisfies FromService);
  await service.close();
  process.exit(0);
}

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DATABASE = 'mawadda_bench_push';
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`drop database if exists ${DATABASE} with (force)`);
await admin.query(`create database ${DATABASE}`);
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${DATABASE}` }).toString();
const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'mawadda-bench-push-'));
const handle = await openDatabase({ databaseUrl, dataDir: tmp });
await migrateDatabase(handle.db);

const child = fork(import.meta.filename, [], {
  env: { ...process.env, BENCH_ROLE: 'push-service' },
});
const messages: FromService[] = [];
const waiting: Array<() => void> = [];
child.on('message', (message: FromService) => {
  messages.push(message);
  for (const wake of waiting.splice(0)) wake();
});
async function next<K extends FromService['kind']>(kind: K) {
  for (;;) {
    const found = messages.find((m) => m.kind === kind);
    if (found) return found as Extract<FromService, { kind: K }>;
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
}
const { subscriptions } = await next('ready');

// The members, a session each and their phone, as if they had subscribed.
const CHUNK = 1000;
const ids: string[] = [];
for (let start = 0; start < MEMBERS; start += CHUNK) {
  const rows = await handle.db
    .insert(members)
    .values(
      Array.from({ length: Math.min(CHUNK, MEMBERS - start) }, (_, i) => ({
        email: `push${start + i}@bench.local`,
        name: `Member${start + i} Bench`,
        gender: (start + i) % 2 === 0 ? ('femme' as const) : ('homme' as const),
        age: 30,
        religiousDataConsentAt: new Date(),
        religiousDataConsentVersion: PRIVACY_VERSION,
      })),
    )
    .returning({ id: members.id });
  const sessionRows = await handle.db
    .insert(sessions)
    .values(
      rows.map((row) => ({
        memberId: row.id,
        tokenHash: hashToken(crypto.randomUUID()),
        expiresAt: new Date(Date.now() + 86_400_000),
      })),
    )
    .returning({ id: sessions.id, memberId: sessions.memberId });
  await handle.db.insert(pushSubscriptions).values(
    sessionRows.map((session, i) => {
      const subscription = subscriptions[start + i] as BrowserSubscription;
      return {
        memberId: session.memberId,
        sessionId: session.id,
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
        language: i % 2 === 0 ? ('fr' as const) : ('en' as const),
        subscribedAt: new Date(),
      };
    }),
  );
  ids.push(...rows.map((row) => row.id));
}

const app = await inProcessApp({
  db: handle.db,
  dir: tmp,
  env: {
    PUSH_LOOPBACK_ENDPOINTS: 'true',
    PUSH_CA_FILE: path.join(
      import.meta.dirname,
      '../apps/server/test/fixtures/push-service.cert.pem',
    ),
    ...(process.env.BENCH_BATCH ? { PUSH_BATCH: process.env.BENCH_BATCH } : {}),
  },
  logger: pino({ level: 'warn' }),
});
await app.ready();

// The burst: a message from a member of the other gender to each of EVENTS members, recorded
// in the outbox as the chat's batched insert records them (ADR 064: in its statements of up to
// 500 messages, for the receivers with a device), then told to this node's loop.
const cpuBefore = process.cpuUsage();
const started = Date.now();
const { recorded } = app.platform.events;
const WRITER_BATCH = 500;
for (let start = 0; start < EVENTS; start += WRITER_BATCH) {
  const at = new Date().toISOString();
  const events = Array.from({ length: Math.min(WRITER_BATCH, EVENTS - start) }, (_, k) => {
    const to = ids[start + k] as string;
    const from = ids[(start + k + 1) % MEMBERS] as string;
    return {
      member: to,
      payload: {
        kind: 'message' as const,
        from,
        to,
        content: 'text' as const,
        text: 'Salam, comment vas-tu ?',
        at,
      },
    };
  });
  await recorded.write(handle.db, 'chat:message-stored', events);
  recorded.told('chat:message-stored');
}
await app.push.notified();
const queuedMs = Date.now() - started;
const done = await next('done');
const cpu = process.cpuUsage(cpuBefore);
const serverCpuMs = (cpu.user + cpu.system) / 1000;

console.log(
  JSON.stringify({
    bench: 'push',
    members: MEMBERS,
    events: EVENTS,
    received: done.received,
    refused: done.refused,
    allQueuedMs: queuedMs,
    lastReceivedMs: done.at - started,
    pushesPerSecond: Math.round((EVENTS / (done.at - started)) * 1000),
    serverCpuMsPerPush: Math.round((serverCpuMs / EVENTS) * 1000) / 1000,
    pushServiceCpuMsPerPush: Math.round((done.cpuMs / EVENTS) * 1000) / 1000,
    cores: os.cpus().length,
    loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
  }),
);

await app.close();
await handle.close();
await admin.query(`drop database if exists ${DATABASE} with (force)`);
await admin.end();
await fs.rm(tmp, { recursive: true, force: true });
