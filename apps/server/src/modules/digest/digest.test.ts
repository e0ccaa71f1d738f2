import { randomUUID } from 'node:crypto';
import { DEFAULT_NOTIFICATION_SETTINGS } from '@mawadda/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bearer,
  seedLikes,
  seedMembers,
  seedSubscription,
  sessionFor,
} from '../../../test/fixtures.ts';
import { startTestPushService, type TestPushService } from '../../../test/push-service.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { blocks, members, messages } from '../../db/schema.ts';
import { claimDueDigests, type DueDigest } from './digest.repository.ts';
import { createDigestService } from './digest.service.ts';
import { createUnsubscribeTokens } from './unsubscribe-token.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** DIGEST_DELAY_MINUTES by default. */
const DELAY = 2 * HOUR;
const UNSUBSCRIBE = '/api/notifications/digest/unsubscribe';

let t: TestContext;
/** A second node on the same database. */
let second: TestContext;
let push: TestPushService;

beforeAll(async () => {
  t = await createTestApp();
  second = await createTestApp({ database: t.database });
  push = await startTestPushService();
});
afterAll(() => push.close());

/** A member last seen an hour ago (seeding writes the real time, ahead of the test clock). */
async function member(name = 'Aminata Diallo', gender: 'femme' | 'homme' = 'femme') {
  const [id = ''] = await seedMembers(t.database.db, [{ name, gender }]);
  const [row] = await t.database.db
    .update(members)
    .set({ lastActiveAt: new Date(t.clock.now().getTime() - HOUR) })
    .where(eq(members.id, id))
    .returning({ email: members.email });
  return { id, email: row?.email ?? '', token: await sessionFor(t.database.db, id) };
}

async function write(from: string, to: string, count = 1) {
  await t.database.db.insert(messages).values(
    Array.from({ length: count }, () => ({
      uuid: randomUUID(),
      senderId: from,
      receiverId: to,
      content: 'Rendez-vous chez ma tante samedi',
      sentAt: t.clock.now(),
    })),
  );
}

/**
 * Until the activity of these members' requests is written (once a second, at the test clock's
 * time: written after the clock moved on, it would read as a visit after their news); then a
 * minute passes, so what follows comes after the visit.
 */
async function settled(...ids: string[]) {
  for (let i = 0; i < 500; i++) {
    const rows = await t.database.db
      .select({ at: members.lastActiveAt })
      .from(members)
      .where(inArray(members.id, ids));
    if (rows.every((row) => row.at.getTime() === t.clock.now().getTime())) {
      t.clock.advance(MINUTE);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('The activity of the requests was not written');
}

/** Until a statement of this database waits for a lock another transaction holds. */
async function waitingOnALock() {
  for (let i = 0; i < 1000; i++) {
    const result = await t.database.db.execute<{ waiting: boolean }>(
      sql`select exists (select 1 from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock') as waiting`,
    );
    if (result.rows[0]?.waiting) return;
  }
  throw new Error('No statement waited for the claim');
}

const mailsTo = (email: string) => t.mailer.sent.filter((mail) => mail.to === email);

/** Time passes beyond the delay, then a node runs the digest. */
async function later(ms = DELAY + MINUTE) {
  t.clock.advance(ms);
  await t.app.digest.run();
}

async function call(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const answer = await t.app.inject({
    method,
    url,
    headers: { ...(options.token ? bearer(options.token) : {}), ...options.headers },
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
  return answer;
}

const digestSetting = async (token: string) =>
  (await call('GET', '/api/push/settings', { token })).json().emailDigest;

/** The one-click address of a digest, from its `List-Unsubscribe` header. */
function unsubscribeLink(mail: { headers?: Record<string, string> } | undefined) {
  const header = mail?.headers?.['List-Unsubscribe'] ?? '';
  const url = new URL(/^<(.+)>$/.exec(header)?.[1] ?? 'http://invalid/');
  return `${url.pathname}${url.search}`;
}

describe('who gets an e-mail digest', () => {
  it('a member without push, away while messages wait past the delay: one mail in their language, counts and first names only, with one-click unsubscribe headers', async () => {
    const her = await member('aminata diallo');
    const him = await member('Youssef Konaté', 'homme');
    const other = await member('Fatou Sarr');
    // She last used the app in English.
    const saved = await call('PUT', '/api/push/settings', {
      token: her.token,
      headers: { 'accept-language': 'en-GB,en;q=0.9,fr;q=0.5' },
      body: DEFAULT_NOTIFICATION_SETTINGS,
    });
    expect(saved.statusCode).toBe(200);
    await settled(her.id);
    await write(him.id, her.id, 2);
    t.clock.advance(MINUTE);
    await write(other.id, her.id);
    await write(her.id, him.id);

    t.clock.advance(DELAY - 2 * MINUTE);
    await t.app.digest.run();
    expect(mailsTo(her.email)).toEqual([]);

    await later(2 * MINUTE);
    const [mail, ...more] = mailsTo(her.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('News from your conversations on Mawadda');
    const [english = '', french = ''] = mail?.text.split('\n\n---\n\n') ?? [];
    expect(english).toContain('Assalamu alaykum Aminata Diallo,');
    expect(english).toContain('Fatou and Youssef sent you 3 messages.');
    expect(english).toContain('http://mawadda.test/en/chat');
    expect(french).toContain('Fatou et Youssef vous ont envoyé 3 messages.');
    expect(mail?.text).not.toContain('Konaté');
    expect(mail?.text).not.toContain('Rendez-vous');
    expect(mail?.html).not.toContain('Rendez-vous');
    expect(mail?.headers).toEqual({
      'List-Unsubscribe': expect.stringMatching(
        /^<http:\/\/mawadda\.test\/api\/notifications\/digest\/unsubscribe\?token=[\w.-]+>$/,
      ),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail?.text).toContain(unsubscribeLink(mail));
    // Youssef, away too, is told of her answer in his own.
    expect(mailsTo(him.email)).toHaveLength(1);
  });

  it('is in French for a member who never said otherwise, and tells of new matches', async () => {
    const her = await member('Mariam Touré');
    const him = await member('Ibrahima Ba', 'homme');
    await seedLikes(t.database.db, [[her.id, him.id]], t.clock.now());
    await seedLikes(t.database.db, [[him.id, her.id]], t.clock.now());
    await later();
    const [mail] = mailsTo(her.email);
    expect(mail?.subject).toBe('Du nouveau dans vos conversations sur Mawadda');
    expect(mail?.text.split('\n\n---\n\n')[0]).toContain('Vous avez un nouveau match : Ibrahima.');
    expect(mail?.text).toContain('http://mawadda.test/fr/chat');
    // A like returned is a match, told once as such.
    expect(mail?.text).not.toContain('aimé votre profil');
    expect(mailsTo(him.email)[0]?.text).toContain('Vous avez un nouveau match : Mariam.');
  });

  it('tells of a message request apart from messages, without the sender’s name', async () => {
    const her = await member('Aïcha Ndiaye');
    const him = await member('Omar Fall', 'homme');
    await seedSubscription(t.database.db, him.id);
    const sent = await call('POST', `/api/chat/send/${her.id}`, {
      token: him.token,
      body: { content: 'Salam, ton profil m’a touché' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    await later();
    const [mail] = mailsTo(her.email);
    const [french = ''] = mail?.text.split('\n\n---\n\n') ?? [];
    expect(mail?.subject).toBe('Du nouveau dans vos conversations sur Mawadda');
    expect(french).toContain('Une demande de message attend votre réponse.');
    expect(french).not.toContain('vous a envoyé');
    expect(french).not.toContain('Omar');
  });

  it('tells of likes not returned, first names only, none from a blocked or banned member, and opens the suggestions', async () => {
    const her = await member('Khady Fall');
    const first = await member('Ibrahima Ba', 'homme');
    const second = await member('cheikh ndiaye', 'homme');
    const blocked = await member('Moussa Kane', 'homme');
    const banned = await member('Alioune Sy', 'homme');
    await t.database.db.insert(blocks).values({ blockerId: her.id, blockedId: blocked.id });
    await t.database.db
      .update(members)
      .set({ standing: 'banned' })
      .where(eq(members.id, banned.id));
    await seedLikes(t.database.db, [[first.id, her.id]], t.clock.now());
    t.clock.advance(MINUTE);
    await seedLikes(
      t.database.db,
      [
        [second.id, her.id],
        [blocked.id, her.id],
        [banned.id, her.id],
      ],
      t.clock.now(),
    );
    await later();
    const [mail, ...more] = mailsTo(her.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Quelqu’un s’intéresse à vous sur Mawadda');
    const [french = '', english = ''] = mail?.text.split('\n\n---\n\n') ?? [];
    expect(french).toContain('Cheikh et Ibrahima ont aimé votre profil.');
    expect(french).toContain('Ouvrez Mawadda pour voir leurs profils :');
    expect(english).toContain('Cheikh and Ibrahima liked your profile.');
    expect(mail?.text).toContain('http://mawadda.test/fr/suggestions');
    expect(mail?.text).not.toMatch(/Moussa|Alioune|Ba\b|Ndiaye|message/);
    // Who liked has nothing new of their own.
    for (const m of [first, second, blocked, banned]) expect(mailsTo(m.email)).toEqual([]);
  });

  it('records the language of a device that subscribes', async () => {
    const her = await member();
    const him = await member('Oumar', 'homme');
    const subscribed = await call('POST', '/api/push/subscriptions', {
      token: her.token,
      headers: { 'accept-language': 'en' },
      body: push.subscribe(),
    });
    expect(subscribed.statusCode).toBe(201);
    // The device's session ends: no device can be pushed to, the digest takes over, in English.
    await call('POST', '/api/auth/logout', { token: her.token });
    await settled(her.id);
    await write(him.id, her.id);
    await later();
    expect(mailsTo(her.email).map((mail) => mail.subject)).toEqual([
      'News from your conversations on Mawadda',
    ]);
  });

  it('none to a member a device of whom can be pushed to, who turned it off, who read, or who came back', async () => {
    const writer = await member('Awa', 'homme');
    const subscribed = await member();
    await call('POST', '/api/push/subscriptions', {
      token: subscribed.token,
      body: push.subscribe(),
    });
    const off = await member();
    const turnedOff = await call('PUT', '/api/push/settings', {
      token: off.token,
      body: { ...DEFAULT_NOTIFICATION_SETTINGS, emailDigest: false },
    });
    expect(turnedOff.statusCode).toBe(200);
    await settled(subscribed.id, off.id);
    const reader = await member();
    const back = await member();
    const banned = await member();
    await t.database.db
      .update(members)
      .set({ standing: 'banned' })
      .where(eq(members.id, banned.id));
    for (const m of [subscribed, off, reader, back, banned]) await write(writer.id, m.id);
    t.clock.advance(HOUR);
    await t.database.db
      .update(messages)
      .set({ readAt: t.clock.now() })
      .where(eq(messages.receiverId, reader.id));
    await t.database.db
      .update(members)
      .set({ lastActiveAt: t.clock.now() })
      .where(eq(members.id, back.id));
    await later();
    for (const m of [subscribed, off, reader, back, banned]) expect(mailsTo(m.email)).toEqual([]);
  });

  it('never counts a blocked member’s messages or match', async () => {
    const her = await member();
    const blocked = await member('Moussa', 'homme');
    const friend = await member('Cheikh', 'homme');
    await t.database.db.insert(blocks).values({ blockerId: her.id, blockedId: blocked.id });
    await write(blocked.id, her.id, 4);
    await seedLikes(t.database.db, [
      [her.id, blocked.id],
      [blocked.id, her.id],
    ]);
    await later();
    expect(mailsTo(her.email)).toEqual([]);

    await write(friend.id, her.id);
    await write(blocked.id, her.id);
    await later();
    const [mail] = mailsTo(her.email);
    expect(mail?.text).toContain('Cheikh vous a envoyé 1 message.');
    expect(mail?.text).not.toContain('Moussa');
    expect(mail?.text).not.toContain('match');
  });

  it('at most one a day, whatever runs or nodes: the claim is in the database', async () => {
    const her = await member();
    const him = await member('Lamine', 'homme');
    await write(him.id, her.id);
    t.clock.advance(DELAY + MINUTE);
    second.clock.advance(t.clock.now().getTime() - second.clock.now().getTime());
    const [here, there] = await Promise.all([t.app.digest.run(), second.app.digest.run()]);
    expect(here + there).toBeGreaterThan(0);
    expect([
      ...mailsTo(her.email),
      ...second.mailer.sent.filter((m) => m.to === her.email),
    ]).toHaveLength(1);
    t.mailer.sent.length = 0;

    // More news the same day waits for the next day, and is then told.
    await write(him.id, her.id, 2);
    await later(12 * HOUR);
    expect(mailsTo(her.email)).toEqual([]);
    await later(12 * HOUR);
    const [next, ...more] = mailsTo(her.email);
    expect(more).toEqual([]);
    expect(next?.text).toContain('Lamine vous a envoyé 2 messages.');
    // What a digest told is not told again.
    await later(25 * HOUR);
    expect(mailsTo(her.email)).toHaveLength(1);
  });

  it.runIf(process.env.TEST_DB === 'postgres')(
    'of two nodes claiming a member at the same instant, the second waits for the first and gets nothing',
    async () => {
      const her = await member();
      const him = await member('Samba', 'homme');
      await write(him.id, her.id);
      t.clock.advance(DELAY + MINUTE);
      const options = { now: t.clock.now(), delayMs: DELAY, batch: 100 };
      let other: Promise<DueDigest[]> | undefined;
      const first = await t.database.db.transaction(async (tx) => {
        const mine = await claimDueDigests(tx, options);
        // The other node, on a connection of its own, does not see this claim yet: it finds her
        // due, and its claim waits on this one's row.
        other = claimDueDigests(t.database.db, options);
        await waitingOnALock();
        return mine;
      });
      expect(first.map((digest) => digest.memberId)).toContain(her.id);
      expect((await other)?.map((digest) => digest.memberId)).not.toContain(her.id);
    },
  );

  it('runs by itself on its interval once started, and its stop waits for the run under way', async () => {
    const her = await member();
    const him = await member('Babacar', 'homme');
    await write(him.id, her.id);
    t.clock.advance(DELAY + MINUTE);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const stop = t.app.digest.start(5 * MINUTE);
      vi.advanceTimersByTime(5 * MINUTE - 1);
      await stop();
      expect(mailsTo(her.email)).toEqual([]);
      const again = t.app.digest.start(5 * MINUTE);
      vi.advanceTimersByTime(5 * MINUTE);
      await again();
      expect(mailsTo(her.email)).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a mail that could not be sent is tried again at the next run', async () => {
    const her = await member();
    const him = await member('Modou', 'homme');
    await write(him.id, her.id);
    t.clock.advance(DELAY + MINUTE);
    const failing = createDigestService({
      db: t.database.db,
      clock: t.clock,
      mailer: {
        send: async () => {
          throw new Error('SMTP down');
        },
        close: async () => {},
      },
      log: { error: () => {} } as never,
      publicUrl: 'http://mawadda.test',
      delayMs: DELAY,
      tokens: createUnsubscribeTokens(Buffer.alloc(32, 7)),
      stopEmailDigest: async () => {},
    });
    expect(await failing.run()).toBe(0);
    await t.app.digest.run();
    expect(mailsTo(her.email)).toHaveLength(1);
  });
});

describe('the one-click unsubscribe', () => {
  async function digestOf() {
    const her = await member();
    const him = await member('Abdou', 'homme');
    await write(him.id, her.id);
    await later();
    const [mail] = mailsTo(her.email);
    return { her, him, link: unsubscribeLink(mail) };
  }

  it('a POST with the mail’s token turns the digest off, needs no login, works again, and no digest follows', async () => {
    const { her, him, link } = await digestOf();
    // RFC 8058 allows either form encoding; a second time changes nothing and is no error.
    const bodies = [
      { type: 'application/x-www-form-urlencoded', body: 'List-Unsubscribe=One-Click' },
      {
        type: 'multipart/form-data; boundary=x',
        body: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
      },
    ];
    for (const { type, body } of bodies) {
      const answer = await call('POST', link, { headers: { 'content-type': type }, body });
      expect([answer.statusCode, answer.json()]).toEqual([
        200,
        { message: 'Unsubscribed from the e-mail digest.' },
      ]);
    }
    // Her other settings are as they were (the defaults: she never saved any).
    expect((await call('GET', '/api/push/settings', { token: her.token })).json()).toEqual({
      ...DEFAULT_NOTIFICATION_SETTINGS,
      emailDigest: false,
    });
    await settled(her.id);
    await write(him.id, her.id);
    await later(24 * HOUR + DELAY);
    expect(mailsTo(her.email)).toHaveLength(1);
  });

  it('a GET shows a page whose button posts, and unsubscribes nobody (link scanners fetch it)', async () => {
    const { her, link } = await digestOf();
    const page = await call('GET', link, { headers: { 'accept-language': 'fr-FR' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("form-action 'self'");
    expect(page.body).toContain('<form method="post" action="?token=');
    expect(page.body.indexOf('Me désabonner')).toBeLessThan(page.body.indexOf('Unsubscribe me'));
    expect(await digestSetting(her.token)).toBe(true);

    // The button: a browser's form post, answered with a page.
    const done = await call('POST', link, {
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'text/html,application/xhtml+xml',
      },
      body: '',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('vous ne recevrez plus le résumé');
    expect(await digestSetting(her.token)).toBe(false);
  });

  it('refuses a token the server did not sign: 400 with a code, nothing changes', async () => {
    const { her, him, link } = await digestOf();
    const token = new URL(link, 'http://x').searchParams.get('token') ?? '';
    const [, signature = ''] = token.split('.');
    const forged = [
      `${him.id}.${signature}`,
      `${her.id}.${Buffer.alloc(32).toString('base64url')}`,
      her.id,
      `${token}.x`,
      'not a token',
      '',
    ];
    for (const bad of forged) {
      const answer = await call('POST', `${UNSUBSCRIBE}?token=${encodeURIComponent(bad)}`);
      expect([answer.statusCode, answer.json().code], bad).toEqual([
        400,
        'UNSUBSCRIBE_LINK_INVALID',
      ]);
      expect(answer.json().message).toMatch(/not valid/);
    }
    expect((await call('POST', UNSUBSCRIBE)).statusCode).toBe(400);
    const page = await call('GET', `${UNSUBSCRIBE}?token=${encodeURIComponent(forged[0] ?? '')}`);
    expect(page.statusCode).toBe(400);
    expect(page.body).not.toContain('<form');
    expect(await digestSetting(her.token)).toBe(true);
    expect(await digestSetting(him.token)).toBe(true);
  });
});
