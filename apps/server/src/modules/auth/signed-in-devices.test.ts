import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, register, someAddress } from '../../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { createTestGoogle, type TestGoogle } from '../../../test/test-google.ts';
import { sessions } from '../../db/schema.ts';
import { hashToken } from '../../lib/tokens.ts';
import { NEW_DEVICE_MAILS } from './auth-sessions.ts';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const WINDOWS_EDGE =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0';

let t: TestContext;
let google: TestGoogle;
beforeAll(async () => {
  google = await createTestGoogle();
  t = await createTestApp({
    config: { countryHeader: 'cf-ipcountry' },
    googleKeys: google.keys,
    // The new-device share is counted per hour: the memory store follows the test clock.
    limitsOnTestClock: true,
  });
});

type Device = { userAgent?: string; country?: string; cookie?: string };

/** A password sign-in from a device: its token and the device cookie it was given. */
async function signIn(email: string, password: string, device: Device = {}) {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: email, password },
    remoteAddress: someAddress(),
    headers: {
      ...(device.userAgent ? { 'user-agent': device.userAgent } : {}),
      ...(device.country ? { 'cf-ipcountry': device.country } : {}),
      ...(device.cookie ? { cookie: device.cookie } : {}),
    },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  const setCookie = String(answer.headers['set-cookie']).split(';')[0] ?? '';
  return { token: answer.json<{ token: string }>().token, cookie: setCookie };
}

/** A registered member, not signed in yet. */
async function newMember() {
  const { response, fields } = await register(t.app);
  expect(response.statusCode).toBe(201);
  return { email: fields.username as string, password: fields.password as string };
}

const call = (
  token: string | undefined,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload ? { payload } : {}),
  });

const devicesOf = async (token: string) => {
  const answer = await call(token, 'GET', '/api/auth/sessions');
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<Array<Record<string, unknown>>>();
};

const status = async (token: string) =>
  (await t.app.inject({ url: '/api/users/me', headers: bearer(token) })).statusCode;

const mailsTo = (address: string) => t.mailer.sent.filter((m) => m.to === address);

/** Mails go out after the answer: waits until `count` went to the address. */
async function waitForMails(address: string, count: number) {
  await expect.poll(() => mailsTo(address).length, { timeout: 3000 }).toBe(count);
}

/** Nothing more reaches the address once the mails in flight had their time. */
async function noMoreMails(address: string, count: number) {
  await new Promise((r) => setTimeout(r, 300));
  expect(mailsTo(address)).toHaveLength(count);
}

describe('signed-in devices', () => {
  it('lists my live sessions with browser, system, country and times, mine marked', async () => {
    const { email, password } = await newMember();
    const phone = await signIn(email, password, { userAgent: ANDROID_CHROME, country: 'sn' });
    const laptop = await signIn(email, password, { userAgent: WINDOWS_EDGE, country: 'FR' });
    const list = await devicesOf(phone.token);
    expect(list).toHaveLength(2);
    const byBrowser = Object.fromEntries(list.map((d) => [d.browser, d]));
    expect(byBrowser.Chrome).toMatchObject({ os: 'Android', country: 'SN', current: true });
    expect(byBrowser.Edge).toMatchObject({ os: 'Windows', country: 'FR', current: false });
    expect(byBrowser.Chrome?.createdAt).toBe(t.clock.now().toISOString());
    expect(byBrowser.Chrome?.lastActiveAt).toBe(t.clock.now().toISOString());
    expect((await devicesOf(laptop.token)).find((d) => d.current)?.browser).toBe('Edge');
  });

  it('shows no country for a code that names none, and unknown browsers as null', async () => {
    const { email, password } = await newMember();
    const { token } = await signIn(email, password, { userAgent: 'curl/8.5', country: 'XX' });
    const [device] = await devicesOf(token);
    expect(device).toMatchObject({ browser: null, os: null, country: null });
    const other = await signIn(email, password, { country: 'Senegal' });
    expect((await devicesOf(other.token)).find((d) => d.current)?.country).toBeNull();
  });

  it('keeps each session its own last activity, at a minute’s resolution', async () => {
    const { email, password } = await newMember();
    const first = await signIn(email, password, { userAgent: ANDROID_CHROME });
    const second = await signIn(email, password, { userAgent: IPHONE_SAFARI });
    const openedAt = t.clock.now();
    t.clock.advance(5 * 60_000);
    expect(await status(second.token)).toBe(200);
    const later = t.clock.now();
    // Read in the database: a request in the first session would refresh it.
    const activeAt = async (token: string) => {
      const [row] = await t.database.db
        .select({ at: sessions.lastActiveAt })
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(token)));
      return row?.at.getTime();
    };
    await expect.poll(() => activeAt(second.token), { timeout: 5000 }).toBe(later.getTime());
    expect(await activeAt(first.token)).toBe(openedAt.getTime());
    // Within the minute, a request writes nothing more.
    t.clock.advance(30_000);
    expect(await status(second.token)).toBe(200);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await activeAt(second.token)).toBe(later.getTime());
  });

  it('signs one of my devices out: its token stops working, the list loses it', async () => {
    const { email, password } = await newMember();
    const phone = await signIn(email, password, { userAgent: ANDROID_CHROME });
    const laptop = await signIn(email, password, { userAgent: WINDOWS_EDGE });
    const laptopId = (await devicesOf(phone.token)).find((d) => !d.current)?.id as string;
    const answer = await call(phone.token, 'DELETE', `/api/auth/sessions/${laptopId}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const ended = await t.app.inject({ url: '/api/users/me', headers: bearer(laptop.token) });
    expect(ended.statusCode).toBe(401);
    expect(ended.json().code).toBe('SESSION_ENDED');
    expect(await status(phone.token)).toBe(200);
    expect((await devicesOf(phone.token)).map((d) => d.id)).not.toContain(laptopId);
    const again = await call(phone.token, 'DELETE', `/api/auth/sessions/${laptopId}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('SESSION_NOT_FOUND');
  });

  it('refuses another member’s session as an unknown one, and ends nothing', async () => {
    const mine = await newMember();
    const theirs = await newMember();
    const me = await signIn(mine.email, mine.password);
    const them = await signIn(theirs.email, theirs.password);
    const theirId = (await devicesOf(them.token))[0]?.id as string;
    const refused = await call(me.token, 'DELETE', `/api/auth/sessions/${theirId}`);
    const unknown = await call(
      me.token,
      'DELETE',
      '/api/auth/sessions/00000000-0000-4000-8000-000000000000',
    );
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('SESSION_NOT_FOUND');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toBe(refused.body);
    expect(await status(them.token)).toBe(200);
    expect((await devicesOf(me.token)).map((d) => d.id)).not.toContain(theirId);
    const malformed = await call(me.token, 'DELETE', '/api/auth/sessions/not-an-id');
    expect(malformed.statusCode).toBe(400);
  });

  it('answers 401 to a visitor and to a signed-out session on every route', async () => {
    const { email, password } = await newMember();
    const { token } = await signIn(email, password);
    const [own] = await devicesOf(token);
    expect((await call(token, 'POST', '/api/auth/logout')).statusCode).toBe(200);
    const routes: Array<['GET' | 'POST' | 'DELETE', string, object?]> = [
      ['GET', '/api/auth/sessions'],
      ['DELETE', `/api/auth/sessions/${own?.id}`],
      ['POST', '/api/auth/sessions/end-others'],
      ['POST', '/api/auth/password', { currentPassword: password, newPassword: 'another-pass-1' }],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call(undefined, method, url, payload)).statusCode, url).toBe(401);
      expect((await call(token, method, url, payload)).statusCode, url).toBe(401);
    }
    // The password did not change.
    await signIn(email, password);
  });

  it('signs out every other device of mine, and only mine', async () => {
    const { email, password } = await newMember();
    const stranger = await newMember();
    const theirs = await signIn(stranger.email, stranger.password);
    const kept = await signIn(email, password);
    const others = [await signIn(email, password), await signIn(email, password)];
    const answer = await call(kept.token, 'POST', '/api/auth/sessions/end-others');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ ended: 2 });
    for (const other of others) expect(await status(other.token)).toBe(401);
    expect(await status(kept.token)).toBe(200);
    expect(await status(theirs.token)).toBe(200);
    expect(await devicesOf(kept.token)).toHaveLength(1);
  });
});

describe('changing the password', () => {
  const change = (token: string, currentPassword: string, newPassword: string) =>
    call(token, 'POST', '/api/auth/password', { currentPassword, newPassword });

  it('sets the new password and signs every other device out, not this one', async () => {
    const { email, password } = await newMember();
    const here = await signIn(email, password);
    const elsewhere = await signIn(email, password);
    const answer = await change(here.token, password, 'a-brand-new-pass');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ ended: 1 });
    expect(await status(elsewhere.token)).toBe(401);
    expect(await status(here.token)).toBe(200);
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: email, password },
      remoteAddress: someAddress(),
    });
    expect(old.statusCode).toBe(401);
    await signIn(email, 'a-brand-new-pass');
  });

  it('refuses a wrong current password with 403 and changes nothing', async () => {
    const { email, password } = await newMember();
    const here = await signIn(email, password);
    const elsewhere = await signIn(email, password);
    const answer = await change(here.token, 'not-my-password', 'a-brand-new-pass');
    expect(answer.statusCode).toBe(403);
    expect(answer.json().code).toBe('CURRENT_PASSWORD_WRONG');
    expect(await status(elsewhere.token)).toBe(200);
    await signIn(email, password);
  });

  it('refuses a missing current password and a new one too short with 400', async () => {
    const { email, password } = await newMember();
    const { token } = await signIn(email, password);
    const missing = await change(token, '', 'a-brand-new-pass');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.map((e: { code: string }) => e.code)).toContain(
      'CURRENT_PASSWORD_REQUIRED',
    );
    const short = await change(token, password, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.map((e: { code: string }) => e.code)).toContain(
      'PASSWORD_TOO_SHORT',
    );
    await signIn(email, password);
  });

  it('stops a session guessing the current password after ten tries', async () => {
    const { email, password } = await newMember();
    const { token } = await signIn(email, password);
    for (let i = 0; i < 10; i++) {
      expect((await change(token, `guess-${i}`, 'a-brand-new-pass')).statusCode).toBe(403);
    }
    const limited = await change(token, password, 'a-brand-new-pass');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    await signIn(email, password);
  });

  it('answers 409 PASSWORD_NOT_SET to an account without a password', async () => {
    const claims = google.claims();
    const idToken = await google.idToken(claims, t.clock.now());
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/google',
      payload: { token: idToken },
    });
    const token = signedIn.json<{ token: string }>().token;
    const answer = await change(token, 'anything', 'a-brand-new-pass');
    expect(answer.statusCode).toBe(409);
    expect(answer.json().code).toBe('PASSWORD_NOT_SET');
  });
});

describe('the new-device mail', () => {
  it('is not sent for the first session after registration', async () => {
    const { email, password } = await newMember();
    await signIn(email, password, { userAgent: ANDROID_CHROME });
    await noMoreMails(email, 0);
  });

  it('is sent once for a new browser, not again for one that signed in before', async () => {
    const { email, password } = await newMember();
    const phone = await signIn(email, password, { userAgent: ANDROID_CHROME });
    await signIn(email, password, { userAgent: ANDROID_CHROME, cookie: phone.cookie });
    await noMoreMails(email, 0);
    await signIn(email, password, { userAgent: IPHONE_SAFARI, country: 'SN' });
    await waitForMails(email, 1);
    const [mail] = mailsTo(email);
    // French first: the member never named another language.
    expect(mail?.subject).toBe('Nouvelle connexion à votre compte Mawadda');
    expect(mail?.text).toContain('Safari sur iOS, Sénégal');
    expect(mail?.text).toContain('Safari on iOS, Senegal');
    expect(mail?.text).toContain('http://mawadda.test/fr/sessions');
    expect(mail?.html).toContain('href="http://mawadda.test/fr/sessions"');
    await noMoreMails(email, 1);
  });

  it('is in the language the member uses the app in', async () => {
    const { email, password } = await newMember();
    const first = await signIn(email, password);
    // A request's language is recorded with its activity, once a minute.
    t.clock.advance(2 * 60_000);
    const me = await t.app.inject({
      url: '/api/users/me',
      headers: { ...bearer(first.token), 'accept-language': 'en-GB' },
    });
    const memberId = me.json<{ id: string }>().id;
    await expect
      .poll(async () => {
        const rows = await t.database.db.query.notificationSettings.findMany();
        return rows.find((r) => r.memberId === memberId)?.language;
      })
      .toBe('en');
    await signIn(email, password, { userAgent: WINDOWS_EDGE });
    await waitForMails(email, 1);
    const [mail] = mailsTo(email);
    expect(mail?.subject).toBe('New sign-in to your Mawadda account');
    expect(mail?.text.indexOf('Edge on Windows')).toBeLessThan(
      mail?.text.indexOf('Edge sur Windows') ?? 0,
    );
    expect(mail?.text).toContain('http://mawadda.test/en/sessions');
  });

  it('is sent for a new browser’s Google sign-in too, and the browser is then known', async () => {
    const claims = google.claims();
    const email = String(claims.email);
    const googleSignIn = async (cookie?: string) => {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/auth/google',
        payload: { token: await google.idToken(claims, t.clock.now()) },
        headers: { 'user-agent': ANDROID_CHROME, ...(cookie ? { cookie } : {}) },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return String(answer.headers['set-cookie']).split(';')[0] ?? '';
    };
    const cookie = await googleSignIn();
    await noMoreMails(email, 0);
    await googleSignIn(cookie);
    await noMoreMails(email, 0);
    await googleSignIn();
    await waitForMails(email, 1);
  });

  it('is capped: a flood of sign-ins from new browsers mails its share, no more', async () => {
    const { email, password } = await newMember();
    await signIn(email, password);
    for (let i = 0; i < NEW_DEVICE_MAILS.perHour + 2; i++) await signIn(email, password);
    await waitForMails(email, NEW_DEVICE_MAILS.perHour);
    await noMoreMails(email, NEW_DEVICE_MAILS.perHour);
    t.clock.advance(61 * 60_000);
    await signIn(email, password);
    await waitForMails(email, NEW_DEVICE_MAILS.perHour + 1);
  });

  it('stores no address with the session', async () => {
    const { email, password } = await newMember();
    const { token } = await signIn(email, password, { userAgent: ANDROID_CHROME });
    const [device] = await devicesOf(token);
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, device?.id as string));
    expect(JSON.stringify(row)).not.toMatch(/127\.\d+\.\d+\.\d+/);
  });
});
