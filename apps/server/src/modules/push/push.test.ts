import {
  DEFAULT_NOTIFICATION_SETTINGS,
  type NotificationSettings,
  PUSH_ENDPOINT_MAX_LENGTH,
} from '@mawadda/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, seedMembers, sessionFor } from '../../../test/fixtures.ts';
import {
  type BrowserSubscription,
  startTestPushService,
  type TestPushService,
} from '../../../test/push-service.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { members, pushSubscriptions, sessions } from '../../db/schema.ts';
import { createMediaLinks } from '../../lib/media-links.ts';
import { createRecordedEvents } from '../../lib/recorded-events.ts';
import { hashToken } from '../../lib/tokens.ts';
import { createPushService } from './push.service.ts';

let t: TestContext;
let push: TestPushService;

beforeAll(async () => {
  t = await createTestApp();
  push = await startTestPushService();
});
afterAll(async () => {
  await push.close();
});

async function member() {
  const [id = ''] = await seedMembers(t.database.db, [{ gender: 'femme' }]);
  return { id, token: await sessionFor(t.database.db, id) };
}

async function call(
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
) {
  const answer = await t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(body === undefined ? {} : { payload: body as object }),
  });
  return { status: answer.statusCode, body: answer.json() };
}

const subscribe = (token: string, subscription: unknown) =>
  call(token, 'POST', '/api/push/subscriptions', subscription);

const stored = (memberId: string) =>
  t.database.db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.memberId, memberId))
    .orderBy(pushSubscriptions.subscribedAt);

const sessionIdOf = async (token: string) => {
  const [row] = await t.database.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)));
  return row?.id;
};

describe('the VAPID public key', () => {
  it('is given to the web app with the client settings, as an uncompressed P-256 key', async () => {
    const answer = await t.app.inject({ url: '/api/config' });
    const { vapidPublicKey } = answer.json();
    expect(vapidPublicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(vapidPublicKey).toBe(t.app.push.vapid.publicKey);
  });
});

describe('a device subscribing to Web Push', () => {
  it('is stored for the member and the session that subscribed it', async () => {
    const her = await member();
    const subscription = push.subscribe();
    const answer = await subscribe(her.token, subscription);
    expect(answer.status).toBe(201);
    const [row] = await stored(her.id);
    expect(row).toMatchObject({
      endpoint: subscription.endpoint,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
      sessionId: await sessionIdOf(her.token),
      expiresAt: null,
    });
  });

  it('subscribing the same endpoint again updates it; it moves to the member who subscribed it last', async () => {
    const her = await member();
    const him = await member();
    const first = push.subscribe();
    const renewed = {
      ...push.subscribe(),
      endpoint: first.endpoint,
      expirationTime: 4_102_444_800_000,
    };
    expect((await subscribe(her.token, first)).status).toBe(201);
    expect((await subscribe(her.token, renewed)).status).toBe(201);
    expect(await stored(her.id)).toEqual([
      expect.objectContaining({
        endpoint: first.endpoint,
        p256dh: renewed.keys.p256dh,
        expiresAt: new Date(4_102_444_800_000),
      }),
    ]);
    // The same browser, another member signed in on it.
    expect((await subscribe(him.token, renewed)).status).toBe(201);
    expect(await stored(her.id)).toEqual([]);
    expect(await stored(him.id)).toEqual([
      expect.objectContaining({
        endpoint: first.endpoint,
        sessionId: await sessionIdOf(him.token),
      }),
    ]);
  });

  it('keeps at most 10 per member: an eleventh device drops the oldest', async () => {
    const her = await member();
    const devices: BrowserSubscription[] = [];
    for (let i = 0; i < 11; i++) {
      devices.push(push.subscribe());
      t.clock.advance(1000);
      expect((await subscribe(her.token, devices.at(-1))).status).toBe(201);
    }
    const kept = (await stored(her.id)).map((row) => row.endpoint);
    expect(kept).toHaveLength(10);
    expect(kept).toEqual(devices.slice(1).map((d) => d.endpoint));
  });

  it('refuses bad input with a 400 and a code, and stores nothing', async () => {
    const her = await member();
    const good = push.subscribe();
    const offCurve = Buffer.alloc(65);
    offCurve[0] = 4;
    const cases: [unknown, string][] = [
      [{ ...good, endpoint: 'ftp://push.example/abc' }, 'PUSH_ENDPOINT_INVALID'],
      [{ ...good, endpoint: 'javascript:alert(1)' }, 'PUSH_ENDPOINT_INVALID'],
      [{ ...good, endpoint: 'http://push.example/abc' }, 'PUSH_ENDPOINT_INVALID'],
      [{ ...good, endpoint: 'https://user:pw@push.example/abc' }, 'PUSH_ENDPOINT_INVALID'],
      [{ ...good, endpoint: 'https://10.0.0.7/push/abc' }, 'PUSH_ENDPOINT_INVALID'],
      [{ ...good, endpoint: 'not a url' }, 'PUSH_ENDPOINT_INVALID'],
      [
        { ...good, endpoint: `https://push.example/${'a'.repeat(PUSH_ENDPOINT_MAX_LENGTH)}` },
        'PUSH_ENDPOINT_TOO_LONG',
      ],
      [
        { ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(0, -2) } },
        'PUSH_KEY_INVALID',
      ],
      [{ ...good, keys: { ...good.keys, p256dh: `${good.keys.p256dh}=` } }, 'PUSH_KEY_INVALID'],
      [
        { ...good, keys: { ...good.keys, p256dh: offCurve.toString('base64url') } },
        'PUSH_KEY_INVALID',
      ],
      [
        { ...good, keys: { ...good.keys, auth: Buffer.alloc(15).toString('base64url') } },
        'PUSH_AUTH_INVALID',
      ],
      [{ ...good, keys: { ...good.keys, auth: 'a+b/c'.repeat(4) } }, 'PUSH_AUTH_INVALID'],
      [{ ...good, keys: { p256dh: good.keys.p256dh } }, 'PUSH_AUTH_INVALID'],
      [{ endpoint: good.endpoint }, 'PUSH_KEY_INVALID'],
      [{ ...good, expirationTime: -1 }, 'PUSH_EXPIRATION_INVALID'],
      [{ ...good, expirationTime: 'tomorrow' }, 'PUSH_EXPIRATION_INVALID'],
    ];
    for (const [body, code] of cases) {
      const answer = await subscribe(her.token, body);
      expect([answer.status, answer.body.code], JSON.stringify(body).slice(0, 120)).toEqual([
        400,
        code,
      ]);
      expect(answer.body.message).toBeTypeOf('string');
      expect(answer.body.errors?.[0]?.code).toBe(code);
    }
    expect(await stored(her.id)).toEqual([]);
    // Signed out, nothing either.
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      payload: good,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses an endpoint on this machine unless the configuration allows it (tests)', async () => {
    const her = await member();
    const strict = createPushService({
      db: t.database.db,
      clock: t.clock,
      limiter: t.limiter,
      vapid: t.app.push.vapid,
      subscriptionsPerMember: 10,
      loopbackEndpoints: false,
      delivery: { batch: 1, pendingPerMember: 1, maxAttempts: 1, ca: undefined },
      photoLinks: createMediaLinks({
        secret: Buffer.alloc(32),
        ttlMs: 60_000,
        clock: t.clock,
        prefix: '/media/',
        stepMs: 60_000,
      }),
      badgeOf: async () => 0,
      badgeSql: () => sql`0`,
      onlineAmong: async () => new Set(),
      recorded: createRecordedEvents(),
      log: t.app.log,
    });
    const session = { id: (await sessionIdOf(her.token)) ?? '', memberId: her.id };
    for (const endpoint of [
      push.subscribe().endpoint,
      'https://localhost:9/push/x',
      'https://[::1]/x',
    ]) {
      const refused = await strict
        .subscribe(session, { ...push.subscribe(), endpoint }, 'fr')
        .catch((e) => e);
      expect(refused).toMatchObject({ statusCode: 400, code: 'PUSH_ENDPOINT_INVALID' });
    }
    expect(await stored(her.id)).toEqual([]);
  });

  it('forgets a subscription by its endpoint; another member cannot remove it', async () => {
    const her = await member();
    const him = await member();
    const subscription = push.subscribe();
    await subscribe(her.token, subscription);
    const byHim = await call(him.token, 'DELETE', '/api/push/subscriptions', {
      endpoint: subscription.endpoint,
    });
    expect(byHim.status).toBe(200);
    expect(await stored(her.id)).toHaveLength(1);
    const byHer = await call(her.token, 'DELETE', '/api/push/subscriptions', {
      endpoint: subscription.endpoint,
    });
    expect(byHer.status).toBe(200);
    expect(await stored(her.id)).toEqual([]);
    const bad = await call(her.token, 'DELETE', '/api/push/subscriptions', { endpoint: 'ftp://x' });
    expect([bad.status, bad.body.code]).toEqual([400, 'PUSH_ENDPOINT_INVALID']);
  });

  it('goes with the logout of the device that made it, not with another device’s', async () => {
    const her = await member();
    const otherDevice = await sessionFor(t.database.db, her.id);
    const phone = push.subscribe();
    const laptop = push.subscribe();
    await subscribe(her.token, phone);
    await subscribe(otherDevice, laptop);
    const loggedOut = await call(her.token, 'POST', '/api/auth/logout');
    expect(loggedOut.status).toBe(200);
    expect((await stored(her.id)).map((row) => row.endpoint)).toEqual([laptop.endpoint]);
  });

  it('goes when a password reset ends every session of the member', async () => {
    const her = await member();
    const [{ email = '' } = {}] = await t.database.db
      .select({ email: members.email })
      .from(members)
      .where(eq(members.id, her.id));
    await subscribe(her.token, push.subscribe());
    await subscribe(await sessionFor(t.database.db, her.id), push.subscribe());
    expect(await stored(her.id)).toHaveLength(2);
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { username: email },
    });
    expect(forgot.statusCode).toBe(200);
    let mail: string | undefined;
    for (let i = 0; i < 100 && !mail; i++) {
      mail = t.mailer.sent.find((m) => m.to === email)?.text;
      if (!mail) await new Promise((r) => setTimeout(r, 20));
    }
    const token = /reset-password\/([A-Za-z0-9_-]+)/.exec(mail ?? '')?.[1];
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'a brand new password' },
    });
    expect(reset.statusCode).toBe(200);
    expect(await stored(her.id)).toEqual([]);
  });
});

describe('the subscriptions a push may go to', () => {
  it('leaves out subscriptions of revoked or expired sessions, and those the push service ended', async () => {
    const her = await member();
    const expiring = await sessionFor(t.database.db, her.id);
    await subscribe(her.token, push.subscribe());
    await subscribe(expiring, push.subscribe());
    await subscribe(her.token, {
      ...push.subscribe(),
      expirationTime: t.clock.now().getTime() + 1000,
    });
    expect(await t.app.push.subscriptionsOf(her.id)).toHaveLength(3);
    t.clock.advance(2000);
    await t.database.db
      .update(sessions)
      .set({ revokedAt: t.clock.now() })
      .where(eq(sessions.tokenHash, hashToken(expiring)));
    expect(await t.app.push.subscriptionsOf(her.id)).toHaveLength(1);
  });
});

describe('notification settings', () => {
  const settings = (token: string) => call(token, 'GET', '/api/push/settings');
  const save = (token: string, body: unknown) => call(token, 'PUT', '/api/push/settings', body);

  it('are on by default but likes and the message text, with no quiet hours', async () => {
    const her = await member();
    expect(await settings(her.token)).toEqual({
      status: 200,
      body: {
        messages: true,
        matches: true,
        likes: false,
        calls: true,
        gifts: true,
        showMessageText: false,
        quietHours: null,
        timeZone: 'UTC',
        emailDigest: true,
      },
    });
  });

  it('are saved whole and read back, quiet hours across midnight in the member’s time zone', async () => {
    const her = await member();
    const chosen: NotificationSettings = {
      ...DEFAULT_NOTIFICATION_SETTINGS,
      likes: true,
      calls: false,
      showMessageText: true,
      quietHours: { start: '22:30', end: '07:00' },
      timeZone: 'Africa/Dakar',
      emailDigest: false,
    };
    expect(await save(her.token, chosen)).toEqual({ status: 200, body: chosen });
    expect((await settings(her.token)).body).toEqual(chosen);
    const lifted = { ...chosen, quietHours: null, timeZone: 'Europe/Paris' };
    expect((await save(her.token, lifted)).status).toBe(200);
    expect((await settings(her.token)).body).toEqual(lifted);
    // Another member's are their own.
    expect((await settings((await member()).token)).body).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
  });

  it('refuses what is not a setting, and changes nothing', async () => {
    const her = await member();
    const base = DEFAULT_NOTIFICATION_SETTINGS;
    const cases: [unknown, string][] = [
      [{ ...base, likes: 'yes' }, 'NOTIFICATION_SETTING_INVALID'],
      [{ ...base, messages: undefined }, 'NOTIFICATION_SETTING_INVALID'],
      [{ ...base, quietHours: { start: '24:00', end: '07:00' } }, 'QUIET_HOURS_INVALID'],
      [{ ...base, quietHours: { start: '7:00', end: '08:00' } }, 'QUIET_HOURS_INVALID'],
      [{ ...base, quietHours: { start: '22:00', end: '22:00' } }, 'QUIET_HOURS_INVALID'],
      [{ ...base, quietHours: { start: '22:00' } }, 'QUIET_HOURS_INVALID'],
      [{ ...base, quietHours: '22:00-07:00' }, 'QUIET_HOURS_INVALID'],
      [{ ...base, timeZone: 'Mars/Olympus_Mons' }, 'TIME_ZONE_INVALID'],
      [{ ...base, timeZone: '../../etc/passwd' }, 'TIME_ZONE_INVALID'],
      [{ ...base, timeZone: undefined }, 'TIME_ZONE_INVALID'],
      [{ ...base, sound: true }, 'INVALID_VALUE'],
    ];
    for (const [body, code] of cases) {
      const answer = await save(her.token, body);
      expect([answer.status, answer.body.code], JSON.stringify(body)).toEqual([400, code]);
    }
    expect((await settings(her.token)).body).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
  });
});
