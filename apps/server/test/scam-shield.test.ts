import { destinations, type Message, messageSchema, type OpenReport } from '@mawadda/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { likes, members, messages, reports } from '../src/db/schema.ts';
import { collectMemberData } from '../src/modules/account/data-export.repository.ts';
import {
  bearer,
  registeredMember,
  seedCouple,
  seedLikes,
  seedMembers,
  sessionFor,
} from './fixtures.ts';
import { connectStomp } from './stomp-client.ts';
import { createTestApp, listenOnLoopback, type TestContext } from './test-app.ts';

/**
 * The chat's scam shield (ADR 043): the receiver of a scam-like message is warned, live and in
 * the history, the sender never; a sender who keeps setting it off is slowed, then reported by
 * the server with the messages attached; a new account, not verified, gives fewer likes, starts
 * fewer conversations and may not send links or phone numbers.
 */

const HOUR = 60 * 60 * 1000;
const SLOW_AFTER = 3;
const SLOWED_PER_MINUTE = 2;
const REPORT_AFTER = 5;
const NEW_LIKES = 2;
const NEW_FIRST_MESSAGES = 1;

let t: TestContext;
let baseUrl: string;
let moderator: string;

beforeAll(async () => {
  t = await createTestApp({
    // Windows of an hour and a day moved by the test clock: counted in process.
    limitsOnTestClock: true,
    config: {
      scamShield: {
        enabled: true,
        slowAfterPerHour: SLOW_AFTER,
        slowedPerMinute: SLOWED_PER_MINUTE,
        reportAfterPerDay: REPORT_AFTER,
      },
      newAccount: {
        ms: 48 * HOUR,
        likesPerDay: NEW_LIKES,
        firstMessagesPerDay: NEW_FIRST_MESSAGES,
      },
    },
  });
  baseUrl = await listenOnLoopback(t.app);
  [moderator = ''] = await seedMembers(t.database.db, [{ gender: 'femme' }]);
  await t.database.db.update(members).set({ role: 'moderator' }).where(eq(members.id, moderator));
});

const send = (token: string, to: string, content: string, uuid = crypto.randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: `/api/chat/send/${to}`,
    headers: bearer(token),
    payload: { uuid, content },
  });

const history = async (token: string, withId: string) =>
  (
    await t.app.inject({ url: `/api/chat/conversation/${withId}`, headers: bearer(token) })
  ).json() as Message[];

const queue = async () =>
  (
    await t.app.inject({
      url: '/api/moderation/reports',
      headers: bearer(await sessionFor(t.database.db, moderator)),
    })
  ).json() as OpenReport[];

const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

/** A matched pair, she (the sender) with a session. */
async function couple() {
  const { amina, youssef } = await seedCouple(t.database.db);
  return {
    amina,
    youssef,
    aminaToken: await sessionFor(t.database.db, amina),
    youssefToken: await sessionFor(t.database.db, youssef),
  };
}

describe('the warning under a scam-like message', () => {
  it('reaches the receiver’s socket and history with the rules found, never the sender’s', async () => {
    const { amina, youssef, aminaToken, youssefToken } = await couple();
    const youssefSocket = await connectStomp(baseUrl, youssefToken);
    const inbox = youssefSocket.subscribe(destinations.chat(youssef));
    const aminaOtherTab = await connectStomp(baseUrl, aminaToken);
    const echo = aminaOtherTab.subscribe(destinations.chat(amina));
    await settle();

    const scam = "Envoie-moi de l'argent par Wave, écris-moi sur WhatsApp";
    const sent = await send(aminaToken, youssef, scam);
    expect(sent.statusCode, sent.body).toBe(201);
    // The sender's answer says nothing of it.
    expect(sent.json()).not.toHaveProperty('shield');

    const received = messageSchema.parse(await inbox.next());
    expect(received).toMatchObject({ content: scam, shield: ['money', 'other-app'] });
    const mine = await echo.next();
    expect(mine).toMatchObject({ content: scam });
    expect(mine).not.toHaveProperty('shield');

    // Reloaded: the receiver's history keeps the warning, the sender's never shows it.
    const [inHis] = await history(youssefToken, amina);
    expect(inHis).toMatchObject({ content: scam, shield: ['money', 'other-app'] });
    const [inHers] = await history(aminaToken, youssef);
    expect(inHers).toMatchObject({ content: scam });
    expect(inHers).not.toHaveProperty('shield');

    // An ordinary message carries no warning for anyone.
    await send(aminaToken, youssef, "Je t'envoie une photo ce soir");
    const plain = messageSchema.parse(await inbox.next());
    expect(plain).not.toHaveProperty('shield');
    expect((await history(youssefToken, amina)).map((m) => m.shield)).toEqual([
      ['money', 'other-app'],
      undefined,
    ]);
    for (const socket of [youssefSocket, aminaOtherTab]) await socket.disconnect();
  });

  it('is kept with the message, as bits, and left out of the sender’s data export', async () => {
    const { amina, youssef, aminaToken } = await couple();
    const uuid = crypto.randomUUID();
    await send(aminaToken, youssef, 'Call me on +221 77 123 45 67', uuid);
    const [row] = await t.database.db
      .select({ shield: messages.shield })
      .from(messages)
      .where(and(eq(messages.senderId, amina), eq(messages.uuid, uuid)));
    expect(row?.shield).toBe(2); // phone: the second rule
    // Her copy of her data says nothing of it; his keeps the warning he was shown.
    const hers = (await collectMemberData(t.database.db, amina))?.messages ?? [];
    expect(hers.find((m) => m.uuid === uuid)).not.toHaveProperty('shield');
    const his = (await collectMemberData(t.database.db, youssef))?.messages ?? [];
    expect(his.find((m) => m.uuid === uuid)).toMatchObject({ shield: 2 });
  });
});

describe('a sender who keeps setting the shield off', () => {
  it('is slowed past the hour’s threshold, for an hour, then sends freely again', async () => {
    const { youssef, aminaToken } = await couple();
    for (let i = 0; i < SLOW_AFTER; i += 1) {
      const response = await send(
        aminaToken,
        youssef,
        `Envoie-moi 50 000 F sur Orange Money (${i})`,
      );
      expect(response.statusCode, response.body).toBe(201);
    }
    // Slowed: any message now takes one of the few of a minute.
    for (let i = 0; i < SLOWED_PER_MINUTE; i += 1) {
      expect((await send(aminaToken, youssef, `Salam ${i}`)).statusCode).toBe(201);
    }
    const refused = await send(aminaToken, youssef, 'Salam encore');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'MESSAGES_SLOWED',
      message: expect.stringMatching(/too quickly/),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    t.clock.advance(60_000);
    expect((await send(aminaToken, youssef, 'Salam, une minute après')).statusCode).toBe(201);

    // An hour on, the slowness is over.
    t.clock.advance(HOUR);
    for (let i = 0; i < SLOWED_PER_MINUTE + 3; i += 1) {
      expect((await send(aminaToken, youssef, `Bonjour ${i}`)).statusCode).toBe(201);
    }
  });

  it('under the threshold is not slowed', async () => {
    const { youssef, aminaToken } = await couple();
    for (let i = 0; i < SLOW_AFTER - 1; i += 1) {
      await send(aminaToken, youssef, `Add me on Instagram ${i}`);
    }
    for (let i = 0; i < SLOWED_PER_MINUTE + 3; i += 1) {
      expect((await send(aminaToken, youssef, `Hello ${i}`)).statusCode).toBe(201);
    }
  });

  it('is reported by the server past the day’s threshold, the flagged messages attached, asking for money first in the queue', async () => {
    // Another member's report, older, for something else.
    const [other = '', reporter = ''] = await seedMembers(t.database.db, [
      { gender: 'homme' },
      { gender: 'femme' },
    ]);
    const filed = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: bearer(await sessionFor(t.database.db, reporter)),
      payload: { reportedId: other, reason: 'fake-profile' },
    });
    expect(filed.statusCode, filed.body).toBe(201);

    const { amina, youssef, aminaToken } = await couple();
    const texts = [
      'Mon numéro WhatsApp : 07 07 12 34 56',
      "J'ai besoin d'argent pour les frais de visa",
      'Investis dans le bitcoin avec moi',
      'Envoie par Western Union',
    ];
    for (const text of texts) {
      expect((await send(aminaToken, youssef, text)).statusCode).toBe(201);
      t.clock.advance(HOUR); // not slowed: one an hour
    }
    expect((await queue()).some((r) => r.reported.id === amina)).toBe(false);

    await send(aminaToken, youssef, 'Fais-moi un petit transfert');
    const reports = await queue();
    const shieldReport = reports.find((r) => r.reported.id === amina);
    // What it found is data for the moderator's language, never a note of its own.
    expect(shieldReport).toMatchObject({
      reporter: {
        kind: 'scam-shield',
        flaggedMessages: 5,
        rules: ['money', 'phone', 'other-app', 'crypto'],
      },
      reasons: ['asking-for-money'],
      note: null,
    });
    expect(shieldReport?.messages.map((m) => m.content)).toEqual([
      ...texts,
      'Fais-moi un petit transfert',
    ]);
    // Asking for money comes before an older report of another kind.
    const order = reports.map((r) => r.reported.id);
    expect(order.indexOf(amina)).toBeLessThan(order.indexOf(other));

    // A sixth adds to the same open report.
    t.clock.advance(HOUR);
    await send(aminaToken, youssef, 'Add me on Snapchat');
    const again = (await queue()).filter((r) => r.reported.id === amina);
    expect(again).toHaveLength(1);
    expect(again[0]?.messages).toHaveLength(6);
    expect(again[0]?.reporter).toMatchObject({ kind: 'scam-shield', flaggedMessages: 6 });
  });

  it('reads a report it filed with an English note, before it wrote none, from its messages', async () => {
    const { amina, youssef, aminaToken } = await couple();
    const sent = await send(aminaToken, youssef, 'Envoie par Western Union');
    const [flagged] = await t.database.db
      .select({ seq: messages.seq })
      .from(messages)
      .where(eq(messages.uuid, sent.json().uuid));
    await t.database.db.insert(reports).values({
      reporterId: null,
      reportedId: amina,
      reasons: ['asking-for-money'],
      note: 'Scam shield: 5 flagged messages today (money).',
      messageSeqs: [flagged?.seq ?? 0],
      createdAt: t.clock.now(),
      updatedAt: t.clock.now(),
    });
    const old = (await queue()).find((r) => r.reported.id === amina);
    expect(old).toMatchObject({
      reporter: { kind: 'scam-shield', flaggedMessages: 1, rules: ['money'] },
      note: null,
    });
  });

  it('puts a member’s report for asking for money before older reports', async () => {
    const [a = '', b = '', reporter = ''] = await seedMembers(t.database.db, [
      { gender: 'homme' },
      { gender: 'homme' },
      { gender: 'femme' },
    ]);
    const token = await sessionFor(t.database.db, reporter);
    const report = (reportedId: string, reason: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/reports',
        headers: bearer(token),
        payload: { reportedId, reason },
      });
    expect((await report(a, 'harassment-or-hate')).statusCode).toBe(201);
    t.clock.advance(60_000);
    expect((await report(b, 'asking-for-money')).statusCode).toBe(201);
    const order = (await queue()).map((r) => r.reported.id);
    expect(order.indexOf(b)).toBeLessThan(order.indexOf(a));
  });
});

describe('a new account, not verified', () => {
  /** A member registered now (a new account) matched with an established one. */
  async function newcomer() {
    const registered = await registeredMember(t.app, { gender: 'femme' });
    const [youssef = ''] = await seedMembers(t.database.db, [{ gender: 'homme' }]);
    // Registered at the test clock's time (the database's clock is the machine's).
    await t.database.db
      .update(members)
      .set({ createdAt: t.clock.now() })
      .where(eq(members.id, registered.id));
    await seedLikes(t.database.db, [
      [registered.id, youssef],
      [youssef, registered.id],
    ]);
    return { id: registered.id, token: registered.token, youssef };
  }

  it('may not send a link or a phone number: 403 in both languages’ terms, nothing stored', async () => {
    const { id, token, youssef } = await newcomer();
    for (const text of [
      'Mon numéro : 07 07 12 34 56',
      'Regarde www.exemple.com',
      'wa.me/2250707',
    ]) {
      const refused = await send(token, youssef, text);
      expect(refused.statusCode, text).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'NEW_ACCOUNT_CONTACT_DETAILS',
        message:
          'New accounts cannot share links or phone numbers for their first 48 hours, or until they are verified: it keeps members safe from scams. Take them out to send this.',
        params: { hours: 48 },
      });
    }
    expect(await t.database.db.select().from(messages).where(eq(messages.senderId, id))).toEqual(
      [],
    );
    // Other flagged words pass (the receiver is warned), and so do ordinary ones.
    expect((await send(token, youssef, 'Salam, tu es sur Telegram ?')).statusCode).toBe(201);

    // 48 hours on, or verified, the link goes.
    t.clock.advance(48 * HOUR);
    expect((await send(token, youssef, 'Regarde www.exemple.com')).statusCode).toBe(201);
  });

  it('may not get around it with invisible characters or look-alike letters', async () => {
    const { id, token, youssef } = await newcomer();
    for (const text of [
      '77\u200b123\u200b45\u200b67\u200b8', // zero-width spaces between the digits
      'example.c\u043em', // a Cyrillic о
    ]) {
      const refused = await send(token, youssef, text);
      expect(refused.statusCode, text).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'NEW_ACCOUNT_CONTACT_DETAILS',
        params: { hours: 48 },
      });
    }
    expect(await t.database.db.select().from(messages).where(eq(messages.senderId, id))).toEqual(
      [],
    );
  });

  it('is lifted by verification', async () => {
    const { id, token, youssef } = await newcomer();
    expect((await send(token, youssef, 'Appelle-moi au 07 07 12 34 56')).statusCode).toBe(403);
    await t.database.db
      .update(members)
      .set({ verifiedAt: t.clock.now() })
      .where(eq(members.id, id));
    expect((await send(token, youssef, 'Appelle-moi au 07 07 12 34 56')).statusCode).toBe(201);
  });

  it('gives fewer likes a day than an established account', async () => {
    const { id, token } = await newcomer();
    const men = await seedMembers(
      t.database.db,
      Array.from({ length: NEW_LIKES + 1 }, () => ({ gender: 'homme' as const })),
    );
    const like = (likedUserId: string) =>
      t.app.inject({
        method: 'POST',
        url: '/like',
        headers: bearer(token),
        payload: { likedUserId },
      });
    for (const man of men.slice(0, NEW_LIKES)) expect((await like(man)).statusCode).toBe(200);
    const refused = await like(men[NEW_LIKES] ?? '');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('LIKES_DAILY_LIMIT');
    const given = await t.database.db.select().from(likes).where(eq(likes.likerId, id));
    expect(given).toHaveLength(NEW_LIKES + 1); // the match's like, seeded, and the two
    // Verified, the ordinary limit applies to the same day's count.
    await t.database.db
      .update(members)
      .set({ verifiedAt: t.clock.now() })
      .where(eq(members.id, id));
    expect((await like(men[NEW_LIKES] ?? '')).statusCode).toBe(200);
  });

  it('starts fewer conversations a day than an established account', async () => {
    const { id, token, youssef } = await newcomer();
    const [idriss = ''] = await seedMembers(t.database.db, [{ gender: 'homme' }]);
    await seedLikes(t.database.db, [
      [id, idriss],
      [idriss, id],
    ]);
    expect((await send(token, youssef, 'Salam')).statusCode).toBe(201);
    // The same conversation goes on.
    expect((await send(token, youssef, 'Comment vas-tu ?')).statusCode).toBe(201);
    const refused = await send(token, idriss, 'Salam');
    expect(refused.statusCode).toBe(429);
    // The refusal says why (a new account) and what lifts it (verification), with its numbers.
    expect(refused.json()).toMatchObject({
      code: 'NEW_ACCOUNT_CONVERSATIONS_LIMIT',
      params: { max: NEW_FIRST_MESSAGES, hours: 48 },
    });
    expect(refused.json().message).toContain('Get verified to lift it at once');
  });

  it('is not what a seeded, months-old account is: its links go', async () => {
    const { youssef, aminaToken } = await couple();
    expect((await send(aminaToken, youssef, 'www.exemple.com')).statusCode).toBe(201);
  });
});
