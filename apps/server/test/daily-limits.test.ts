import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { calls, likes, messages, waliRequests } from '../src/db/schema.ts';
import { insertCallEntry } from '../src/modules/chat/chat.repository.ts';
import { bearer, seedLikes, seedMembers, seedSubscription, sessionFor } from './fixtures.ts';
import { createTestApp, type TestContext } from './test-app.ts';

const LIKES_PER_DAY = 3;
const FIRST_MESSAGES_PER_DAY = 2;
const ONE_DAY = 24 * 60 * 60 * 1000;

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({
    config: { likesPerDay: LIKES_PER_DAY, firstMessagesPerDay: FIRST_MESSAGES_PER_DAY },
  });
});

/** A man with a session and `count` women he may see (and, matched, write to). */
async function manAndWomen(count: number, options: { matched?: boolean } = {}) {
  const [man = '', ...women] = await seedMembers(t.database.db, [
    { gender: 'homme' },
    ...Array.from({ length: count }, () => ({ gender: 'femme' as const })),
  ]);
  if (options.matched) {
    await seedLikes(
      t.database.db,
      women.flatMap(
        (woman): Array<[string, string]> => [
          [man, woman],
          [woman, man],
        ],
      ),
    );
  }
  return { man, token: await sessionFor(t.database.db, man), women };
}

const like = (token: string, likedUserId: string) =>
  t.app.inject({ method: 'POST', url: '/like', headers: bearer(token), payload: { likedUserId } });

const send = (token: string, to: string, content: string, uuid = crypto.randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: `/api/chat/send/${to}`,
    headers: bearer(token),
    payload: { uuid, content },
  });

const askWali = (token: string, to: string) =>
  t.app.inject({ method: 'POST', url: `/api/chat/wali/${to}`, headers: bearer(token) });

const likesGiven = async (likerId: string) =>
  (await t.database.db.select().from(likes).where(eq(likes.likerId, likerId))).map(
    (row) => row.likedId,
  );

const waliAskedOf = async (askerId: string) =>
  (
    await t.database.db
      .select({ askedId: waliRequests.askedId })
      .from(waliRequests)
      .where(eq(waliRequests.askerId, askerId))
  ).map((row) => row.askedId);

const messagesFromTo = (senderId: string, receiverIds: string[]) =>
  t.database.db
    .select()
    .from(messages)
    .where(and(eq(messages.senderId, senderId), inArray(messages.receiverId, receiverIds)));

/** Seconds from the test clock to the next midnight, UTC: when today's limits start again. */
function secondsToMidnight() {
  const now = t.clock.now().getTime();
  return Math.ceil((ONE_DAY - (now % ONE_DAY)) / 1000);
}

function expectDailyLimit(response: Awaited<ReturnType<typeof like>>, code: string) {
  expect(response.statusCode, response.body).toBe(429);
  const body = response.json();
  expect(body.code).toBe(code);
  expect(body.message).toMatch(/today.*Try again tomorrow/);
  expect(body.params.retryAfter).toBe(secondsToMidnight());
  expect(response.headers['retry-after']).toBe(String(secondsToMidnight()));
}

describe('likes a member may give in a day', () => {
  it('refuses the like past the limit with a 429 saying when, stores nothing, and starts again tomorrow', async () => {
    const { man, token, women } = await manAndWomen(LIKES_PER_DAY + 2);
    const [first = '', second = '', third = '', fourth = '', fifth = ''] = women;
    for (const woman of [first, second, third]) {
      expect((await like(token, woman)).statusCode).toBe(200);
    }
    // Liking again someone already liked changes nothing: neither counted nor refused.
    expect((await like(token, first)).statusCode).toBe(200);

    expectDailyLimit(await like(token, fourth), 'LIKES_DAILY_LIMIT');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/lovely',
          headers: bearer(token),
          payload: { receiverId: fifth },
        })
      ).statusCode,
    ).toBe(429);
    expect((await likesGiven(man)).sort()).toEqual([first, second, third].sort());

    t.clock.advance(secondsToMidnight() * 1000);
    expect((await like(token, fourth)).statusCode).toBe(200);
    expect(await likesGiven(man)).toContain(fourth);
  });

  it('lets no more than the limit through when the likes arrive at once', async () => {
    const { man, token, women } = await manAndWomen(LIKES_PER_DAY * 3);
    const answers = await Promise.all(women.map((woman) => like(token, woman)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(LIKES_PER_DAY);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(women.length - LIKES_PER_DAY);
    expect(await likesGiven(man)).toHaveLength(LIKES_PER_DAY);
  });
});

describe('conversations a member may start in a day', () => {
  it('refuses the first message past the limit, while conversations already started go on', async () => {
    const { man, token, women } = await manAndWomen(5, { matched: true });
    const [known = '', first = '', second = '', third = '', repliedTo = ''] = women;
    // A conversation from before: she wrote first.
    expect((await send(await sessionFor(t.database.db, known), man, 'Salam')).statusCode).toBe(201);

    const opening = crypto.randomUUID();
    expect((await send(token, first, 'Bonjour', opening)).statusCode).toBe(201);
    expect((await send(token, second, 'Bonjour')).statusCode).toBe(201);
    expectDailyLimit(await send(token, third, 'Bonjour'), 'NEW_CONVERSATIONS_DAILY_LIMIT');
    expect(await messagesFromTo(man, [third])).toEqual([]);

    // Over the limit, what continues a conversation still goes, a retried first message too.
    expect((await send(token, known, 'Wa alaykum salam')).statusCode).toBe(201);
    expect((await send(token, first, 'Comment vas-tu ?')).statusCode).toBe(201);
    expect((await send(token, first, 'Bonjour', opening)).statusCode).toBe(200);
    // She wrote first: answering her starts nothing.
    const herToken = await sessionFor(t.database.db, repliedTo);
    expect((await send(herToken, man, 'Bonjour')).statusCode).toBe(201);
    expect((await send(token, repliedTo, 'Bonjour à toi')).statusCode).toBe(201);
    expect(await messagesFromTo(man, [known, first, second, repliedTo])).toHaveLength(5);

    t.clock.advance(secondsToMidnight() * 1000);
    expect((await send(token, third, 'Bonjour')).statusCode).toBe(201);
  });

  it('counts a conversation begun by a call, from either member: the message after it starts nothing', async () => {
    const { man, token, women } = await manAndWomen(FIRST_MESSAGES_PER_DAY + 1, {
      matched: true,
    });
    const [called = '', ...others] = women;
    const startedAt = t.clock.now();
    const [call] = await t.database.db
      .insert(calls)
      .values({
        id: crypto.randomUUID(),
        callerId: called,
        calleeId: man,
        type: 'audio',
        startedAt,
        endedAt: startedAt,
        endReason: 'missed',
      })
      .returning();
    if (!call) throw new Error('no call stored');
    await insertCallEntry(t.database.db, call);

    for (const woman of others) expect((await send(token, woman, 'Bonjour')).statusCode).toBe(201);
    expect((await send(token, called, 'Tu as appelé ?')).statusCode).toBe(201);
  });

  it('counts a wali question to a stranger as a new conversation: past the limit, 429 and nothing stored', async () => {
    const { man, token, women } = await manAndWomen(FIRST_MESSAGES_PER_DAY + 1);
    // A subscriber may write first to the members he may be suggested (ADR 015).
    await seedSubscription(t.database.db, man);
    const asked = women.slice(0, FIRST_MESSAGES_PER_DAY);
    const [stranger = ''] = women.slice(FIRST_MESSAGES_PER_DAY);
    for (const woman of asked) expect((await askWali(token, woman)).statusCode).toBe(201);

    expectDailyLimit(await askWali(token, stranger), 'NEW_CONVERSATIONS_DAILY_LIMIT');
    expect(await waliAskedOf(man)).toEqual(expect.arrayContaining(asked));
    expect(await waliAskedOf(man)).not.toContain(stranger);
    expect(await messagesFromTo(man, [stranger])).toEqual([]);
    // The questions took the day's new conversations: a message does not start one either.
    expectDailyLimit(await send(token, stranger, 'Bonjour'), 'NEW_CONVERSATIONS_DAILY_LIMIT');

    t.clock.advance(secondsToMidnight() * 1000);
    expect((await askWali(token, stranger)).statusCode).toBe(201);
  });

  it('shares one budget between messages and wali questions, and a conversation begun either way goes on past it', async () => {
    const { token, women } = await manAndWomen(3, { matched: true });
    const [written = '', asked = '', other = ''] = women;
    expect((await send(token, written, 'Salam')).statusCode).toBe(201);
    expect((await askWali(token, asked)).statusCode).toBe(201);

    expectDailyLimit(await send(token, other, 'Salam'), 'NEW_CONVERSATIONS_DAILY_LIMIT');
    expectDailyLimit(await askWali(token, other), 'NEW_CONVERSATIONS_DAILY_LIMIT');
    // Past the limit: the wali of a member he wrote to, a message to a member whose wali he asked.
    expect((await askWali(token, written)).statusCode).toBe(201);
    expect((await send(token, asked, 'Salam')).statusCode).toBe(201);
  });

  it('lets no more than the limit through when first messages leave at once', async () => {
    const { man, token, women } = await manAndWomen(FIRST_MESSAGES_PER_DAY * 3, { matched: true });
    const answers = await Promise.all(women.map((woman) => send(token, woman, 'Bonjour')));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(FIRST_MESSAGES_PER_DAY);
    expect(await messagesFromTo(man, women)).toHaveLength(FIRST_MESSAGES_PER_DAY);
  });

  it('counts messages leaving at once to the same member as one conversation', async () => {
    const { token, women } = await manAndWomen(FIRST_MESSAGES_PER_DAY, { matched: true });
    const [first = '', ...others] = women;
    const burst = await Promise.all(
      Array.from({ length: FIRST_MESSAGES_PER_DAY * 3 }, (_, i) =>
        send(token, first, `Salam ${i}`),
      ),
    );
    expect(burst.map((a) => a.statusCode)).toEqual(burst.map(() => 201));
    for (const woman of others) expect((await send(token, woman, 'Bonjour')).statusCode).toBe(201);
  });

  it('does not count a message that was refused', async () => {
    const { token, women } = await manAndWomen(FIRST_MESSAGES_PER_DAY, { matched: true });
    const [stranger = ''] = await seedMembers(t.database.db, [{ gender: 'femme' }]);
    for (let i = 0; i <= FIRST_MESSAGES_PER_DAY; i++) {
      const refused = await send(token, stranger, 'Bonjour');
      expect(refused.statusCode).toBe(403);
    }
    for (const woman of women) expect((await send(token, woman, 'Bonjour')).statusCode).toBe(201);
  });
});
