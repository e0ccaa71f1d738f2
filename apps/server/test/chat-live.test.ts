import {
  destinations,
  type Message,
  messageSchema,
  REALTIME_SESSION_HEADER,
  readReceiptSchema,
} from '@mawadda/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, jpegWithGps, multipart, seedCouple, sessionFor } from './fixtures.ts';
import { connectStomp } from './stomp-client.ts';
import { createTestApp, listenOnLoopback, type TestContext } from './test-app.ts';

/**
 * What the chat's REST answers publish on one node: a sent message reaches the receiver's socket
 * and the sender's other tabs, once it is stored; a read conversation turns the sender's ticks.
 * The same flows across two nodes are in `two-nodes.test.ts`.
 */

let t: TestContext;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await listenOnLoopback(t.app);
});

const connect = async (memberId: string) =>
  connectStomp(baseUrl, await sessionFor(t.database.db, memberId));
// Subscriptions travel before the first send.
const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

async function conversation(token: string, withId: string) {
  const response = await t.app.inject({
    url: `/api/chat/conversation/${withId}`,
    headers: bearer(token),
  });
  return response.json() as Message[];
}

describe('a message sent over REST', () => {
  it('reaches the receiver and the sender’s other tab live, once stored, each with links of their own', async () => {
    const { amina, youssef, karim } = await seedCouple(t.database.db);
    const aminaToken = await sessionFor(t.database.db, amina);
    const youssefToken = await sessionFor(t.database.db, youssef);
    const youssefSocket = await connect(youssef);
    const inbox = youssefSocket.subscribe(destinations.chat(youssef));
    const aminaOtherTab = await connect(amina);
    const echo = aminaOtherTab.subscribe(destinations.chat(amina));
    const karimSocket = await connect(karim);
    const karimInbox = karimSocket.subscribe(destinations.chat(karim));
    await settle();

    const uuid = crypto.randomUUID();
    const form = multipart(
      { uuid, content: 'Regarde' },
      { image: [{ filename: 'view.jpg', contentType: 'image/jpeg', data: await jpegWithGps() }] },
    );
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/chat/send/${youssef}`,
      headers: { ...bearer(aminaToken), ...form.headers },
      payload: form.payload,
    });
    expect(sent.statusCode, sent.body).toBe(201);

    const received = messageSchema.parse(await inbox.next());
    // Published once committed: the conversation already holds what the socket brought.
    expect((await conversation(youssefToken, amina)).map((m) => m.uuid)).toEqual([uuid]);
    expect(received).toMatchObject({
      uuid,
      senderId: amina,
      receiverId: youssef,
      content: 'Regarde',
      audioUrl: null,
      isRead: false,
    });
    expect(received.imageUrl).toContain(`m=${youssef}`);
    expect((await t.app.inject({ url: received.imageUrl ?? '' })).statusCode).toBe(200);

    const mine = messageSchema.parse(await echo.next());
    expect(mine).toMatchObject({ uuid, receiverId: youssef, timestamp: received.timestamp });
    expect(mine.imageUrl).toContain(`m=${amina}`);

    // A retry of the same uuid answers the stored message and delivers nothing again.
    const retried = await t.app.inject({
      method: 'POST',
      url: `/api/chat/send/${youssef}`,
      headers: bearer(aminaToken),
      payload: { uuid, content: 'Regarde' },
    });
    expect(retried.statusCode).toBe(200);
    await settle();
    expect(inbox.messages).toEqual([]);
    expect(echo.messages).toEqual([]);
    expect(karimInbox.messages).toEqual([]);
    for (const socket of [youssefSocket, aminaOtherTab, karimSocket]) await socket.disconnect();
  });

  it('spares the tab that sent a message its echo, and still reaches the sender’s other tabs', async () => {
    const { amina, youssef } = await seedCouple(t.database.db);
    const aminaToken = await sessionFor(t.database.db, amina);
    const youssefSocket = await connect(youssef);
    const inbox = youssefSocket.subscribe(destinations.chat(youssef));
    const sendingTab = await connect(amina);
    const sendingEcho = sendingTab.subscribe(destinations.chat(amina));
    const otherTab = await connect(amina);
    const otherEcho = otherTab.subscribe(destinations.chat(amina));
    await Promise.all([inbox.subscribed, sendingEcho.subscribed, otherEcho.subscribed]);

    const send = (content: string, tab: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/chat/send/${youssef}`,
        headers: { ...bearer(aminaToken), [REALTIME_SESSION_HEADER]: tab },
        payload: { content },
      });
    const first = await send('Salam', sendingTab.session);
    expect(first.statusCode).toBe(201);
    expect(messageSchema.parse(await inbox.next()).content).toBe('Salam');
    expect(messageSchema.parse(await otherEcho.next()).content).toBe('Salam');

    // A header naming no tab of the server's spares nobody, and the message is kept all the same.
    const second = await send('Ça va ?', 'not-a-tab');
    expect(second.statusCode).toBe(201);
    expect(messageSchema.parse(await inbox.next()).content).toBe('Ça va ?');
    expect(messageSchema.parse(await otherEcho.next()).content).toBe('Ça va ?');
    // Frames from one publisher arrive in order: the sending tab's first frame is the second message.
    expect(messageSchema.parse(await sendingEcho.next()).content).toBe('Ça va ?');
    expect(sendingEcho.messages).toEqual([]);
    for (const socket of [youssefSocket, sendingTab, otherTab]) await socket.disconnect();
  });

  it('turns the sender’s ticks double live when the receiver reads, and only then', async () => {
    const { amina, youssef } = await seedCouple(t.database.db);
    const aminaToken = await sessionFor(t.database.db, amina);
    const youssefToken = await sessionFor(t.database.db, youssef);
    const aminaSocket = await connect(amina);
    const reads = aminaSocket.subscribe(destinations.read(amina));
    await settle();
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/chat/send/${youssef}`,
      headers: bearer(aminaToken),
      payload: { content: 'Salam' },
    });
    expect(sent.statusCode).toBe(201);
    await settle();
    expect(reads.messages).toEqual([]);

    const markRead = () =>
      t.app.inject({
        method: 'PUT',
        url: `/api/chat/mark-as-read/${amina}`,
        headers: bearer(youssefToken),
      });
    expect((await markRead()).statusCode).toBe(200);
    expect(readReceiptSchema.parse(await reads.next())).toMatchObject({ readerId: youssef });
    // Nothing new to read: no second receipt.
    expect((await markRead()).statusCode).toBe(200);
    await settle();
    expect(reads.messages).toEqual([]);
    await aminaSocket.disconnect();
  });
});

describe('a node cut from the other nodes (Redis restarted)', () => {
  it('delivers again to its own sockets what its members sent or received from shortly before the cut', async () => {
    const { amina, youssef, karim } = await seedCouple(t.database.db);
    const aminaToken = await sessionFor(t.database.db, amina);
    const send = async (content: string) => {
      const uuid = crypto.randomUUID();
      const sent = await t.app.inject({
        method: 'POST',
        url: `/api/chat/send/${youssef}`,
        headers: bearer(aminaToken),
        payload: { uuid, content },
      });
      expect(sent.statusCode).toBe(201);
      return uuid;
    };
    await send('Long before');
    t.clock.advance(60_000);
    const cutAt = t.clock.now();
    t.clock.advance(2_000);
    const missed = await send('While Redis was away');
    // Their sockets stayed open through the cut; Amina's tab is on another node.
    const youssefSocket = await connect(youssef);
    const inbox = youssefSocket.subscribe(destinations.chat(youssef));
    const karimSocket = await connect(karim);
    const karimInbox = karimSocket.subscribe(destinations.chat(karim));
    await Promise.all([inbox.subscribed, karimInbox.subscribed]);

    await t.app.platform.events.emit('realtime:deliveries-missed', {
      since: cutAt,
      memberIds: [youssef, karim],
    });
    expect(messageSchema.parse(await inbox.next())).toMatchObject({
      uuid: missed,
      senderId: amina,
      content: 'While Redis was away',
    });
    await settle();
    expect(inbox.messages).toEqual([]);
    expect(karimInbox.messages).toEqual([]);
    for (const socket of [youssefSocket, karimSocket]) await socket.disconnect();
  });
});
