import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { destinations } from '@mawadda/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.ts';
import {
  bearer,
  seedCouple,
  seedLikes,
  seedMembers,
  seedSubscription,
  sessionFor,
} from './fixtures.ts';
import { freePort, startServerProcess } from './server-process.ts';
import { connectStomp, type StompSession } from './stomp-client.ts';
import { createPostgresTestDatabase } from './test-database.ts';

/**
 * Two server processes on one PostgreSQL and one Redis, as production runs them: deliveries,
 * read receipts and presence cross nodes, and a node killed outright loses no committed message
 * while its members go offline for the others within the presence bound. Runs where PostgreSQL
 * and Redis are (CI); vitest.config.ts keeps it out of the PGlite project.
 */

const PRESENCE_TTL_SECONDS = 2;
const redisUrl = process.env.TEST_REDIS_URL ?? '';
const postgres = await createPostgresTestDatabase();
if (!postgres || !redisUrl) throw new Error('Two nodes need TEST_DATABASE_URL and TEST_REDIS_URL');

let dataDir: string;
const sessions: StompSession[] = [];

async function startNode(name: string, shared: Record<string, string>) {
  const port = await freePort();
  const node = startServerProcess({
    ...shared,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(dataDir, name),
  });
  await node.ready(port);
  return { child: node.child, url: `http://127.0.0.1:${port}` };
}

let node1: Awaited<ReturnType<typeof startNode>>;
let node2: Awaited<ReturnType<typeof startNode>>;
let amina: string;
let youssef: string;
let aminaToken: string;
let youssefToken: string;
let leila: string;
let leilaToken: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mawadda-two-nodes-'));
  const handle = await openDatabase({ databaseUrl: postgres.url, dataDir });
  ({ amina, youssef } = await seedCouple(handle.db));
  aminaToken = await sessionFor(handle.db, amina);
  youssefToken = await sessionFor(handle.db, youssef);
  [leila = ''] = await seedMembers(handle.db, [{ gender: 'femme' }]);
  await seedLikes(handle.db, [
    [leila, youssef],
    [youssef, leila],
  ]);
  leilaToken = await sessionFor(handle.db, leila);
  // Calls are for subscribers.
  await seedSubscription(handle.db, amina);
  await seedSubscription(handle.db, leila);
  await handle.close();
  const shared = {
    DATABASE_URL: postgres.url,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `test-${crypto.randomUUID().slice(0, 8)}:`,
    MEDIA_LINK_SECRET: 'a shared secret of the two test nodes, long enough',
    PRESENCE_TTL_SECONDS: String(PRESENCE_TTL_SECONDS),
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: dataDir,
  };
  [node1, node2] = await Promise.all([startNode('one', shared), startNode('two', shared)]);
}, 60_000);

afterAll(async () => {
  for (const session of sessions) await session.disconnect();
  await postgres.drop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function send(nodeUrl: string, token: string, to: string, content: string) {
  const uuid = crypto.randomUUID();
  const response = await fetch(`${nodeUrl}/api/chat/send/${to}`, {
    method: 'POST',
    headers: { ...bearer(token), 'content-type': 'application/json' },
    body: JSON.stringify({ uuid, content }),
  });
  expect(response.status).toBe(201);
  return uuid;
}

describe('two nodes on one PostgreSQL and one Redis', () => {
  it('carries messages, read receipts, call signals and presence both ways, and survives a killed node', async () => {
    // Presence from node 2 to node 1: Amina, on node 1 first, sees Youssef come online on node 2.
    const aminaFirstTab = await connectStomp(node1.url, aminaToken);
    const aminaPresence = aminaFirstTab.subscribe(destinations.presence);
    await new Promise((r) => setTimeout(r, 200));
    const youssefSocket = await connectStomp(node2.url, youssefToken);
    sessions.push(youssefSocket);
    const youssefPresence = youssefSocket.subscribe(destinations.presence);
    const youssefChat = youssefSocket.subscribe(destinations.chat(youssef));
    expect(await aminaPresence.next()).toEqual({ userId: youssef, status: 'online' });
    await new Promise((r) => setTimeout(r, 200));
    // And from node 1 to node 2: she closes that tab, then comes back.
    await aminaFirstTab.disconnect();
    expect(await youssefPresence.next()).toEqual({ userId: amina, status: 'offline' });

    const aminaSocket = await connectStomp(node1.url, aminaToken);
    sessions.push(aminaSocket);
    const aminaChat = aminaSocket.subscribe(destinations.chat(amina));
    const aminaReads = aminaSocket.subscribe(destinations.read(amina));
    expect(await youssefPresence.next()).toEqual({ userId: amina, status: 'online' });
    await new Promise((r) => setTimeout(r, 200));

    // Node 1 commits Amina's message; Youssef, on node 2, receives it.
    await send(node1.url, aminaToken, youssef, 'From node one');
    expect(await youssefChat.next()).toMatchObject({ senderId: amina, content: 'From node one' });
    expect(await aminaChat.next()).toMatchObject({ content: 'From node one' });
    // And the other way.
    await send(node2.url, youssefToken, amina, 'From node two');
    expect(await aminaChat.next()).toMatchObject({ senderId: youssef, content: 'From node two' });
    // Youssef reads on node 2: Amina's ticks turn double on node 1.
    const read = await fetch(`${node2.url}/api/chat/mark-as-read/${amina}`, {
      method: 'PUT',
      headers: bearer(youssefToken),
    });
    expect(read.status).toBe(200);
    expect(await aminaReads.next()).toMatchObject({ readerId: youssef });
    // Amina reads his on node 1: Youssef's ticks turn double on node 2.
    const youssefReads = youssefSocket.subscribe(destinations.read(youssef));
    await new Promise((r) => setTimeout(r, 200));
    const readBack = await fetch(`${node1.url}/api/chat/mark-as-read/${youssef}`, {
      method: 'PUT',
      headers: bearer(aminaToken),
    });
    expect(readBack.status).toBe(200);
    expect(await youssefReads.next()).toMatchObject({ readerId: amina });

    // A call signal from node 1 rings on node 2, stamped with its sender.
    const rings = youssefSocket.subscribe(destinations.call(youssef));
    await new Promise((r) => setTimeout(r, 200));
    aminaSocket.client.publish({
      destination: destinations.publishCall(youssef),
      body: JSON.stringify({ type: 'audio', sdp: { type: 'offer', sdp: 'v=0' } }),
    });
    const ring = (await rings.next()) as { callId: string };
    expect(ring).toMatchObject({ from: amina, to: youssef, type: 'audio' });
    // Youssef is in that call for node 2 as well: Leila, calling him there, hears busy.
    const leilaSocket = await connectStomp(node2.url, leilaToken);
    sessions.push(leilaSocket);
    const leilaCalls = leilaSocket.subscribe(destinations.call(leila));
    await new Promise((r) => setTimeout(r, 200));
    leilaSocket.client.publish({
      destination: destinations.publishCall(youssef),
      body: JSON.stringify({ type: 'video', sdp: { type: 'offer', sdp: 'v=0' } }),
    });
    expect(await leilaCalls.next()).toMatchObject({ from: youssef, busy: true });
    // Another tab of his opens on node 2, which does not hold the call, while it rings (its push
    // tapped): it rings too, from Redis.
    const youssefPhone = await connectStomp(node2.url, youssefToken);
    sessions.push(youssefPhone);
    const phoneRings = youssefPhone.subscribe(destinations.call(youssef));
    expect(await phoneRings.next()).toMatchObject({ from: amina, callId: ring.callId });
    // He answers on node 2; Amina's call on node 1 gets the answer.
    const aminaCalls = aminaSocket.subscribe(destinations.call(amina));
    await new Promise((r) => setTimeout(r, 200));
    youssefSocket.client.publish({
      destination: destinations.publishCall(amina),
      body: JSON.stringify({ answer: { type: 'answer', sdp: 'v=0' } }),
    });
    expect(await aminaCalls.next()).toMatchObject({ from: youssef, callId: ring.callId });

    // Every message node 1 acknowledged is kept when it dies mid-conversation.
    const acknowledged: string[] = [];
    for (let i = 0; i < 20; i++)
      acknowledged.push(await send(node1.url, aminaToken, youssef, `#${i}`));
    node1.child.kill('SIGKILL');

    // Node 2 notices node 1 is gone and tells Youssef that Amina left.
    const bound = PRESENCE_TTL_SECONDS * 1000 * (4 / 3);
    const offline = await waitForPresence(youssefPresence, 'offline', bound + 5000);
    expect(offline).toEqual({ userId: amina, status: 'offline' });
    // Her side of the call died with node 1, whose sockets could not end it: node 2, which holds
    // his side, finds her claim lapsed and ends it for him (within the TTL and two renewals).
    const ended = await waitForFrame(
      rings,
      (frame) => frame.endCall === true && frame.reason !== 'answeredElsewhere',
      PRESENCE_TTL_SECONDS * 1000 * (5 / 3) + 5000,
    );
    expect(ended).toMatchObject({ callId: ring.callId, reason: 'disconnected' });

    const history = await fetch(`${node2.url}/api/chat/conversation/${amina}?size=100`, {
      headers: bearer(youssefToken),
    }).then((r) => r.json() as Promise<Array<{ uuid: string }>>);
    const stored = new Set(history.map((m) => m.uuid));
    expect(acknowledged.filter((uuid) => !stored.has(uuid))).toEqual([]);
  }, 60_000);
});

async function waitForFrame(
  subscription: ReturnType<StompSession['subscribe']>,
  test: (frame: Record<string, unknown>) => boolean,
  withinMs: number,
) {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    const frame = (await subscription.next()) as Record<string, unknown>;
    if (test(frame)) return frame;
  }
  throw new Error(`No such frame within ${withinMs} ms`);
}

async function waitForPresence(
  presence: ReturnType<StompSession['subscribe']>,
  status: string,
  withinMs: number,
) {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    const event = (await presence.next()) as { status: string };
    if (event.status === status) return event;
  }
  throw new Error(`No ${status} presence within ${withinMs} ms`);
}
