import { destinations } from '@mawadda/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../src/db/schema.ts';
import { bearer, seedCouple, sessionFor } from './fixtures.ts';
import { connectStomp, rawSocket } from './stomp-client.ts';
import { createTestApp, listenOnLoopback, type TestContext } from './test-app.ts';

let t: TestContext;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await listenOnLoopback(t.app);
});

const cast = () => seedCouple(t.database.db);
const connect = async (memberId: string) =>
  connectStomp(baseUrl, await sessionFor(t.database.db, memberId));
/** Time for a frame that should not come: one that would come has come by then. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

describe('presence', () => {
  it('tells a match when a member comes online and leaves, and tells no one else', async () => {
    const { amina, youssef, karim } = await cast();
    const youssefSocket = await connect(youssef);
    const karimSocket = await connect(karim);
    const youssefSees = youssefSocket.subscribe(destinations.presence);
    const karimSees = karimSocket.subscribe(destinations.presence);
    await youssefSees.subscribed;
    await karimSees.subscribed;

    const phone = await connect(amina);
    expect(await youssefSees.next()).toEqual({ userId: amina, status: 'online' });
    // A second tab is the same member: nothing new to tell; closing one of two changes nothing.
    const laptop = await connect(amina);
    await laptop.disconnect();
    await settle();
    expect(youssefSees.messages).toEqual([]);

    await phone.disconnect();
    expect(await youssefSees.next()).toEqual({ userId: amina, status: 'offline' });
    expect(karimSees.messages).toEqual([]);
    await youssefSocket.disconnect();
    await karimSocket.disconnect();
  });

  it('tells a member she has a conversation with though they never matched', async () => {
    const { amina, karim } = await cast();
    // Karim, a subscriber, wrote first; they never matched.
    await t.database.db.insert(messages).values({
      uuid: crypto.randomUUID(),
      senderId: karim,
      receiverId: amina,
      content: 'Salam',
      sentAt: t.clock.now(),
    });
    const karimSocket = await connect(karim);
    const karimSees = karimSocket.subscribe(destinations.presence);
    await karimSees.subscribed;
    const aminaSocket = await connect(amina);
    expect(await karimSees.next()).toEqual({ userId: amina, status: 'online' });
    await aminaSocket.disconnect();
    await karimSocket.disconnect();
  });

  it('tells a match a member went offline when her heart-beats stop, though her socket never closed', async () => {
    // Short heart-beats, so a silent client is given up on within a second.
    const node = await createTestApp({ database: t.database, broker: { heartBeatMs: 200 } });
    const url = await listenOnLoopback(node.app);
    const { amina, youssef } = await cast();
    const youssefSocket = await connectStomp(url, await sessionFor(t.database.db, youssef));
    const youssefSees = youssefSocket.subscribe(destinations.presence);
    await youssefSees.subscribed;

    // Her phone promises a heart-beat every 200 ms, then says nothing more.
    const silent = await rawSocket(url, `?token=${await sessionFor(t.database.db, amina)}`);
    silent.send('CONNECT\naccept-version:1.2\nhost:mawadda\nheart-beat:200,0\n\n\0');
    await silent.frame('CONNECTED');
    expect(await youssefSees.next()).toEqual({ userId: amina, status: 'online' });
    expect(await youssefSees.next()).toEqual({ userId: amina, status: 'offline' });
    await youssefSocket.disconnect();
    await node.app.close();
  });

  it('takes the member from the connection, never from the userId of a presence frame', async () => {
    const { amina, youssef } = await cast();
    const aminaSocket = await connect(amina);
    const aminaSees = aminaSocket.subscribe(destinations.presence);
    const karimLike = await cast();
    const stranger = await connect(karimLike.karim);
    stranger.client.publish({
      destination: destinations.publishPresence,
      body: JSON.stringify({ userId: youssef, status: 'online' }),
    });
    await settle();
    expect(aminaSees.messages).toEqual([]);
    await stranger.disconnect();
    await aminaSocket.disconnect();
  });

  it('shows a member online in suggestions, details and chat contacts while a socket is open, and only then', async () => {
    const { amina, youssef } = await cast();
    const token = await sessionFor(t.database.db, youssef);
    const onlineInDetails = async () => {
      const response = await t.app.inject({
        url: `/api/users/${amina}/details`,
        headers: bearer(token),
      });
      return response.json().online as boolean;
    };
    const onlineInContacts = async () => {
      const response = await t.app.inject({ url: '/api/chat/contacts', headers: bearer(token) });
      return response.json().find((c: { id: string }) => c.id === amina).online as boolean;
    };
    expect(await onlineInDetails()).toBe(false);
    expect(await onlineInContacts()).toBe(false);
    const socket = await connect(amina);
    await expect.poll(onlineInDetails, { timeout: 5000 }).toBe(true);
    const page = await t.app.inject({
      url: '/api/users/suggestions?page=0&size=100',
      headers: bearer(token),
    });
    const card = page.json().content.find((m: { id: string }) => m.id === amina);
    expect(card.online).toBe(true);
    expect(await onlineInContacts()).toBe(true);
    await socket.disconnect();
    await expect.poll(onlineInDetails, { timeout: 5000 }).toBe(false);
    expect(await onlineInContacts()).toBe(false);
  });
});
