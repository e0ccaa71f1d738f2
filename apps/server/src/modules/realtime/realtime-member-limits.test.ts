import { destinations, errorText } from '@mawadda/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedCouple, seedMembers, sessionFor } from '../../../test/fixtures.ts';
import { connectStomp, rawSocket } from '../../../test/stomp-client.ts';
import { createTestApp, listenOnLoopback, type TestContext } from '../../../test/test-app.ts';

/**
 * What one member may hold on the broker: a socket that stays silent is dropped whatever it
 * negotiated, a member's sockets are capped (the oldest goes), and near the process's connection
 * cap the room left is for members who have no socket yet, so that one member's many tabs
 * never keep another member out.
 */

let t: TestContext;
let baseUrl: string;

beforeAll(async () => {
  // Three sockets a member; heart-beats and the silence limit as in production (10 s, 60 s), so a
  // slow shared machine never drops a socket these tests keep.
  t = await createTestApp({ broker: { socketsPerMember: 3 } });
  baseUrl = await listenOnLoopback(t.app);
});

const tokenOf = (memberId: string) => sessionFor(t.database.db, memberId);
const CONNECT = (headers = '') => `CONNECT\naccept-version:1.2\nhost:mawadda\n${headers}\n\0`;
/** Time for a frame that should not come to arrive: what was published has reached the socket. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

describe('silent sockets', () => {
  it('drops a socket that negotiated no heart-beat once silent past the limit, and keeps one that speaks', async () => {
    // A silence limit of a second (swept once a second, with 10 s heart-beats).
    const node = await createTestApp({ database: t.database, broker: { maxSilenceMs: 1000 } });
    const url = await listenOnLoopback(node.app);
    const [amina = '', awa = ''] = await seedMembers(t.database.db, [
      { gender: 'femme' },
      { gender: 'femme' },
    ]);
    const talking = await rawSocket(url, `?token=${await tokenOf(awa)}`);
    const silent = await rawSocket(url, `?token=${await tokenOf(amina)}`);
    talking.send(CONNECT('heart-beat:0,0\n'));
    await talking.frame('CONNECTED');
    const eol = setInterval(() => talking.send('\n'), 200);
    try {
      silent.send(CONNECT('heart-beat:0,0\n'));
      // Neither side sends heart-beats: nothing but the silence limit would ever close it.
      expect(await silent.frame('CONNECTED')).toContain('heart-beat:10000,10000');
      const connectedAt = Date.now();
      expect((await silent.closed()).code).toBe(1006);
      // Not at once: a second after its CONNECT arrived (a little before CONNECTED left).
      expect(Date.now() - connectedAt).toBeGreaterThanOrEqual(500);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(talking.socket.readyState).toBe(talking.socket.OPEN);
      expect(node.app.realtime.broker.connectionCount).toBe(1);
    } finally {
      clearInterval(eol);
      await node.app.close();
    }
  });
});

describe('sockets of one member', () => {
  it('closes the oldest socket with REALTIME_REPLACED past the cap, others untouched, the member online all along', async () => {
    const { amina, youssef } = await seedCouple(t.database.db);
    const watcher = await connectStomp(baseUrl, await tokenOf(youssef));
    const youssefSees = watcher.subscribe(destinations.presence);
    await youssefSees.subscribed;

    const tabs = [];
    for (let i = 0; i < 3; i++) {
      tabs.push(await connectStomp(baseUrl, await tokenOf(amina)));
    }
    expect(await youssefSees.next()).toEqual({ userId: amina, status: 'online' });
    const fourth = await connectStomp(baseUrl, await tokenOf(amina));
    expect(fourth.client.connected).toBe(true);
    const [oldest, second, third] = tabs;
    // A proper ERROR with the catalogue's code, then a close of its own (not a refused frame's 1008).
    expect((await oldest?.error)?.headers).toMatchObject({
      code: 'REALTIME_REPLACED',
      message: errorText('REALTIME_REPLACED'),
    });
    expect((await oldest?.closed)?.code).toBe(4002);
    expect(second?.client.connected).toBe(true);
    expect(third?.client.connected).toBe(true);
    expect(watcher.client.connected).toBe(true);
    // The member never went offline while one socket gave way to another.
    await settle();
    expect(youssefSees.messages).toEqual([]);

    for (const tab of [second, third, fourth]) await tab?.disconnect();
    expect(await youssefSees.next()).toEqual({ userId: amina, status: 'offline' });
    await watcher.disconnect();
  });
});

describe('room for new members near the connection cap', () => {
  it('lets a member with no socket in, while a member who holds one only replaces it', async () => {
    // The process counts 3 open connections as crowded (its real count: every socket is one).
    const node = await createTestApp({
      database: t.database,
      broker: { socketsPerMember: 5, crowdedAt: 3 },
    });
    const url = await listenOnLoopback(node.app);
    const [amina = '', awa = '', fatou = ''] = await seedMembers(t.database.db, [
      { gender: 'femme' },
      { gender: 'femme' },
      { gender: 'femme' },
    ]);
    const connect = async (memberId: string) => connectStomp(url, await tokenOf(memberId));
    try {
      // Under the mark, a member opens a second socket freely.
      const phone = await connect(amina);
      const laptop = await connect(amina);
      const awaSocket = await connect(awa);
      expect([phone, laptop, awaSocket].every((s) => s.client.connected)).toBe(true);
      // Three open: crowded. Amina's third socket takes the place of her oldest.
      const tablet = await connect(amina);
      expect(tablet.client.connected).toBe(true);
      expect((await phone.error).headers.code).toBe('REALTIME_REPLACED');
      expect(laptop.client.connected).toBe(true);
      // Fatou has none: she gets in.
      const fatouSocket = await connect(fatou);
      expect(fatouSocket.client.connected).toBe(true);
      expect(node.app.realtime.broker.connectionCount).toBe(4);
      for (const socket of [laptop, tablet, awaSocket, fatouSocket]) await socket.disconnect();
    } finally {
      await node.app.close();
    }
  });
});
