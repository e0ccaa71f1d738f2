import { destinations } from '@mawadda/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  multipart,
  pngImage,
  seedMembers,
  seedSubscription,
  sessionFor,
} from './fixtures.ts';
import { connectStomp, headersOf, rawSocket } from './stomp-client.ts';
import { createTestApp, listenOnLoopback, type TestContext } from './test-app.ts';

let t: TestContext;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await listenOnLoopback(t.app);
});

const pause = (ms = 150) => new Promise((resolve) => setTimeout(resolve, ms));

async function as(memberId: string) {
  const token = await sessionFor(t.database.db, memberId);
  const headers = bearer(token);
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
    const answer = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    return { status: answer.statusCode, body: answer.json() };
  };
  return {
    token,
    get: (url: string) => call('GET', url),
    post: (url: string, payload?: object) => call('POST', url, payload),
    put: (url: string) => call('PUT', url),
    del: (url: string) => call('DELETE', url),
  };
}

/**
 * Amina and Youssef, subscribers, who liked and viewed each other, matched, wrote to each other
 * and left each other unread messages: everything a block must hide.
 */
async function closeAcquaintances() {
  const [amina = '', youssef = ''] = await seedMembers(t.database.db, [
    { gender: 'femme', name: 'Amina' },
    { gender: 'homme', name: 'Youssef' },
  ]);
  await seedSubscription(t.database.db, amina);
  await seedSubscription(t.database.db, youssef);
  const her = await as(amina);
  const him = await as(youssef);
  expect((await him.post('/like', { likedUserId: amina })).status).toBe(200);
  expect((await her.post('/like', { likedUserId: youssef })).status).toBe(200);
  expect((await him.get(`/api/users/${amina}/details`)).status).toBe(200);
  expect((await her.get(`/api/users/${youssef}/details`)).status).toBe(200);
  expect((await her.post(`/api/chat/send/${youssef}`, { content: 'Salam' })).status).toBe(201);
  expect((await him.post(`/api/chat/send/${amina}`, { content: 'Salam' })).status).toBe(201);
  return { amina, youssef, her, him };
}

type Side = Awaited<ReturnType<typeof as>>;

/** Everything in which `viewer` could meet `otherId`, over REST. */
async function whatOneSees(viewer: Side, otherId: string) {
  const ids = (list: Array<{ id: string }>) => list.map((entry) => entry.id);
  return {
    suggested: ids((await viewer.get('/api/users/suggestions?page=0')).body.content).includes(
      otherId,
    ),
    details: (await viewer.get(`/api/users/${otherId}/details`)).status,
    inLikes: ids((await viewer.get('/likes')).body).includes(otherId),
    inViews: ids((await viewer.get('/api/users/profile-views')).body).includes(otherId),
    inContacts: ids((await viewer.get('/api/chat/contacts')).body).includes(otherId),
    notifications: (await viewer.get('/api/users/notifications')).body,
    conversation: (await viewer.get(`/api/chat/conversation/${otherId}`)).status,
    markRead: (await viewer.put(`/api/chat/mark-as-read/${otherId}`)).status,
    write: (await viewer.post(`/api/chat/send/${otherId}`, { content: 'Hello?' })).status,
    like: (await viewer.post('/like', { likedUserId: otherId })).status,
    gift: (
      await viewer.post('/api/payment/create-checkout-session', {
        giftId: 1,
        receiverId: otherId,
      })
    ).status,
  };
}

/** A chat photo from the member of `token` to `to`, as the web app sends it. */
async function sendPhoto(token: string, to: string) {
  const form = multipart(
    { uuid: crypto.randomUUID() },
    { image: [{ filename: 'a.png', contentType: 'image/png', data: await pngImage(40, 40) }] },
  );
  const answer = await t.app.inject({
    method: 'POST',
    url: `/api/chat/send/${to}`,
    headers: { ...bearer(token), ...form.headers },
    payload: form.payload,
  });
  return { status: answer.statusCode, body: answer.json() };
}

/** What the broker answers an offer to `to`: relayed, or the ERROR's code. */
async function callFrom(token: string, to: string) {
  const raw = await rawSocket(baseUrl, `?token=${token}`);
  raw.send('CONNECT\naccept-version:1.2\n\n\0');
  await raw.frame('CONNECTED');
  const offer = JSON.stringify({ type: 'audio', sdp: { type: 'offer', sdp: 'v=0' } });
  raw.send(`SEND\ndestination:${destinations.publishCall(to)}\nreceipt:r\n\n${offer}\0`);
  const answer = await Promise.race([raw.frame('ERROR'), raw.frame('RECEIPT')]);
  raw.socket.close();
  return answer.startsWith('ERROR') ? headersOf(answer).code : 'relayed';
}

describe('a block', () => {
  it('hides each from the other everywhere, both ways, and refuses everything between them', async () => {
    const { amina, youssef, her, him } = await closeAcquaintances();
    expect(await whatOneSees(her, youssef)).toMatchObject({
      suggested: true,
      details: 200,
      inLikes: true,
      inViews: true,
      inContacts: true,
      conversation: 200,
    });

    expect((await her.post(`/api/users/${youssef}/block`)).status).toBe(200);

    const hidden = {
      suggested: false,
      details: 404,
      inLikes: false,
      inViews: false,
      inContacts: false,
      notifications: { newLikes: 0, newViews: 0, newMessages: 0 },
      conversation: 404,
      markRead: 404,
      write: 404,
      like: 404,
      gift: 404,
    };
    expect(await whatOneSees(her, youssef)).toMatchObject(hidden);
    expect(await whatOneSees(him, amina)).toMatchObject(hidden);
    for (const [token, to] of [
      [her.token, youssef],
      [him.token, amina],
    ] as const) {
      // The same refusal as for a member who does not exist: the blocked one is not told.
      expect(await callFrom(token, to)).toBe('CALL_NOT_ALLOWED');
    }
  });

  it('is listed for the member who blocked, not told to the other, and can be lifted', async () => {
    const { amina, youssef, her, him } = await closeAcquaintances();
    await her.post(`/api/users/${youssef}/block`);
    // Twice is once.
    await her.post(`/api/users/${youssef}/block`);
    expect((await her.get('/api/users/blocks')).body).toEqual([
      {
        id: youssef,
        name: 'Youssef',
        mediaUrls: [expect.stringContaining(youssef)],
        blockedAt: expect.any(String),
      },
    ]);
    expect((await him.get('/api/users/blocks')).body).toEqual([]);
    // He cannot lift her block.
    await him.del(`/api/users/${amina}/block`);
    expect((await him.get(`/api/users/${amina}/details`)).status).toBe(404);
    expect((await her.del(`/api/users/${youssef}/block`)).status).toBe(200);
    expect((await him.get(`/api/users/${amina}/details`)).status).toBe(200);
    expect((await her.get('/api/users/blocks')).body).toEqual([]);
  });

  it('refuses oneself and a member who does not exist', async () => {
    const { amina, her } = await closeAcquaintances();
    for (const id of [amina, crypto.randomUUID()]) {
      const answer = await her.post(`/api/users/${id}/block`);
      expect([answer.status, answer.body.code]).toEqual([404, 'MEMBER_NOT_FOUND']);
    }
  });

  it('ends a call in progress, and stops presence between the two', async () => {
    const { amina, youssef, her, him } = await closeAcquaintances();
    const hisSocket = await connectStomp(baseUrl, him.token);
    const hisCalls = hisSocket.subscribe(destinations.call(youssef));
    const hisPresence = hisSocket.subscribe(destinations.presence);
    await pause();
    const herSocket = await connectStomp(baseUrl, her.token);
    expect(await hisPresence.next()).toEqual({ userId: amina, status: 'online' });
    herSocket.client.publish({
      destination: destinations.publishCall(youssef),
      body: JSON.stringify({ type: 'video', sdp: { type: 'offer', sdp: 'v=0' } }),
    });
    const { callId } = (await hisCalls.next()) as { callId: string };

    await her.post(`/api/users/${youssef}/block`);
    expect(await hisCalls.next()).toMatchObject({ callId, endCall: true });
    await herSocket.disconnect();
    await pause(300);
    // Her going offline is not told to the member she blocked.
    expect(hisPresence.messages).toEqual([]);
    await hisSocket.disconnect();
  });
});

describe('unmatching', () => {
  it('closes the conversation for both, subscribers included, until both like each other again', async () => {
    const [samira = '', karim = ''] = await seedMembers(t.database.db, [
      { gender: 'femme', name: 'Samira' },
      { gender: 'homme', name: 'Karim' },
    ]);
    await seedSubscription(t.database.db, samira);
    await seedSubscription(t.database.db, karim);
    const her = await as(samira);
    const him = await as(karim);
    await him.post('/like', { likedUserId: samira });
    await her.post('/like', { likedUserId: karim });
    expect((await him.post(`/api/chat/send/${samira}`, { content: 'Salam' })).status).toBe(201);
    expect((await her.post(`/api/chat/send/${karim}`, { content: 'Salam' })).status).toBe(201);

    expect((await him.del(`/api/users/${samira}/match`)).status).toBe(200);
    for (const [side, to] of [
      [her, karim],
      [him, samira],
    ] as const) {
      const text = await side.post(`/api/chat/send/${to}`, { content: 'Still there?' });
      expect([text.status, text.body.code]).toEqual([403, 'MATCH_ENDED']);
      const picture = await sendPhoto(side.token, to);
      expect([picture.status, picture.body.code]).toEqual([403, 'MATCH_ENDED']);
      const gift = await side.post('/api/payment/create-checkout-session', {
        giftId: 1,
        receiverId: to,
      });
      expect([gift.status, gift.body.code]).toEqual([403, 'MATCH_ENDED']);
      expect(await callFrom(side.token, to)).toBe('CALL_NOT_ALLOWED');
    }
    // Nothing was stored, and the history stays for both.
    expect((await him.get(`/api/chat/conversation/${samira}`)).body).toHaveLength(2);
    expect((await her.get(`/api/chat/conversation/${karim}`)).body).toHaveLength(2);

    // Her like is still there: his new one makes a new match, which reopens it.
    expect((await him.post('/like', { likedUserId: samira })).status).toBe(200);
    expect((await her.post(`/api/chat/send/${karim}`, { content: 'Welcome back' })).status).toBe(
      201,
    );
    expect((await him.post(`/api/chat/send/${samira}`, { content: 'Thank you' })).status).toBe(201);
    expect(await callFrom(her.token, karim)).toBe('relayed');
  });

  it('ends a call in progress between the two', async () => {
    const { youssef, her, him } = await closeAcquaintances();
    const hisSocket = await connectStomp(baseUrl, him.token);
    const hisCalls = hisSocket.subscribe(destinations.call(youssef));
    await pause();
    const herSocket = await connectStomp(baseUrl, her.token);
    herSocket.client.publish({
      destination: destinations.publishCall(youssef),
      body: JSON.stringify({ type: 'audio', sdp: { type: 'offer', sdp: 'v=0' } }),
    });
    const { callId } = (await hisCalls.next()) as { callId: string };

    expect((await her.del(`/api/users/${youssef}/match`)).status).toBe(200);
    expect(await hisCalls.next()).toMatchObject({ callId, endCall: true });
    await herSocket.disconnect();
    await hisSocket.disconnect();
  });

  it('tells a free member the match ended, not that a subscription would help', async () => {
    const [amina = '', youssef = ''] = await seedMembers(t.database.db, [
      { gender: 'femme' },
      { gender: 'homme' },
    ]);
    const her = await as(amina);
    const him = await as(youssef);
    await him.post('/like', { likedUserId: amina });
    await her.post('/like', { likedUserId: youssef });
    expect((await him.post(`/api/chat/send/${amina}`, { content: 'Salam' })).status).toBe(201);
    expect((await her.del(`/api/users/${youssef}/match`)).status).toBe(200);
    // He wrote first before the unmatch: that no longer lets her answer either.
    for (const [side, to] of [
      [him, amina],
      [her, youssef],
    ] as const) {
      const refused = await side.post(`/api/chat/send/${to}`, { content: 'Still there?' });
      expect([refused.status, refused.body.code]).toEqual([403, 'MATCH_ENDED']);
    }
  });

  it('refuses a member who does not exist', async () => {
    const [amina = ''] = await seedMembers(t.database.db, [{ gender: 'femme' }]);
    const answer = await (await as(amina)).del(`/api/users/${crypto.randomUUID()}/match`);
    expect([answer.status, answer.body.code]).toEqual([404, 'MEMBER_NOT_FOUND']);
  });
});
