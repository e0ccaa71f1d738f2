import { type CallSignal, type Contact, destinations, type Message } from '@mawadda/contract';
import { and, eq, inArray, or } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { findMemberById } from '../src/core/members.repository.ts';
import { calls, messages, pushQueue, pushSubscriptions, sessions } from '../src/db/schema.ts';
import {
  bearer,
  seedCouple,
  seedLikes,
  seedMembers,
  seedSubscription,
  sessionFor,
} from './fixtures.ts';
import { connectStomp, headersOf, rawSocket } from './stomp-client.ts';
import { createTestApp, listenOnLoopback, type TestContext } from './test-app.ts';

let t: TestContext;
let baseUrl: string;
const RING_MS = 1500;

beforeAll(async () => {
  t = await createTestApp({ callRingMs: RING_MS });
  baseUrl = await listenOnLoopback(t.app);
});

const pause = (ms = 100) => new Promise((resolve) => setTimeout(resolve, ms));
const offer = { type: 'video', sdp: { type: 'offer', sdp: 'v=0\r\n' } } as const;
const answer = { answer: { type: 'answer', sdp: 'v=0\r\n' } } as const;
const candidate = {
  candidate: { candidate: 'candidate:1 1 udp 2122260223 10.0.0.2 54321 typ host', sdpMid: '0' },
} as const;

/** A member's tab: its socket and what reaches its call topic. */
async function tab(memberId: string) {
  const session = await connectStomp(baseUrl, await sessionFor(t.database.db, memberId));
  const calls = session.subscribe(destinations.call(memberId));
  const chat = session.subscribe(destinations.chat(memberId));
  await pause();
  return {
    session,
    calls: calls as { messages: CallSignal[]; next(): Promise<CallSignal> },
    chat: chat as { messages: Message[]; next(): Promise<Message> },
    send: (to: string, body: object) =>
      session.client.publish({
        destination: destinations.publishCall(to),
        body: JSON.stringify(body),
      }),
  };
}
type Tab = Awaited<ReturnType<typeof tab>>;

const conversation = async (memberId: string, withId: string) => {
  const response = await t.app.inject({
    url: `/api/chat/conversation/${withId}`,
    headers: bearer(await sessionFor(t.database.db, memberId)),
  });
  return response.json() as Message[];
};

/** A rings B and B answers: the two in a call. */
async function inCall(a: string, b: string) {
  const caller = await tab(a);
  const callee = await tab(b);
  caller.send(b, offer);
  const { callId } = await callee.calls.next();
  callee.send(a, answer);
  expect(await caller.calls.next()).toMatchObject({ ...answer, from: b, callId });
  expect(await callee.calls.next()).toMatchObject({ endCall: true, reason: 'answeredElsewhere' });
  return { caller, callee, callId: callId as string };
}

/** Amina and Youssef, matched and both subscribers (calls are for subscribers); Karim neither. */
async function subscribedCouple() {
  const couple = await seedCouple(t.database.db);
  await seedSubscription(t.database.db, couple.amina);
  await seedSubscription(t.database.db, couple.youssef);
  return couple;
}

const close = (...tabs: Tab[]) => Promise.all(tabs.map((x) => x.session.disconnect()));

describe('call signals', () => {
  it('relays an offer to the matched member with from, to, the call id and who calls', async () => {
    const { amina, youssef } = await subscribedCouple();
    const caller = await tab(amina);
    const callee = await tab(youssef);
    // A spoofed sender: the server's stamp replaces it.
    caller.send(youssef, { ...offer, from: youssef, to: 'someone-else', callId: 'mine' });
    const ring = await callee.calls.next();
    const me = await findMemberById(t.database.db, amina);
    expect(ring).toEqual({
      ...offer,
      from: amina,
      to: youssef,
      callId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      caller: { name: me?.name, photoUrl: expect.stringContaining(`/media/${me?.photoKeys[0]}?`) },
    });
    expect(ring.callId).not.toBe('mine');
    caller.send(youssef, { endCall: true });
    await callee.calls.next();
    await close(caller, callee);
  });

  it('refuses a signal to a member one has not matched with, and relays nothing', async () => {
    const { amina, karim } = await seedCouple(t.database.db);
    const watcher = await tab(amina);
    const raw = await rawSocket(baseUrl, `?token=${await sessionFor(t.database.db, karim)}`);
    raw.send('CONNECT\naccept-version:1.2\n\n\0');
    await raw.frame('CONNECTED');
    raw.send(
      `SEND\ndestination:${destinations.publishCall(amina)}\nreceipt:c1\n\n${JSON.stringify(offer)}\0`,
    );
    // The web app opens the plans on this code.
    expect(headersOf(await raw.frame('ERROR'))).toMatchObject({
      code: 'SUBSCRIPTION_REQUIRED',
      message: 'This needs a subscription: choose a plan to continue.',
      'receipt-id': 'c1',
    });
    await raw.closed();
    await pause();
    expect(watcher.calls.messages).toEqual([]);
    await close(watcher);
  });

  it('refuses what is not a call signal, and a member who does not exist', async () => {
    const { amina } = await subscribedCouple();
    for (const [destination, body, code, detail] of [
      [
        destinations.publishCall(crypto.randomUUID()),
        JSON.stringify(offer),
        'CALL_NOT_ALLOWED',
        'You cannot call this member.',
      ],
      [
        destinations.publishCall(amina),
        JSON.stringify({ sdp: 'not an object' }),
        'REALTIME_FRAME_INVALID',
        'Not a call signal',
      ],
      [
        destinations.publishCall(amina),
        JSON.stringify({}),
        'REALTIME_FRAME_INVALID',
        'Not a call signal',
      ],
      [
        destinations.publishCall(amina),
        JSON.stringify({ sdp: offer.sdp }),
        'REALTIME_FRAME_INVALID',
        'A call offer needs its type: audio or video',
      ],
      [
        destinations.publishCall(amina),
        'not json',
        'REALTIME_FRAME_INVALID',
        'The body must be JSON',
      ],
      [
        '/app/call/not-a-uuid',
        JSON.stringify(offer),
        'REALTIME_DESTINATION_UNKNOWN',
        'Cannot send to /app/call/not-a-uuid',
      ],
    ]) {
      const { youssef } = await subscribedCouple();
      const raw = await rawSocket(baseUrl, `?token=${await sessionFor(t.database.db, youssef)}`);
      raw.send('CONNECT\naccept-version:1.2\n\n\0');
      await raw.frame('CONNECTED');
      raw.send(`SEND\ndestination:${destination}\n\n${body}\0`);
      const error = await raw.frame('ERROR');
      expect(headersOf(error).code).toBe(code);
      expect(error).toContain(detail);
      await raw.closed();
    }
  });

  it('carries a whole call: answer, candidates both ways, hang up, and its entry with the duration', async () => {
    const { amina, youssef } = await subscribedCouple();
    const { caller, callee, callId } = await inCall(amina, youssef);
    caller.send(youssef, candidate);
    expect(await callee.calls.next()).toEqual({ ...candidate, from: amina, to: youssef, callId });
    callee.send(amina, candidate);
    expect(await caller.calls.next()).toEqual({ ...candidate, from: youssef, to: amina, callId });

    t.clock.advance(4 * 60_000);
    caller.send(youssef, { endCall: true });
    expect(await callee.calls.next()).toEqual({
      from: amina,
      to: youssef,
      callId,
      endCall: true,
      reason: 'completed',
    });
    // The member who hung up is told too: their other tabs return to idle.
    expect(await caller.calls.next()).toMatchObject({ endCall: true, reason: 'completed' });
    const entry = {
      uuid: callId,
      senderId: amina,
      receiverId: youssef,
      content: null,
      call: { type: 'video', endReason: 'completed', durationSeconds: 240 },
      isRead: true,
    };
    expect(await callee.chat.next()).toMatchObject(entry);
    expect(await caller.chat.next()).toMatchObject(entry);
    expect(await conversation(youssef, amina)).toEqual([expect.objectContaining(entry)]);

    // Signals after the end pass nowhere.
    caller.send(youssef, candidate);
    await pause();
    expect(callee.calls.messages).toEqual([]);
    await close(caller, callee);
  });

  it('tells the caller when the callee refuses, and both find the declined call', async () => {
    const { amina, youssef } = await subscribedCouple();
    const caller = await tab(amina);
    const callee = await tab(youssef);
    caller.send(youssef, { ...offer, type: 'audio' });
    const { callId } = await callee.calls.next();
    callee.send(amina, { endCall: true });
    expect(await caller.calls.next()).toEqual({
      from: youssef,
      to: amina,
      callId,
      endCall: true,
      reason: 'declined',
    });
    const declined = { type: 'audio', endReason: 'declined', durationSeconds: null };
    expect(await conversation(amina, youssef)).toMatchObject([{ call: declined, isRead: true }]);
    expect(await conversation(youssef, amina)).toMatchObject([{ call: declined }]);
    await close(caller, callee);
  });

  it('answers busy to a third member calling someone in a call, and leaves that call alone', async () => {
    const { amina, youssef } = await subscribedCouple();
    const [karim = ''] = await seedMembers(t.database.db, [{ gender: 'homme' }]);
    await seedLikes(t.database.db, [
      [karim, amina],
      [amina, karim],
    ]);
    await seedSubscription(t.database.db, karim);
    const { caller: youssefTab, callee: aminaTab, callId } = await inCall(youssef, amina);
    const third = await tab(karim);
    third.send(amina, offer);
    const busy = await third.calls.next();
    expect(busy).toEqual({ from: amina, to: karim, callId: expect.any(String), busy: true });
    await pause();
    // Amina is not rung, and the first call still carries its signals.
    expect(aminaTab.calls.messages).toEqual([]);
    aminaTab.send(youssef, candidate);
    expect(await youssefTab.calls.next()).toMatchObject({ ...candidate, callId });
    // Amina finds Karim's call as missed: unread in her conversation with him.
    expect(await conversation(amina, karim)).toMatchObject([
      { senderId: karim, call: { endReason: 'busy' }, isRead: false },
    ]);
    await close(aminaTab, youssefTab, third);
  });

  it('refuses an offer from a member already in a call', async () => {
    const { amina, youssef } = await subscribedCouple();
    const [karim = ''] = await seedMembers(t.database.db, [{ gender: 'homme' }]);
    await seedLikes(t.database.db, [
      [karim, amina],
      [amina, karim],
    ]);
    const { caller, callee } = await inCall(amina, youssef);
    caller.send(karim, offer);
    expect((await caller.session.error).headers.code).toBe('CALL_IN_PROGRESS');
    // Her socket closed, so the call it carried ended for Youssef.
    expect(await callee.calls.next()).toMatchObject({ endCall: true, reason: 'disconnected' });
    await close(callee);
  });

  it('ends an unanswered call as missed on both sides, unread for the callee', async () => {
    const { amina, youssef } = await subscribedCouple();
    const caller = await tab(amina);
    const callee = await tab(youssef);
    caller.send(youssef, offer);
    const { callId } = await callee.calls.next();
    const missed = { callId, endCall: true, reason: 'missed' };
    expect(await callee.calls.next()).toMatchObject({ ...missed, from: amina });
    expect(await caller.calls.next()).toMatchObject({ ...missed, from: youssef });
    expect(await callee.chat.next()).toMatchObject({
      call: { type: 'video', endReason: 'missed', durationSeconds: null },
      isRead: false,
    });
    // An answer after the end starts nothing.
    callee.send(amina, answer);
    await pause();
    expect(caller.calls.messages).toEqual([]);
    await close(caller, callee);
  });

  it('stops the ringing on the callee’s other tabs once one answers, and takes one answer', async () => {
    const { amina, youssef } = await subscribedCouple();
    const caller = await tab(amina);
    const phone = await tab(youssef);
    const laptop = await tab(youssef);
    caller.send(youssef, offer);
    const { callId } = await phone.calls.next();
    await laptop.calls.next();
    phone.send(amina, answer);
    expect(await caller.calls.next()).toMatchObject({ ...answer, callId });
    expect(await laptop.calls.next()).toMatchObject({
      callId,
      endCall: true,
      reason: 'answeredElsewhere',
    });
    laptop.send(amina, answer);
    await pause();
    expect(caller.calls.messages).toEqual([]);
    // Past the ring time, the answered call goes on.
    await pause(RING_MS + 200);
    expect(caller.calls.messages).toEqual([]);
    await close(caller, phone, laptop);
  });

  it('rings a socket of the callee that connects during the ring (the app opened from the push), not after the answer', async () => {
    const { amina, youssef } = await subscribedCouple();
    const caller = await tab(amina);
    const phone = await tab(youssef);
    caller.send(youssef, offer);
    const ring = await phone.calls.next();
    caller.send(youssef, candidate);
    const sent = await phone.calls.next();

    const opened = await tab(youssef);
    // The ring, then the caller's candidates so far: without them it might not reach her.
    expect(await opened.calls.next()).toEqual(ring);
    expect(await opened.calls.next()).toEqual(sent);
    expect(sent).toMatchObject({ ...candidate, from: amina, callId: ring.callId });
    // The tab already ringing is sent them again and ignores them (one call at a time).
    expect(await phone.calls.next()).toEqual(ring);
    expect(await phone.calls.next()).toEqual(sent);
    // The caller's own new tab is not rung.
    const callerLaptop = await tab(amina);
    await pause();
    expect(callerLaptop.calls.messages).toEqual([]);

    opened.send(amina, answer);
    expect(await caller.calls.next()).toMatchObject({ ...answer, callId: ring.callId });
    await phone.calls.next();
    const late = await tab(youssef);
    await pause();
    expect(late.calls.messages).toEqual([]);
    await close(caller, phone, opened, callerLaptop, late);
  });

  it('rings no socket that connects once the call ended unanswered (the conversation shows)', async () => {
    const { amina, youssef } = await subscribedCouple();
    const caller = await tab(amina);
    const phone = await tab(youssef);
    caller.send(youssef, offer);
    await phone.calls.next();
    caller.send(youssef, { endCall: true });
    expect(await phone.calls.next()).toMatchObject({ endCall: true });
    const opened = await tab(youssef);
    await pause();
    expect(opened.calls.messages).toEqual([]);
    await close(caller, phone, opened);
  });

  it('ends the call for the other side when a socket in it closes', async () => {
    const { amina, youssef } = await subscribedCouple();
    const { caller, callee, callId } = await inCall(amina, youssef);
    await callee.session.disconnect();
    expect(await caller.calls.next()).toEqual({
      from: youssef,
      to: amina,
      callId,
      endCall: true,
      reason: 'disconnected',
    });
    // Both are free again: Amina calls and Youssef is rung, not busy.
    const again = await tab(youssef);
    caller.send(youssef, offer);
    expect(await again.calls.next()).toMatchObject({ sdp: offer.sdp, from: amina });
    await close(caller, again);
  });

  it('cuts off a member who floods call signals, which ends their call', async () => {
    const strict = await createTestApp({
      database: t.database,
      broker: { framesPerSecond: 20, frameBurst: 40 },
    });
    const url = await listenOnLoopback(strict.app);
    const { amina, youssef } = await subscribedCouple();
    const raw = await rawSocket(url, `?token=${await sessionFor(t.database.db, amina)}`);
    raw.send('CONNECT\naccept-version:1.2\n\n\0');
    await raw.frame('CONNECTED');
    const callee = await connectStomp(url, await sessionFor(t.database.db, youssef));
    const rings = callee.subscribe(destinations.call(youssef));
    await pause();
    const signal = (body: object) =>
      raw.send(
        `SEND\ndestination:${destinations.publishCall(youssef)}\n\n${JSON.stringify(body)}\0`,
      );
    signal(offer);
    await rings.next();
    callee.client.publish({
      destination: destinations.publishCall(amina),
      body: JSON.stringify(answer),
    });
    await pause();
    for (let i = 0; i < 200; i++) signal(candidate);
    expect(headersOf(await raw.frame('ERROR')).code).toBe('REALTIME_TOO_MANY_FRAMES');
    await raw.closed();
    await pause(300);
    const got = rings.messages as CallSignal[];
    expect(got.filter((m) => m.candidate).length).toBeLessThan(60);
    expect(got.at(-1)).toMatchObject({ endCall: true, reason: 'disconnected' });
    await callee.disconnect();
  });
});

describe('calls and the new conversations of a day (ADR 043)', () => {
  /** A new account's first contacts a day (NEW_ACCOUNT_FIRST_MESSAGES_PER_DAY's default). */
  const NEW_ACCOUNT_FIRST_CONTACTS = 5;
  const DAY = 24 * 60 * 60 * 1000;

  /** A man who registered today and subscribed at once, and `count` women he never wrote to. */
  async function newcomerAndStrangers(count: number) {
    const [man = '', ...women] = await seedMembers(t.database.db, [
      { gender: 'homme', profile: { createdAt: t.clock.now() } },
      ...Array.from({ length: count }, () => ({ gender: 'femme' as const })),
    ]);
    await seedSubscription(t.database.db, man);
    return { man, token: await sessionFor(t.database.db, man), women };
  }

  /** A phone of the member's subscribed to Web Push, as the subscribe route stores it. */
  async function phone(memberId: string) {
    await sessionFor(t.database.db, memberId);
    const [session] = await t.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.memberId, memberId));
    await t.database.db.insert(pushSubscriptions).values({
      memberId,
      sessionId: session?.id ?? '',
      endpoint: `https://push.example.net/${crypto.randomUUID()}`,
      p256dh: 'key',
      auth: 'secret',
      subscribedAt: t.clock.now(),
    });
  }

  /** Rings `to` and hangs up before an answer: a call placed, its entry written. */
  async function ringAndHangUp(caller: Tab, to: string) {
    caller.send(to, offer);
    caller.send(to, { endCall: true });
    expect(await caller.calls.next()).toMatchObject({ from: to, endCall: true });
  }

  const send = (token: string, to: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/chat/send/${to}`,
      headers: bearer(token),
      payload: { uuid: crypto.randomUUID(), content: 'Salam' },
    });

  const contactIds = async (memberId: string) =>
    (
      await t.app.inject({
        url: '/api/chat/contacts',
        headers: bearer(await sessionFor(t.database.db, memberId)),
      })
    )
      .json<Contact[]>()
      .map((contact) => contact.id);

  it('lets a new account ring five members it never wrote to and refuses the sixth: no ring, call, entry, contact or push', async () => {
    const { man, women } = await newcomerAndStrangers(NEW_ACCOUNT_FIRST_CONTACTS + 1);
    const rung = women.slice(0, NEW_ACCOUNT_FIRST_CONTACTS);
    const sixth = women[NEW_ACCOUNT_FIRST_CONTACTS] ?? '';
    for (const woman of women) await phone(woman);
    const her = await tab(sixth);
    const caller = await tab(man);
    for (const woman of rung) await ringAndHangUp(caller, woman);

    caller.send(sixth, offer);
    const refusal = (await caller.session.error).headers;
    const now = t.clock.now().getTime();
    const retryAfter = Math.ceil((DAY - (now % DAY)) / 1000);
    // What the web app explains: the code, and the numbers its text needs.
    // A new account's limit, in words that say why and what lifts it.
    expect(refusal.code).toBe('NEW_ACCOUNT_CONVERSATIONS_LIMIT');
    expect(JSON.parse(refusal.params ?? '')).toEqual({
      max: NEW_ACCOUNT_FIRST_CONTACTS,
      hours: expect.any(Number),
      retryAfter,
    });
    expect(refusal.message).toMatch(
      /^A new account starts at most 5 new conversations a day until it is verified or \d+ hours old, to keep members safe from scams, and you have started today’s 5\. Get verified to lift it at once/,
    );
    await pause();
    expect(her.calls.messages).toEqual([]);
    expect(her.chat.messages).toEqual([]);
    expect(
      await t.database.db
        .select()
        .from(calls)
        .where(and(eq(calls.callerId, man), eq(calls.calleeId, sixth))),
    ).toEqual([]);
    expect(
      await t.database.db
        .select()
        .from(messages)
        .where(or(eq(messages.receiverId, sixth), eq(messages.senderId, sixth))),
    ).toEqual([]);
    expect(await contactIds(sixth)).toEqual([]);
    expect((await contactIds(man)).sort()).toEqual([...rung].sort());
    await t.app.push.notified();
    const pushed = await t.database.db
      .select({ memberId: pushQueue.memberId })
      .from(pushQueue)
      .where(inArray(pushQueue.memberId, women));
    expect(pushed.map((row) => row.memberId).sort()).toEqual([...rung].sort());
    await close(her);
  });

  it('counts a call and a message to the same member as one conversation, either order, and calls those already in conversation past the limit', async () => {
    const { man, token, women } = await newcomerAndStrangers(NEW_ACCOUNT_FIRST_CONTACTS + 1);
    const [rungFirst = '', wroteFirst = '', ...others] = women;
    const sixth = others.pop() ?? '';
    const caller = await tab(man);
    // A call, then a message: one of today's new conversations.
    await ringAndHangUp(caller, rungFirst);
    expect((await send(token, rungFirst)).statusCode).toBe(201);
    // A message, then a call once she answered it (his message is a request until then, ADR
    // 068): one more.
    expect((await send(token, wroteFirst)).statusCode).toBe(201);
    expect((await send(await sessionFor(t.database.db, wroteFirst), man)).statusCode).toBe(201);
    await ringAndHangUp(caller, wroteFirst);
    for (const woman of others) await ringAndHangUp(caller, woman);

    expect((await send(token, sixth)).statusCode).toBe(429);
    caller.send(sixth, offer);
    expect((await caller.session.error).headers.code).toBe('NEW_ACCOUNT_CONVERSATIONS_LIMIT');
    // The conversations begun go on, by call as by message (once she answered his request).
    expect((await send(await sessionFor(t.database.db, rungFirst), man)).statusCode).toBe(201);
    const again = await tab(man);
    await ringAndHangUp(again, rungFirst);
    await ringAndHangUp(again, wroteFirst);
    expect((await send(token, others[0] ?? '')).statusCode).toBe(201);
    await close(again);
  });
});
