import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_NOTIFICATION_SETTINGS, pushPayloadSchema } from '@mawadda/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { migrateDatabase, openDatabase } from '../src/db/database.ts';
import { bearer, seedLikes, seedMembers, seedSubscription, sessionFor } from '../test/fixtures.ts';
import { startTestPushService, type TestPushService } from '../test/push-service.ts';
import { startS3Server } from '../test/s3-server.ts';
import { freePort, startServerProcess } from '../test/server-process.ts';
import { type Acknowledged, Member, now, PAGE, sleep, waitUntil } from './chatting-members.ts';
import {
  type PrivatePostgres,
  type PrivateRedis,
  startPrivatePostgres,
  startPrivateRedis,
} from './private-services.ts';

/**
 * Three server processes (`src/server.ts`) on one PostgreSQL, one Redis and one S3 bucket, as
 * docs/operations.md "Several nodes" runs them, with members chatting across nodes at a steady
 * rate while, one after another, a node is killed with SIGKILL, Redis is restarted (losing all
 * it held) and PostgreSQL is restarted (stopped as by a crash). After each, once the members
 * are back and have read their conversations again: every acknowledged message is seen by its
 * receiver, once, in order; presence is right within its expiry; the call in progress ends on
 * both sides; the pushes of messages acknowledged just before the fault arrive, once each. The
 * figures are printed as one JSON line (docs/operations.md, "Faults").
 *
 * `npm run test:faults` (vitest.faults.config.ts), apart from `npm test`: PostgreSQL and Redis
 * are the test's own, started from the machine's binaries, so it may stop them.
 */

const PRESENCE_TTL_SECONDS = 2;
/** A dead node's members go offline within the TTL and one renewal (docs/operations.md). */
const PRESENCE_BOUND_MS = (PRESENCE_TTL_SECONDS * 1000 * 4) / 3;
/** What a busy two-core machine may add to any bound. */
const SLACK_MS = 5000;
/** How long Redis and PostgreSQL stay down. */
const OUTAGE_MS = 1000;
/** Matched pairs chatting, each member on another node than their partner. */
const PAIRS = 6;
/** Each member writes every this often: 24 messages a second in all. */
const INTERVAL_MS = 500;
/** Members who each write one message to the member with a phone just before each fault. */
const PUSH_SENDERS = 4;
/** Steady chat after a fault's recovery, before its figures are taken. */
const AFTER_RECOVERY_MS = 2000;

let postgres: PrivatePostgres;
let redis: PrivateRedis;
let pushService: TestPushService;
let dataDir: string;
const failures: string[] = [];
const fail = (why: string) => failures.push(why);

type Node = {
  name: string;
  url: string;
  metricsUrl: string;
  process: ReturnType<typeof startServerProcess>;
};
const nodes: Node[] = [];
/** Steady members: 2k and 2k + 1 are a matched pair, on nodes k mod 3 and k + 1 mod 3. */
const members: Member[] = [];
const partnerOf = (m: Member) => members.find((p) => p.id === m.partnerId) as Member;
/** The member with a phone (a push subscription, no socket) and those who write to them. */
let phoneOwner: { id: string; token: string; endpoint: string };
const pushSenders: Member[] = [];

let phase = 'warm-up';
let running = true;

async function query<T>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

async function startNode(n: number, shared: Record<string, string>): Promise<Node> {
  const [port, metricsPort] = [await freePort(), await freePort()];
  const started = startServerProcess({
    ...shared,
    PORT: String(port),
    METRICS_PORT: String(metricsPort),
    DATA_DIR: path.join(dataDir, `node-${n}`),
  });
  await started.ready(port);
  return {
    name: `node-${n}`,
    url: `http://127.0.0.1:${port}`,
    metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`,
    process: started,
  };
}

beforeAll(async () => {
  [postgres, redis] = await Promise.all([startPrivatePostgres(), startPrivateRedis()]);
  const s3 = await startS3Server();
  pushService = await startTestPushService();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mawadda-faults-'));

  const handle = await openDatabase({ databaseUrl: postgres.url, dataDir });
  await migrateDatabase(handle.db);
  const steadyIds = await seedMembers(
    handle.db,
    Array.from({ length: 2 * PAIRS }, (_, i) => ({
      gender: i % 2 === 0 ? ('femme' as const) : ('homme' as const),
      name: `Steady${i} Diallo`,
    })),
  );
  const [phoneId = '', ...senderIds] = await seedMembers(handle.db, [
    { gender: 'homme', name: 'Youssef Phone' },
    ...Array.from({ length: PUSH_SENDERS }, (_, i) => ({
      gender: 'femme' as const,
      name: `Sender${i} Ba`,
    })),
  ]);
  await seedLikes(handle.db, [
    ...steadyIds.flatMap(
      (id, i): Array<[string, string]> =>
        i % 2 === 0 ? [[id, steadyIds[i + 1] ?? '']] : [[id, steadyIds[i - 1] ?? '']],
    ),
    ...senderIds.flatMap(
      (id): Array<[string, string]> => [
        [id, phoneId],
        [phoneId, id],
      ],
    ),
  ]);
  // The first pair calls: calls are for subscribers.
  await seedSubscription(handle.db, steadyIds[0] ?? '', new Date(Date.now() + 86_400_000));
  const tokenOf = (id: string) => sessionFor(handle.db, id);
  const steadyTokens = await Promise.all(steadyIds.map(tokenOf));
  const senderTokens = await Promise.all(senderIds.map(tokenOf));
  const phoneToken = await tokenOf(phoneId);
  await handle.close();

  const vapid = webpush.generateVAPIDKeys();
  const shared = {
    DATABASE_URL: postgres.url,
    REDIS_URL: redis.url,
    REDIS_PREFIX: 'faults:',
    MEDIA_LINK_SECRET: 'the three fault-test nodes share this secret, long enough',
    MEDIA_STORE_URL: `s3://${s3.location.bucket}/${s3.location.prefix}`,
    MEDIA_STORE_ENDPOINT: s3.location.endpoint,
    MEDIA_STORE_REGION: s3.location.region,
    MEDIA_STORE_ACCESS_KEY_ID: s3.location.accessKeyId,
    MEDIA_STORE_SECRET_ACCESS_KEY: s3.location.secretAccessKey,
    MEDIA_STORE_FORCE_PATH_STYLE: 'true',
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:operations@mawadda.test',
    PUSH_LOOPBACK_ENDPOINTS: 'true',
    PUSH_CA_FILE: path.join(import.meta.dirname, '../test/fixtures/push-service.cert.pem'),
    PRESENCE_TTL_SECONDS: String(PRESENCE_TTL_SECONDS),
    // Every client is on 127.0.0.1, as behind a balancer.
    MAX_CONNECTIONS_PER_ADDRESS: '0',
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: dataDir,
  };
  nodes.push(...(await Promise.all([0, 1, 2].map((n) => startNode(n, shared)))));

  for (const [i, id] of steadyIds.entries()) {
    const pair = Math.floor(i / 2);
    const home = (pair + (i % 2)) % 3;
    const partner = steadyIds[i % 2 === 0 ? i + 1 : i - 1] ?? '';
    const token = steadyTokens[i] ?? '';
    members.push(new Member({ name: `m${i}`, id, token, partnerId: partner, home }, nodes, fail));
  }
  for (const [i, id] of senderIds.entries()) {
    const token = senderTokens[i] ?? '';
    pushSenders.push(
      new Member({ name: `s${i}`, id, token, partnerId: phoneId, home: 0 }, nodes, fail),
    );
  }
  await Promise.all(members.map((m) => m.connect(m.node)));
  await Promise.all(members.map((m) => m.resync()));

  const phone = pushService.subscribe();
  const subscribed = await fetch(`${nodes[1]?.url}/api/push/subscriptions`, {
    method: 'POST',
    headers: { ...bearer(phoneToken), 'content-type': 'application/json' },
    body: JSON.stringify(phone),
  });
  expect(subscribed.status).toBe(201);
  // The text on the lock screen names each message, so each push is counted against its own.
  const settings = await fetch(`${nodes[1]?.url}/api/push/settings`, {
    method: 'PUT',
    headers: { ...bearer(phoneToken), 'content-type': 'application/json' },
    body: JSON.stringify({ ...DEFAULT_NOTIFICATION_SETTINGS, showMessageText: true }),
  });
  expect(settings.status).toBe(200);
  phoneOwner = { id: phoneId, token: phoneToken, endpoint: phone.endpoint };
}, 180_000);

afterAll(async () => {
  running = false;
  for (const m of members) await m.disconnect().catch(() => undefined);
  for (const node of nodes) {
    if (node.process.child.exitCode === null) node.process.child.kill('SIGKILL');
  }
  await pushService?.close();
  await redis?.close();
  await postgres?.close();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

// --- What the members see, and what the server holds.

/**
 * Waits until each member has every message its partner had acknowledged when the wait began;
 * answers the messages still missing at the deadline.
 */
async function settleMessages(withinMs: number) {
  const due = members.map((m) => partnerOf(m).acknowledged.slice());
  const missing = () =>
    members.flatMap((m, i) =>
      m.leaving ? [] : (due[i] ?? []).filter((a) => !m.view.has(a.uuid)).map((a) => ({ m, a })),
    );
  const ms = await waitUntil(() => missing().length === 0, withinMs);
  return { ms, missing: missing().map(({ m, a }) => `${m.name} lacks #${a.seq} (${a.phase})`) };
}

/** Every member's screen, and the server, say each partner is online (the leaver offline). */
async function presenceRight(): Promise<boolean> {
  for (const m of members) {
    if (m.leaving || !m.connected) continue;
    const partner = partnerOf(m);
    const expected = !partner.leaving;
    if ((m.online.get(partner.id) ?? false) !== expected) return false;
    if ((await m.serverSaysOnline(partner.id)) !== expected) return false;
  }
  return true;
}

/** Whole conversations over REST, oldest first, as the receiver reads them. */
async function storedConversation(m: Member) {
  const all: Array<{ uuid: string; senderId: string; content: string | null }> = [];
  let before: string | undefined;
  for (;;) {
    const page = await m.get<typeof all>(
      `/api/chat/conversation/${m.partnerId}?size=${PAGE}${before ? `&before=${before}` : ''}`,
    );
    all.unshift(...page);
    if (page.length < PAGE) return all;
    before = page[0]?.uuid;
  }
}

/** The steady messages begun during a phase: all acknowledged in the end (or the test fails). */
function phaseMessages(label: string) {
  const sent = members.flatMap((m) =>
    m.acknowledged.filter((a) => a.phase === label).map((a) => ({ a, to: partnerOf(m) })),
  );
  const count = (test: (a: Acknowledged, to: Member) => boolean) =>
    sent.filter(({ a, to }) => test(a, to)).length;
  return {
    sent: sent.length,
    acknowledged: sent.length,
    deliveredLive: count((a, to) => to.live.has(a.uuid)),
    onlyReadAgain: count((a, to) => !to.live.has(a.uuid) && to.view.has(a.uuid)),
    deliveredLiveTwice: count((a, to) => to.liveTwice.has(a.uuid)),
    retried: count((a) => a.retries > 0),
    retries: sent.reduce((n, { a }) => n + a.retries, 0),
    slowestAcknowledgementMs: Math.round(
      Math.max(0, ...sent.map(({ a }) => a.ackedAt - a.startedAt)),
    ),
  };
}

// --- Pushes.

/**
 * Each push sender writes one message to the member with a phone through `node`, all at once;
 * answers their texts once all are acknowledged.
 */
async function pushBurst(node: number, label: string) {
  const texts = pushSenders.map((_, i) => `push ${label} ${i}`);
  await Promise.all(
    pushSenders.map((s, i) => {
      s.node = node;
      return s.send(phoneOwner.id, texts[i] ?? '', 0, label);
    }),
  );
  return texts;
}

/** Pushes delivered to the phone, by the text they show. */
function deliveredTexts() {
  const byText = new Map<string, number>();
  for (const push of pushService.received) {
    if (push.endpoint !== phoneOwner.endpoint || push.status !== 201) continue;
    const body = pushPayloadSchema.parse(JSON.parse(push.payload)).body;
    byText.set(body, (byText.get(body) ?? 0) + 1);
  }
  return byText;
}

/**
 * Waits for a push of each text, then for nothing left to push (the queue and the outbox
 * empty), and counts: lost (never pushed) and doubled (pushed more than once).
 */
async function pushesOf(texts: string[], since: number) {
  // A killed node's leases delay what it had taken: 10 s on the outbox's events, 30 s on the
  // pushes it was sending (ADR 064, ADR 037).
  const arrivedMs = await waitUntil(
    () => texts.every((t) => deliveredTexts().has(t)),
    60_000,
    since,
  );
  await waitUntil(async () => {
    const [row] = await query<{ waiting: number }>(
      `select ((select count(*) from push_queue) + coalesce((select count(*) from recorded_events
        where to_regclass('recorded_events') is not null), 0))::int as waiting`,
    ).catch(() => [{ waiting: 1 }]);
    return row?.waiting === 0;
  }, 20_000);
  const delivered = deliveredTexts();
  return {
    messages: texts.length,
    allArrivedAfterMs: arrivedMs ?? null,
    lost: texts.filter((t) => !delivered.has(t)).length,
    doubled: texts.filter((t) => (delivered.get(t) ?? 0) > 1).length,
  };
}

// --- Calls.

function callFrame(m: Member, test: (f: Member['calls'][number]) => boolean) {
  return m.calls.find(test);
}

/**
 * The caller rings the callee, who answers; answers the call's id, or undefined (a failure
 * recorded, with what the caller heard instead) when it never rang or was never answered.
 */
async function placeCall(caller: Member, callee: Member): Promise<string | undefined> {
  const [rings, heard] = [callee.calls.length, caller.calls.length];
  caller.signal(callee.id, { type: 'audio', sdp: { type: 'offer', sdp: 'v=0' } });
  let callId = '';
  const rang = await waitUntil(() => {
    const ring = callee.calls.slice(rings).find((f) => f.type === 'audio' && f.from === caller.id);
    callId = ring?.callId ?? '';
    return Boolean(ring);
  }, 10_000);
  if (rang === undefined) {
    fail(
      `${phase}: ${callee.name} never rang; the caller heard ${JSON.stringify(caller.calls.slice(heard))}`,
    );
    return undefined;
  }
  callee.signal(caller.id, { answer: { type: 'answer', sdp: 'v=0' } });
  const answered = await waitUntil(
    () => Boolean(callFrame(caller, (f) => f.callId === callId && f.answer !== undefined)),
    10_000,
  );
  if (answered === undefined) {
    fail(`${phase}: ${caller.name} never got the answer`);
    return undefined;
  }
  return callId;
}

const endedFor = (m: Member, callId: string) =>
  callFrame(
    m,
    (f) => f.callId === callId && f.endCall === true && f.reason !== 'answeredElsewhere',
  );

async function callRow(callId: string) {
  const [row] = await query<{ ended_at: Date | null; end_reason: string | null }>(
    'select ended_at, end_reason from calls where id = $1',
    [callId],
  );
  return row;
}

/** The caller hangs up: both are told, and the call's row is closed. */
async function hangUp(caller: Member, callee: Member, callId: string) {
  const at = now();
  caller.signal(callee.id, { endCall: true });
  const toldMs = await waitUntil(
    () => Boolean(endedFor(caller, callId) && endedFor(callee, callId)),
    10_000,
    at,
  );
  const row = await callRow(callId);
  return { bothToldAfterMs: toldMs ?? null, endReason: row?.end_reason ?? null };
}

// --- What an operator sees.

/** Where each node's output stood, to read the lines a phase added. */
const outputMarks = () => nodes.map((n) => n.process.output().length);

function warningsSince(marks: number[]) {
  const byMessage: Record<string, number> = {};
  for (const [i, node] of nodes.entries()) {
    for (const line of node.process.output().slice(marks[i]).split('\n')) {
      if (!line.trim()) continue;
      if (!line.startsWith('{')) {
        // Not the logger's: what a library printed itself.
        const key = `${node.name} printed: ${line.slice(0, 80)}`;
        byMessage[key] = (byMessage[key] ?? 0) + 1;
        continue;
      }
      const entry = JSON.parse(line) as { level: number; msg?: string };
      if (entry.level < 40) continue;
      const key = `${node.name} ${entry.level >= 50 ? 'error' : 'warn'}: ${entry.msg}`;
      byMessage[key] = (byMessage[key] ?? 0) + 1;
    }
  }
  return byMessage;
}

/** A few of the nodes' metrics (ADR 063), summed over the nodes that answer. */
async function metrics() {
  const sums: Record<string, number> = {};
  const wanted: Array<[string, RegExp]> = [
    ['http5xx', /^mawadda_http_request_duration_seconds_count\{[^}]*status="5\d\d"[^}]*\} (\S+)$/],
    ['messagesStored', /^mawadda_chat_messages_stored_total(?:\{[^}]*\})? (\S+)$/],
    ['pushesSent', /^mawadda_push_sends_total\{outcome="sent"\} (\S+)$/],
    ['pushesToRetry', /^mawadda_push_sends_total\{outcome="retry"\} (\S+)$/],
    ['sockets', /^mawadda_ws_sockets(?:\{[^}]*\})? (\S+)$/],
  ];
  for (const node of nodes) {
    if (node.process.child.exitCode !== null || node.process.child.signalCode !== null) continue;
    const text = await fetch(node.metricsUrl)
      .then((r) => r.text())
      .catch(() => '');
    for (const line of text.split('\n')) {
      for (const [name, pattern] of wanted) {
        const match = pattern.exec(line);
        if (match) sums[name] = (sums[name] ?? 0) + Number(match[1]);
      }
    }
  }
  return sums;
}

function difference(after: Record<string, number>, before: Record<string, number>) {
  return Object.fromEntries(
    Object.entries(after).map(([k, v]) => [k, k === 'sockets' ? v : v - (before[k] ?? 0)]),
  );
}

// --- The faults. Each figure is read from when things happened (a frame's arrival, an
// acknowledgement), not from when the test looked.

const after = (since: number, times: Array<number | undefined>) =>
  times.every((t) => t !== undefined)
    ? Math.round(Math.max(since, ...(times as number[])) - since)
    : null;

/** Until every member present (but `away`) had a message begun after `since` acknowledged. */
const sendingAgainAfter = (since: number, away?: Member) =>
  after(
    since,
    members
      .filter((m) => !m.leaving && m !== away)
      .map((m) => m.acknowledged.find((a) => a.startedAt > since)?.ackedAt),
  );

/** Until every member present received live a message its partner began after `since`. */
const liveAgainAfter = (since: number) =>
  after(
    since,
    members
      .filter((m) => !m.leaving)
      .map((m) => {
        const first = partnerOf(m).acknowledged.find(
          (a) => a.startedAt > since && m.live.has(a.uuid),
        );
        return first && m.live.get(first.uuid);
      }),
  );

/** The first call frame ending `callId` for `m` after `since`, in ms after it. */
const endedAfter = (m: Member, callId: string | undefined, since: number) => {
  const frame = callId ? endedFor(m, callId) : undefined;
  return frame ? Math.round(frame.at - since) : null;
};

/**
 * Redis or PostgreSQL stopped for OUTAGE_MS and started again while the first pair is in a call
 * and just after the push senders' messages were acknowledged (through `pushNode`); the
 * figures once live delivery, sending and presence are back, the call is hung up and the
 * messages and pushes have settled.
 */
async function restarted(service: PrivateRedis | PrivatePostgres, pushNode: number) {
  const marks = outputMarks();
  const metricsBefore = await metrics();
  const [caller, callee] = [members[0], members[1]] as [Member, Member];
  const callId = await placeCall(caller, callee);
  const texts = await pushBurst(pushNode, phase);
  const stoppedAt = now();
  await service.stop();
  await sleep(OUTAGE_MS);
  await service.start();
  const restartedAt = now();
  await waitUntil(
    () => liveAgainAfter(restartedAt) !== null && sendingAgainAfter(restartedAt) !== null,
    30_000,
  );
  const presenceMs = await waitUntil(presenceRight, PRESENCE_BOUND_MS + SLACK_MS, restartedAt);
  const hungUp = callId ? await hangUp(caller, callee, callId) : null;
  await sleep(AFTER_RECOVERY_MS);
  const settled = await settleMessages(20_000);
  return {
    downForMs: Math.round(restartedAt - stoppedAt),
    liveDeliveryBackAfterMs: liveAgainAfter(restartedAt),
    everySenderAcknowledgedAgainAfterMs: sendingAgainAfter(restartedAt),
    socketsDropped: members.flatMap((m) =>
      m.drops.filter((d) => d.at > stoppedAt).map((d) => `${m.name} ${d.code} ${d.error ?? ''}`),
    ),
    presenceRightAfterMs: presenceMs ?? null,
    callHungUpAfter: hungUp,
    messages: phaseMessages(phase),
    missing: settled.missing,
    pushes: await pushesOf(texts, stoppedAt),
    warnings: warningsSince(marks),
    metrics: difference(await metrics(), metricsBefore),
  };
}

const steadyChat: Promise<void>[] = [];

describe('three nodes on one PostgreSQL, one Redis and one bucket', () => {
  it('lose no acknowledged message, no presence and no push to a killed node, a restarted Redis or a restarted PostgreSQL', async () => {
    for (const m of members) {
      steadyChat.push(
        m.chat(
          INTERVAL_MS,
          () => running,
          () => phase,
        ),
      );
    }
    const warm = await waitUntil(() => members.every((m) => m.live.size >= 3), 30_000);
    expect(warm, 'messages flow between the nodes').toBeDefined();
    const figures: Record<string, unknown> = {};
    const report = (name: string, figure: unknown) => {
      figures[name] = figure;
      console.log(`${name}: ${JSON.stringify(figure)}`);
    };

    // (a) A node killed outright. Its members' sockets drop; they reconnect to the others and
    // read their conversations again. One of them (the leaver) closes the app instead: their
    // partner must see them go offline within the presence bound. The first pair is in a call
    // across the killed node. Just before, the push senders' messages are acknowledged by it.
    {
      phase = 'node-kill';
      const marks = outputMarks();
      const metricsBefore = await metrics();
      const onKilled = members.filter((m) => m.node === 0);
      const [caller, callee] = [members[0], members[1]] as [Member, Member];
      const leaver = members.find((m) => m.node === 0 && m !== caller) as Member;
      const leaverPartner = partnerOf(leaver);
      const back = onKilled.filter((m) => m !== leaver);
      const callId = await placeCall(caller, callee);
      const texts = await pushBurst(0, phase);
      leaver.leaving = true;
      const killedAt = now();
      nodes[0]?.process.child.kill('SIGKILL');
      await waitUntil(
        () =>
          back.every((m) => (m.backAt ?? 0) > killedAt) &&
          sendingAgainAfter(killedAt) !== null &&
          leaverPartner.online.get(leaver.id) === false &&
          endedAfter(callee, callId, killedAt) !== null,
        PRESENCE_BOUND_MS * 2 + SLACK_MS,
      );
      const offline = leaverPartner.presenceEvents.find(
        (e) => e.userId === leaver.id && e.status === 'offline' && e.at > killedAt,
      );
      const callAfterKill = callId ? await callRow(callId) : undefined;
      const cameBackAt = now();
      await leaver.comeBack(1);
      const presenceMs = await waitUntil(presenceRight, PRESENCE_BOUND_MS + SLACK_MS, cameBackAt);
      // The caller, on another node now, may call again: nobody is left busy.
      const again = await placeCall(caller, callee);
      const hungUp = again ? await hangUp(caller, callee, again) : null;
      await sleep(AFTER_RECOVERY_MS);
      const settled = await settleMessages(20_000);
      report('nodeKill', {
        membersOnKilledNode: onKilled.length,
        allBackAfterMs: after(
          killedAt,
          back.map((m) => m.backAt),
        ),
        everySenderAcknowledgedAgainAfterMs: sendingAgainAfter(killedAt, leaver),
        reconnectionAttempts: back.map((m) => m.reconnections),
        leaverOfflineForPartnerAfterMs: offline ? Math.round(offline.at - killedAt) : null,
        presenceRightAfterLeaverBackMs: presenceMs ?? null,
        callEndedForCalleeAfterMs: endedAfter(callee, callId, killedAt),
        callEndReason: callAfterKill?.end_reason ?? 'still open',
        nextCall: hungUp,
        messages: phaseMessages(phase),
        missing: settled.missing,
        pushes: await pushesOf(texts, killedAt),
        warnings: warningsSince(marks),
        metrics: difference(await metrics(), metricsBefore),
      });
    }

    // (b) Redis restarted, empty: presence, calls' claims, rate counters and the pub/sub
    // subscriptions are gone; sockets stay up.
    phase = 'redis-restart';
    report('redisRestart', await restarted(redis, 1));

    // (c) PostgreSQL stopped as by a crash and started again: requests fail meanwhile and are
    // sent again with their uuid; the pools reconnect.
    phase = 'postgres-restart';
    report('postgresRestart', await restarted(postgres, 2));

    running = false;
    await Promise.all(steadyChat);
    // What the server holds: each acknowledged message once, in the order it was acknowledged.
    let storedMissing = 0;
    let storedTwice = 0;
    let reordered = 0;
    for (const m of members) {
      const stored = (await storedConversation(m)).filter((s) => s.senderId === m.partnerId);
      const positions = new Map<string, number[]>();
      for (const [i, s] of stored.entries())
        positions.set(s.uuid, [...(positions.get(s.uuid) ?? []), i]);
      const acknowledged: Acknowledged[] = partnerOf(m).acknowledged;
      storedMissing += acknowledged.filter((a) => !positions.has(a.uuid)).length;
      storedTwice += [...positions.values()].filter((p) => p.length > 1).length;
      const order = acknowledged.map((a) => positions.get(a.uuid)?.[0] ?? -1).filter((p) => p >= 0);
      reordered += order.filter((p, i) => i > 0 && p < (order[i - 1] ?? 0)).length;
    }
    figures.whole = {
      acknowledged: members.reduce((n, m) => n + m.acknowledged.length, 0),
      storedMissing,
      storedTwice,
      reordered,
      deliveredLiveTwice: members.reduce((n, m) => n + m.liveTwice.size, 0),
      deliveredLiveOutOfOrder: members.reduce((n, m) => n + m.liveOutOfOrder, 0),
    };
    console.log(`whole: ${JSON.stringify(figures.whole)}`);

    expect({ failures, whole: figures.whole }).toMatchObject({
      failures: [],
      whole: { storedMissing: 0, storedTwice: 0, reordered: 0 },
    });
    for (const name of ['nodeKill', 'redisRestart', 'postgresRestart']) {
      const f = figures[name] as Record<string, unknown> & { pushes: object; missing: string[] };
      expect({ name, missing: f.missing, pushes: f.pushes }).toMatchObject({
        name,
        missing: [],
        pushes: { lost: 0, doubled: 0 },
      });
      expect(f.presenceRightAfterMs, `${name}: presence right within its bound`).not.toBeNull();
    }
    const kill = figures.nodeKill as Record<string, unknown>;
    expect(kill.allBackAfterMs, 'the killed node’s members back').not.toBeNull();
    expect(kill.leaverOfflineForPartnerAfterMs, 'the leaver offline').not.toBeNull();
    expect(kill.callEndedForCalleeAfterMs, 'the call across the killed node ended').not.toBeNull();
    expect(kill.callEndReason).toBe('disconnected');
    expect(kill.nextCall, 'a call after the kill').toMatchObject({ endReason: 'completed' });
    for (const name of ['redisRestart', 'postgresRestart']) {
      const f = figures[name] as Record<string, unknown>;
      expect(f.liveDeliveryBackAfterMs, `${name}: live delivery back`).not.toBeNull();
      expect(f.callHungUpAfter, `${name}: the call ends on both sides`).toMatchObject({
        endReason: 'completed',
      });
    }
  }, 300_000);
});
