import { type Contact, contactChangeSchema, destinations } from '@mawadda/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../src/db/schema.ts';
import { bearer, seedCouple, sessionFor } from './fixtures.ts';
import { connectStomp } from './stomp-client.ts';
import { createTestApp, listenOnLoopback, type TestContext } from './test-app.ts';

/**
 * A match ended or a block, live: both members are told on their own contact topic, in the same
 * words whoever acted (ADR 017), so an open conversation closes without a send being refused
 * first; their contacts then say what each may know, and an ended match tells neither the
 * other's presence.
 */

let t: TestContext;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await listenOnLoopback(t.app);
});

const connect = async (memberId: string) =>
  connectStomp(baseUrl, await sessionFor(t.database.db, memberId));
// Subscriptions travel before the first request; a frame that would come has come by then.
const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

/** Amina and Youssef matched and wrote to each other; Karim liked her, unanswered. */
async function conversing() {
  const cast = await seedCouple(t.database.db);
  await t.database.db.insert(messages).values({
    uuid: crypto.randomUUID(),
    senderId: cast.youssef,
    receiverId: cast.amina,
    content: 'Salam',
    sentAt: t.clock.now(),
  });
  return cast;
}

async function act(
  memberId: string,
  method: 'POST' | 'DELETE',
  url: string,
  payload?: Record<string, string>,
) {
  const response = await t.app.inject({
    method,
    url,
    headers: bearer(await sessionFor(t.database.db, memberId)),
    ...(payload ? { payload } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function contactsOf(memberId: string): Promise<Contact[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/chat/contacts',
    headers: bearer(await sessionFor(t.database.db, memberId)),
  });
  return response.json();
}

describe('the end of a match', () => {
  it('is told to both members, on every tab, as the other member’s id only, and to nobody else', async () => {
    const { amina, youssef, karim } = await conversing();
    const hisTabs = [await connect(youssef), await connect(youssef)];
    const hisInboxes = hisTabs.map((tab) => tab.subscribe(destinations.contact(youssef)));
    const hers = await connect(amina);
    const herInbox = hers.subscribe(destinations.contact(amina));
    const karimSocket = await connect(karim);
    const karimInbox = karimSocket.subscribe(destinations.contact(karim));
    await settle();

    await act(amina, 'DELETE', `/api/users/${youssef}/match`);
    for (const inbox of hisInboxes) {
      expect(contactChangeSchema.strict().parse(await inbox.next())).toEqual({ memberId: amina });
    }
    expect(await herInbox.next()).toEqual({ memberId: youssef });
    await settle();
    expect(karimInbox.messages).toEqual([]);
    for (const socket of [...hisTabs, hers, karimSocket]) await socket.disconnect();
  });

  it('leaves the conversation listed, closed, with no presence either way; a new match reopens it', async () => {
    const { amina, youssef } = await conversing();
    const hers = await connect(amina);
    const his = await connect(youssef);
    await settle();
    expect((await contactsOf(youssef)).find((c) => c.id === amina)).toMatchObject({
      matched: true,
      matchEnded: false,
      online: true,
    });

    await act(amina, 'DELETE', `/api/users/${youssef}/match`);
    for (const [viewer, other] of [
      [youssef, amina],
      [amina, youssef],
    ] as const) {
      expect((await contactsOf(viewer)).find((c) => c.id === other)).toMatchObject({
        matched: false,
        matchEnded: true,
        online: false,
        lastMessage: { text: 'Salam' },
      });
    }

    // She comes and goes: he is not told.
    const hisPresence = his.subscribe(destinations.presence);
    await settle();
    await hers.disconnect();
    const again = await connect(amina);
    await settle();
    expect(hisPresence.messages).toEqual([]);

    // Liked again by both: open, and told of presence again.
    await act(amina, 'POST', '/like', { likedUserId: youssef });
    await again.disconnect();
    expect(await hisPresence.next()).toEqual({ userId: amina, status: 'offline' });
    expect((await contactsOf(youssef)).find((c) => c.id === amina)).toMatchObject({
      matched: true,
      matchEnded: false,
    });
    await his.disconnect();
  });
});

describe('a block', () => {
  it('is told to both alike, once, in the words an unmatch uses', async () => {
    const { amina, youssef } = await conversing();
    const his = await connect(youssef);
    const hisInbox = his.subscribe(destinations.contact(youssef));
    const hers = await connect(amina);
    const herInbox = hers.subscribe(destinations.contact(amina));
    await settle();

    await act(amina, 'POST', `/api/users/${youssef}/block`);
    expect(await hisInbox.next()).toEqual({ memberId: amina });
    expect(await herInbox.next()).toEqual({ memberId: youssef });
    // His contacts no longer hold her: his conversation is unavailable, as for a member gone.
    expect((await contactsOf(youssef)).map((c) => c.id)).not.toContain(amina);

    // Blocked again: nothing new, nothing told.
    await act(amina, 'POST', `/api/users/${youssef}/block`);
    await settle();
    expect(hisInbox.messages).toEqual([]);
    expect(herInbox.messages).toEqual([]);
    await his.disconnect();
    await hers.disconnect();
  });

  it('is on a topic only its member may follow', async () => {
    const { amina, youssef } = await seedCouple(t.database.db);
    const socket = await connect(amina);
    socket.subscribe(destinations.contact(youssef));
    const error = await socket.error;
    expect(error.headers.code).toBe('REALTIME_SUBSCRIPTION_FORBIDDEN');
  });
});
