import {
  type CallSignal,
  destinations,
  type NotificationSettings,
  type Notifications,
  type PushPayload,
  pushPayloadSchema,
} from '@mawadda/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  blocks,
  conversationViews,
  members,
  pushQueue,
  pushSubscriptions,
  recordedEvents,
} from '../src/db/schema.ts';
import { claimDue, markSent } from '../src/modules/push/push-queue.repository.ts';
import { bearer, seedLikes, seedMembers, seedSubscription, sessionFor } from './fixtures.ts';
import { startTestPushService, type TestPushService } from './push-service.ts';
import { connectStomp } from './stomp-client.ts';
import { createTestApp, listenOnLoopback, type TestContext } from './test-app.ts';

/**
 * Web Push sending (ADR 037) end to end on the real protocol: an event in a module
 * (a message, a like, a call) is queued, the queue is drained (`app.push.drain()`, the worker
 * loop's step) and the local push service (test/push-service.ts) checks the VAPID JWT, decrypts
 * the body and records what a phone would show.
 */

let t: TestContext;
let push: TestPushService;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp({
    pushDelivery: { pendingPerMember: 5, maxAttempts: 3 },
  });
  push = await startTestPushService();
  baseUrl = await listenOnLoopback(t.app);
});
afterAll(async () => {
  await push.close();
});

type Member = { id: string; token: string };

/** Two members who matched, named as people are. */
async function couple(): Promise<{ her: Member; him: Member }> {
  const [her = '', him = ''] = await seedMembers(t.database.db, [
    { gender: 'femme', name: 'Amina Diallo' },
    { gender: 'homme', name: 'Youssef Ba' },
  ]);
  await seedLikes(t.database.db, [
    [her, him],
    [him, her],
  ]);
  return {
    her: { id: her, token: await sessionFor(t.database.db, her) },
    him: { id: him, token: await sessionFor(t.database.db, him) },
  };
}

/** A phone of the member, subscribed in its language; answers its endpoint. */
async function phone(
  member: Member,
  language: 'fr-FR,fr;q=0.9' | 'en-GB,en;q=0.8' = 'en-GB,en;q=0.8',
) {
  const subscription = push.subscribe();
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: { ...bearer(member.token), 'accept-language': language },
    payload: subscription,
  });
  expect(answer.statusCode).toBe(201);
  return subscription.endpoint;
}

async function send(from: Member, to: Member, content = 'Salam, comment vas-tu ?') {
  const answer = await t.app.inject({
    method: 'POST',
    url: `/api/chat/send/${to.id}`,
    headers: bearer(from.token),
    payload: { uuid: crypto.randomUUID(), content },
  });
  expect(answer.statusCode, answer.body).toBe(201);
}

async function saveSettings(member: Member, changes: Partial<NotificationSettings>) {
  const current = await t.app.inject({ url: '/api/push/settings', headers: bearer(member.token) });
  const answer = await t.app.inject({
    method: 'PUT',
    url: '/api/push/settings',
    headers: bearer(member.token),
    payload: { ...current.json<NotificationSettings>(), ...changes },
  });
  expect(answer.statusCode, answer.body).toBe(200);
}

/** What reached one endpoint so far, as the service worker would read it. */
const pushesTo = (endpoint: string) =>
  push.received
    .filter((p) => p.endpoint === endpoint)
    .map((p) => ({ ...p, payload: pushPayloadSchema.parse(JSON.parse(p.payload)) }));
const shown = (endpoint: string) =>
  pushesTo(endpoint)
    .filter((p) => p.status === 201)
    .map((p) => p.payload);

describe('a new message', () => {
  it('reaches his phone signed by the server, encrypted to it, saying who wrote but not what', async () => {
    const { her, him } = await couple();
    const endpoint = await phone(him);
    await send(her, him);
    await t.app.push.drain();

    const [received, ...more] = pushesTo(endpoint);
    expect(more).toEqual([]);
    expect(received).toMatchObject({
      urgency: 'normal',
      ttl: '43200',
      vapid: { audience: push.origin, publicKey: t.app.push.vapid.publicKey },
    });
    expect(received?.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(received?.payload).toEqual<PushPayload>({
      kind: 'message',
      tag: `chat:${her.id}`,
      title: 'Amina',
      body: 'Sent you a message',
      url: `/en/chat?userId=${her.id}`,
      icon: expect.stringMatching(/^\/media\/photos\/[0-9a-f-]+-0\.webp\?/),
      // Her unread conversation and her like, new to him.
      badge: 2,
      at: expect.any(String),
    });
    expect(JSON.stringify(received?.payload)).not.toContain('Salam');
    // Nothing left to send.
    expect(await t.database.db.select().from(pushQueue)).toEqual([]);
  });

  it('sets the badge the open app shows: unread conversations, not messages, plus new likes', async () => {
    const { her, him } = await couple();
    const endpoint = await phone(him);
    await send(her, him);
    await send(her, him, 'Tu es là ?');
    await t.app.push.drain();
    const badge = shown(endpoint).at(-1)?.badge;
    const counts = await t.app.inject({
      url: '/api/users/notifications',
      headers: bearer(him.token),
    });
    expect(counts.json()).toMatchObject({ newLikes: 1, newMessages: 2, unreadConversations: 1 });
    const { newLikes, unreadConversations } = counts.json<Notifications>();
    expect(badge).toBe(2);
    expect(newLikes + unreadConversations).toBe(badge);
  });

  it('tells of a message request apart, in her language, never its text, and badges it', async () => {
    const [her = '', him = ''] = await seedMembers(t.database.db, [
      { gender: 'femme', name: 'Aïcha Ndiaye' },
      { gender: 'homme', name: 'Omar Fall' },
    ]);
    await seedSubscription(t.database.db, him);
    const aicha = { id: her, token: await sessionFor(t.database.db, her) };
    const omar = { id: him, token: await sessionFor(t.database.db, him) };
    const french = await phone(aicha, 'fr-FR,fr;q=0.9');
    await saveSettings(aicha, { showMessageText: true });
    await send(omar, aicha, 'Salam, ton profil m’a touché');
    await t.app.push.drain();
    expect(shown(french)).toEqual([
      expect.objectContaining({
        kind: 'message',
        title: 'Nouvelle demande de message',
        body: 'Omar souhaite vous écrire : acceptez ou déclinez',
        url: '/fr/chat?requests=open',
        tag: 'requests',
        badge: 1,
      }),
    ]);
    const counts = await t.app.inject({
      url: '/api/users/notifications',
      headers: bearer(aicha.token),
    });
    expect(counts.json()).toMatchObject({ messageRequests: 1, unreadConversations: 0 });
  });

  it('tells him politely that she answered his request, which way only once accepted', async () => {
    const [her = '', him = '', other = ''] = await seedMembers(t.database.db, [
      { gender: 'femme', name: 'Aïcha Ndiaye' },
      { gender: 'homme', name: 'Omar Fall' },
      { gender: 'femme', name: 'Mariam Sow' },
    ]);
    await seedSubscription(t.database.db, him);
    const omar = { id: him, token: await sessionFor(t.database.db, him) };
    const english = await phone(omar);
    for (const [to, answer] of [
      [her, 'decline'],
      [other, 'accept'],
    ] as const) {
      await send(omar, { id: to, token: '' });
      const answered = await t.app.inject({
        method: 'POST',
        url: `/api/chat/requests/${him}/${answer}`,
        headers: bearer(await sessionFor(t.database.db, to)),
        payload: answer === 'decline' ? { reply: 'wish-you-well' } : undefined,
      });
      expect(answered.statusCode, answered.body).toBe(200);
    }
    await t.app.push.drain();
    expect(shown(english).map((p) => [p.title, p.body, p.url])).toEqual([
      ['Aïcha', 'Answered your message request', `/en/chat?userId=${her}`],
      ['Mariam', 'Accepted your request: you can write to each other', `/en/chat?userId=${other}`],
    ]);
  });

  it('shows the text when he asked for it, in each device’s language; a second message replaces the first waiting', async () => {
    const { her, him } = await couple();
    const english = await phone(him);
    const french = await phone(him, 'fr-FR,fr;q=0.9');
    await saveSettings(him, { showMessageText: true });
    await send(her, him, 'Premier');
    await send(her, him, 'Tu es libre ce soir ?');
    await t.app.push.drain();

    expect(shown(english).map((p) => [p.title, p.body])).toEqual([
      ['Amina', 'Tu es libre ce soir ?'],
    ]);
    expect(shown(french)).toEqual([
      expect.objectContaining({ body: 'Tu es libre ce soir ?', url: `/fr/chat?userId=${her.id}` }),
    ]);
  });

  it('never puts a text the scam shield flagged on a lock screen, even when he asked for texts', async () => {
    const { her, him } = await couple();
    const endpoint = await phone(him);
    await saveSettings(him, { showMessageText: true });
    await send(her, him, 'Envoie-moi 50 000 F par Orange Money pour le billet');
    await t.app.push.drain();
    expect(shown(endpoint).map((p) => [p.title, p.body])).toEqual([
      ['Amina', 'Sent you a message'],
    ]);
  });

  it('a push replaced while it was being sent is sent again, the new one', async () => {
    const { her, him } = await couple();
    const endpoint = await phone(him);
    await saveSettings(him, { showMessageText: true });
    await send(her, him, 'Premier');
    await t.app.push.notified();
    // A node claims it and sends it; meanwhile the second message replaces it in the queue.
    const now = t.clock.now();
    const claimed = (
      await claimDue(t.database.db, now, new Date(now.getTime() + 60_000), 1000)
    ).filter((p) => p.endpoint === endpoint);
    expect(claimed).toHaveLength(1);
    await send(her, him, 'Second');
    await t.app.push.notified();
    await markSent(t.database.db, claimed);
    await t.app.push.drain();
    expect(shown(endpoint).map((p) => p.body)).toEqual(['Second']);
  });

  it('a paid gift says so, in French on a French phone', async () => {
    const { her, him } = await couple();
    const french = await phone(him, 'fr-FR,fr;q=0.9');
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/payment/create-checkout-session',
      headers: bearer(her.token),
      payload: { giftId: 1, giftName: 'Tulips', amount: 1, receiverId: him.id },
    });
    expect(started.statusCode, started.body).toBe(200);
    // Paid on the test checkout page.
    const paid = await t.app.inject({
      method: 'POST',
      url: new URL(started.json<{ url: string }>().url).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay',
    });
    expect(paid.statusCode).toBe(303);
    await t.app.push.drain();
    expect(shown(french)).toEqual([
      expect.objectContaining({
        kind: 'gift',
        title: 'Amina',
        body: 'Vous a offert un cadeau',
        url: `/fr/chat?userId=${her.id}`,
      }),
    ]);
  });
});

describe('what the push service answers', () => {
  it('410 and 404 remove the subscription: nothing more is sent there', async () => {
    const { her, him } = await couple();
    const gone = await phone(him);
    const alsoGone = await phone(him);
    push.answerNext(410, 404);
    await send(her, him);
    await t.app.push.drain();
    expect(
      pushesTo(gone)
        .map((p) => p.status)
        .concat(pushesTo(alsoGone).map((p) => p.status))
        .sort(),
    ).toEqual([404, 410]);
    expect(
      await t.database.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.memberId, him.id)),
    ).toEqual([]);

    await send(her, him, 'Encore');
    await t.app.push.drain();
    expect(pushesTo(gone)).toHaveLength(1);
  });

  it('429 and 500 are tried again later, backing off, then delivered once', async () => {
    const { her, him } = await couple();
    const endpoint = await phone(him);
    push.answerNext(429, 500);
    await send(her, him);
    await t.app.push.drain();
    expect(pushesTo(endpoint).map((p) => p.status)).toEqual([429]);
    // Not yet: the retry waits.
    await t.app.push.drain();
    expect(pushesTo(endpoint)).toHaveLength(1);
    t.clock.advance(5_000);
    await t.app.push.drain();
    expect(pushesTo(endpoint).map((p) => p.status)).toEqual([429, 500]);
    t.clock.advance(5_000);
    await t.app.push.drain();
    expect(pushesTo(endpoint).map((p) => p.status)).toEqual([429, 500]);
    t.clock.advance(5_000);
    await t.app.push.drain();
    expect(pushesTo(endpoint).map((p) => p.status)).toEqual([429, 500, 201]);
  });

  it('gives up after the last try, and drops a push past its TTL', async () => {
    const { her, him } = await couple();
    const endpoint = await phone(him);
    push.answerNext(500, 500, 500);
    await send(her, him);
    for (let i = 0; i < 4; i++) {
      await t.app.push.drain();
      t.clock.advance(60_000);
    }
    expect(pushesTo(endpoint).map((p) => p.status)).toEqual([500, 500, 500]);
    expect(
      await t.database.db.select().from(pushQueue).where(eq(pushQueue.memberId, him.id)),
    ).toEqual([]);
  });
});

describe('nothing is pushed', () => {
  it('about a member he blocked or who blocked him, even when the block came after the message was queued', async () => {
    const { her, him } = await couple();
    const endpoint = await phone(him);
    await send(her, him);
    await t.app.push.notified();
    expect(
      await t.database.db.select().from(pushQueue).where(eq(pushQueue.memberId, him.id)),
    ).toHaveLength(1);
    await t.database.db.insert(blocks).values({ blockerId: him.id, blockedId: her.id });
    await t.app.push.drain();
    expect(pushesTo(endpoint)).toEqual([]);
    expect(
      await t.database.db.select().from(pushQueue).where(eq(pushQueue.memberId, him.id)),
    ).toEqual([]);

    const other = await couple();
    const hisPhone = await phone(other.him);
    await t.database.db.insert(blocks).values({ blockerId: other.her.id, blockedId: other.him.id });
    t.app.push.notify({ kind: 'match', from: other.her.id, to: other.him.id, at: t.clock.now() });
    await t.app.push.drain();
    expect(pushesTo(hisPhone)).toEqual([]);
  });

  it('for a message in the conversation he has open on a live socket; once he leaves it, it is', async () => {
    const { her, him } = await couple();
    const endpoint = await phone(him);
    const socket = await connectStomp(baseUrl, him.token);
    const viewing = (body: object) =>
      new Promise<void>((resolve) => {
        const receipt = crypto.randomUUID();
        socket.client.watchForReceipt(receipt, () => resolve());
        socket.client.publish({
          destination: destinations.publishViewing,
          body: JSON.stringify(body),
          headers: { receipt },
        });
      });
    await viewing({ with: her.id });
    await send(her, him);
    await t.app.push.drain();
    expect(pushesTo(endpoint)).toEqual([]);

    // Another conversation on screen: hers is pushed again.
    await viewing({ with: null });
    await send(her, him, 'Tu es là ?');
    await t.app.push.drain();
    expect(pushesTo(endpoint)).toHaveLength(1);

    // A closed socket shows nothing.
    await viewing({ with: her.id });
    await socket.disconnect();
    await vi.waitFor(async () =>
      expect(
        await t.database.db
          .select()
          .from(conversationViews)
          .where(eq(conversationViews.memberId, him.id)),
      ).toEqual([]),
    );
    await send(her, him, 'Et maintenant ?');
    await t.app.push.drain();
    expect(pushesTo(endpoint)).toHaveLength(2);
  });

  it('for a frame that names no member as the open conversation: refused, nothing kept', async () => {
    const { her, him } = await couple();
    const endpoint = await phone(him);
    const socket = await connectStomp(baseUrl, him.token);
    socket.client.publish({
      destination: destinations.publishViewing,
      body: JSON.stringify({ with: 'her' }),
    });
    expect((await socket.error).headers.code).toBe('REALTIME_FRAME_INVALID');
    expect(
      await t.database.db
        .select()
        .from(conversationViews)
        .where(eq(conversationViews.memberId, him.id)),
    ).toEqual([]);
    await send(her, him);
    await t.app.push.drain();
    expect(pushesTo(endpoint)).toHaveLength(1);
  });

  it('during his quiet hours, in his time zone (a test notification still goes)', async () => {
    const { her, him } = await couple();
    const endpoint = await phone(him);
    // The test clock reads 10:00 UTC: 11:00 in Lagos.
    await saveSettings(him, {
      quietHours: { start: '22:00', end: '11:30' },
      timeZone: 'Africa/Lagos',
    });
    await send(her, him);
    await t.app.push.drain();
    expect(pushesTo(endpoint)).toEqual([]);

    const test = await t.app.inject({
      method: 'POST',
      url: '/api/push/test',
      headers: bearer(him.token),
    });
    expect(test.statusCode).toBe(202);
    expect(test.json()).toEqual({ devices: 1 });
    await t.app.push.drain();
    expect(shown(endpoint)).toEqual([
      expect.objectContaining({
        kind: 'test',
        title: 'Mawadda',
        body: 'Notifications work on this device.',
      }),
    ]);

    // Out of them (11:30 in Lagos), messages are pushed again.
    t.clock.advance(31 * 60_000);
    await send(her, him, 'Bonjour');
    await t.app.push.drain();
    expect(shown(endpoint).map((p) => p.kind)).toEqual(['test', 'message']);
  });

  it('of a kind he turned off; likes only once he turns them on', async () => {
    const { her, him } = await couple();
    const endpoint = await phone(him);
    await saveSettings(him, { messages: false });
    await send(her, him);
    const [liker = ''] = await seedMembers(t.database.db, [{ gender: 'femme', name: 'Fatou Sow' }]);
    const likerToken = await sessionFor(t.database.db, liker);
    const like = () =>
      t.app.inject({
        method: 'POST',
        url: '/like',
        headers: bearer(likerToken),
        payload: { likedUserId: him.id },
      });
    expect((await like()).statusCode).toBeLessThan(300);
    await t.app.push.drain();
    expect(pushesTo(endpoint)).toEqual([]);

    await saveSettings(him, { likes: true });
    const [other = ''] = await seedMembers(t.database.db, [
      { gender: 'femme', name: 'Awa Ndiaye' },
    ]);
    const likedBack = await t.app.inject({
      method: 'POST',
      url: '/like',
      headers: bearer(await sessionFor(t.database.db, other)),
      payload: { likedUserId: him.id },
    });
    expect(likedBack.statusCode).toBeLessThan(300);
    await t.app.push.drain();
    expect(shown(endpoint)).toEqual([
      // Her unread conversation and three likes new to him (Amina's, Fatou's, Awa's).
      expect.objectContaining({ kind: 'like', title: 'New like', body: 'Awa liked you', badge: 4 }),
    ]);
  });

  it('about a banned member, to a banned member, and a deleted account’s phones are gone', async () => {
    const { her, him } = await couple();
    const endpoint = await phone(him);
    await t.database.db.update(members).set({ standing: 'banned' }).where(eq(members.id, her.id));
    t.app.push.notify({ kind: 'match', from: her.id, to: him.id, at: t.clock.now() });
    await t.app.push.drain();
    expect(pushesTo(endpoint)).toEqual([]);

    await t.database.db.update(members).set({ standing: 'active' }).where(eq(members.id, her.id));
    t.app.push.notify({ kind: 'match', from: her.id, to: him.id, at: t.clock.now() });
    await t.database.db.update(members).set({ standing: 'banned' }).where(eq(members.id, him.id));
    await t.app.push.drain();
    expect(pushesTo(endpoint)).toEqual([]);

    await t.database.db.delete(members).where(eq(members.id, him.id));
    expect(
      await t.database.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.memberId, him.id)),
    ).toEqual([]);
  });
});

describe('a call', () => {
  it('rings his phone at high urgency with a short TTL; unanswered, the same tag turns into a missed call', async () => {
    const { her, him } = await couple();
    await seedSubscription(t.database.db, her.id);
    const endpoint = await phone(him);
    const caller = await connectStomp(baseUrl, her.token);
    const calls = caller.subscribe(destinations.call(her.id));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const signal = (body: object) =>
      caller.client.publish({
        destination: destinations.publishCall(him.id),
        body: JSON.stringify(body),
      });
    signal({ type: 'video', sdp: { type: 'offer', sdp: 'v=0\r\n' } });
    await t.app.push.drain();
    for (let i = 0; i < 50 && pushesTo(endpoint).length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      await t.app.push.drain();
    }
    const [ring] = pushesTo(endpoint);
    expect(ring).toMatchObject({
      urgency: 'high',
      ttl: '45',
      payload: { kind: 'call', title: 'Amina', body: 'Incoming video call' },
    });
    const tag = ring?.payload.tag ?? '';
    expect(tag).toMatch(/^call:/);
    expect(ring?.payload.url).toBe(`/en/chat?userId=${her.id}&call=${tag.slice(5)}`);

    signal({ endCall: true });
    expect(((await calls.next()) as CallSignal).endCall).toBe(true);
    await t.app.push.drain();
    const [, ended] = pushesTo(endpoint);
    expect(ended).toMatchObject({
      urgency: 'high',
      topic: ring?.topic,
      payload: { kind: 'call-ended', tag, body: 'Missed call' },
    });

    // He declines the next one on his laptop: his phone stops ringing, no missed call.
    const laptop = await connectStomp(baseUrl, him.token);
    const incoming = laptop.subscribe(destinations.call(him.id));
    await new Promise((resolve) => setTimeout(resolve, 50));
    signal({ type: 'audio', sdp: { type: 'offer', sdp: 'v=0\r\n' } });
    expect(((await incoming.next()) as CallSignal).type).toBe('audio');
    laptop.client.publish({
      destination: destinations.publishCall(her.id),
      body: JSON.stringify({ endCall: true }),
    });
    expect(((await calls.next()) as CallSignal).reason).toBe('declined');
    await t.app.push.drain();
    expect(pushesTo(endpoint).map((p) => [p.payload.kind, p.payload.body])).toEqual([
      ['call', 'Incoming video call'],
      ['call-ended', 'Missed call'],
      // Rung and declined before the queue was sent: the end replaced the ring.
      ['call-ended', 'Call ended'],
    ]);
    await laptop.disconnect();
    await caller.disconnect();
  });
});

describe('fairness and bounds', () => {
  it('one member’s flood waits behind another’s first push, and stays within the cap', async () => {
    const { her, him } = await couple();
    const hisPhone = await phone(him);
    const herPhone = await phone(her);
    const senders = await seedMembers(
      t.database.db,
      Array.from({ length: 8 }, () => ({ gender: 'femme' as const })),
    );
    for (const from of senders) {
      t.app.push.notify({ kind: 'match', from, to: him.id, at: t.clock.now() });
    }
    await t.app.push.notified();
    t.app.push.notify({ kind: 'match', from: him.id, to: her.id, at: t.clock.now() });
    await t.app.push.notified();
    // At most five wait for him (the cap here); a claim of two takes one of his and hers.
    const now = t.clock.now();
    const claimed = await claimDue(t.database.db, now, new Date(now.getTime() + 1000), 2);
    expect(claimed.map((c) => c.endpoint).sort()).toEqual([hisPhone, herPhone].sort());
    t.clock.advance(1000);
    await t.app.push.drain();
    expect(pushesTo(hisPhone)).toHaveLength(5);
    expect(pushesTo(herPhone)).toHaveLength(1);
  });
});

describe('an event that cannot be queued', () => {
  it('holds back no other member’s push, and stays in the outbox to be tried again', async () => {
    const first = await couple();
    const second = await couple();
    const firstPhone = await phone(first.him);
    const secondPhone = await phone(second.him);
    // Taken in one step with the others, a row the notifier cannot turn into a push (a time
    // that is no date): its statement fails, theirs must not.
    await t.app.platform.events.recorded.write(t.database.db, 'likes:liked', [
      {
        member: first.him.id,
        payload: { kind: 'match', from: second.her.id, to: first.him.id, at: 'not a date' },
      },
    ]);
    t.app.push.notify({ kind: 'match', from: first.her.id, to: first.him.id, at: t.clock.now() });
    t.app.push.notify({ kind: 'match', from: second.her.id, to: second.him.id, at: t.clock.now() });
    await t.app.push.notified();
    await t.app.push.drain();
    expect(shown(firstPhone).map((p) => p.kind)).toEqual(['match']);
    expect(shown(secondPhone).map((p) => p.kind)).toEqual(['match']);
    const waiting = await t.database.db
      .select({ payload: recordedEvents.payload })
      .from(recordedEvents)
      .where(eq(recordedEvents.listener, 'push'));
    expect(waiting).toEqual([{ payload: expect.objectContaining({ at: 'not a date' }) }]);
    await t.database.db.delete(recordedEvents);
  });
});

describe('POST /api/push/test', () => {
  it('reaches each of the member’s devices and says how many', async () => {
    const { her } = await couple();
    const phones = [await phone(her), await phone(her, 'fr-FR,fr;q=0.9')];
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/push/test',
      headers: bearer(her.token),
    });
    expect(answer.statusCode).toBe(202);
    expect(answer.json()).toEqual({ devices: 2 });
    await t.app.push.drain();
    expect(phones.map((endpoint) => shown(endpoint)[0]?.body)).toEqual([
      'Notifications work on this device.',
      'Les notifications fonctionnent sur cet appareil.',
    ]);
  });
});

describe('POST /api/push/test, asked again and again', () => {
  it('is paced: past three a minute, a 429 saying when to try again, and no push', async () => {
    const { her } = await couple();
    const endpoint = await phone(her);
    const test = () =>
      t.app.inject({ method: 'POST', url: '/api/push/test', headers: bearer(her.token) });
    const statuses = [];
    for (let i = 0; i < 10; i++) {
      statuses.push((await test()).statusCode);
      await t.app.push.drain();
    }
    expect(statuses).toEqual([202, 202, 202, ...Array(7).fill(429)]);
    // One request to the push service per test let through, none for the refused ones.
    expect(pushesTo(endpoint)).toHaveLength(3);
    const refused = await test();
    expect(refused.json()).toMatchObject({
      code: 'PUSH_TESTS_TOO_MANY',
      params: { minutes: 1 },
      message: expect.stringContaining('test notifications'),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
  });
});

describe('two nodes on one database', () => {
  it('send each push once, sharing the work', async () => {
    const nodes = [
      await createTestApp({ database: t.database, pushDelivery: { batch: 3 } }),
      await createTestApp({ database: t.database, pushDelivery: { batch: 3 } }),
    ];
    const phones: string[] = [];
    for (let i = 0; i < 6; i++) {
      const { her, him } = await couple();
      phones.push(await phone(him));
      for (const node of nodes) {
        node.app.push.notify({ kind: 'match', from: her.id, to: him.id, at: t.clock.now() });
        node.app.push.notify({
          kind: 'message',
          from: her.id,
          to: him.id,
          content: 'photo',
          text: null,
          at: t.clock.now(),
        });
      }
    }
    await Promise.all(nodes.map((node) => node.app.push.notified()));
    const before = push.received.length;
    await Promise.all(nodes.map((node) => node.app.push.drain()));
    // One match and one message push per phone (the second node's replaced the first's, waiting).
    expect(push.received.length - before).toBe(12);
    for (const endpoint of phones) {
      expect(
        shown(endpoint)
          .map((p) => p.kind)
          .sort(),
      ).toEqual(['match', 'message']);
    }
  });
});

// Last in the file: it moves the test clock a week on.
describe('a message request that expired unanswered (ADR 068)', () => {
  it('is told to its sender once, on his phone', async () => {
    const [her = '', him = ''] = await seedMembers(t.database.db, [
      { gender: 'femme', name: 'Aïcha Ndiaye' },
      { gender: 'homme', name: 'Omar Fall' },
    ]);
    await seedSubscription(t.database.db, him, new Date(t.clock.now().getTime() + 30 * 86_400_000));
    const omar = { id: him, token: await sessionFor(t.database.db, him) };
    const french = await phone(omar, 'fr-FR,fr;q=0.9');
    await send(omar, { id: her, token: '' });
    expect(await t.app.chat.tellExpiredRequests()).toBe(0);
    t.clock.advance(7 * 86_400_000);
    // His, and those of the tests above that were left waiting.
    expect(await t.app.chat.tellExpiredRequests()).toBeGreaterThan(0);
    await t.app.push.drain();
    // Told once: the next run finds nothing more to tell.
    expect(await t.app.chat.tellExpiredRequests()).toBe(0);
    await t.app.push.drain();
    expect(shown(french).map((p) => [p.title, p.body, p.url])).toEqual([
      [
        'Aïcha',
        'Votre demande de message est restée sans réponse pendant 7 jours',
        `/fr/chat?userId=${her}`,
      ],
    ]);
  });
});
