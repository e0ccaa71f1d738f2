import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, login, registeredMember, someAddress } from '../../../test/fixtures.ts';
import { createTestApp, listenOnLoopback, type TestContext } from '../../../test/test-app.ts';
import { hashToken } from '../../lib/tokens.ts';
import { createDeviceCookies } from './device-cookie.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});

describe('login', () => {
  it('answers a token that opens the member’s own profile', async () => {
    const { token, fields } = await registeredMember(t.app);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await t.app.inject({ url: '/api/users/me', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().username).toBe(fields.username);
  });

  it('accepts the e-mail in any case', async () => {
    const { fields } = await registeredMember(t.app);
    const response = await login(
      t.app,
      (fields.username as string).toUpperCase(),
      fields.password as string,
    );
    expect(response.statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown account with the same 401', async () => {
    const { fields } = await registeredMember(t.app);
    const wrongPassword = await login(
      t.app,
      fields.username as string,
      'not the password',
      someAddress(),
    );
    const unknownAccount = await login(
      t.app,
      'nobody@example.com',
      'not the password',
      someAddress(),
    );
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownAccount.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({
      code: 'LOGIN_FAILED',
      message: 'Incorrect username or password.',
    });
    expect(unknownAccount.body).toBe(wrongPassword.body);
  });

  it('answers a NUL in the username with a 400, not a database error', async () => {
    const response = await login(t.app, 'ali\u0000@example.com', 'whatever', someAddress());
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/invisible control characters/);
  });

  it('requires both fields', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: '', password: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((e: { path: string }) => e.path)).toEqual([
      'username',
      'password',
    ]);
  });

  it('does not store the token itself', async () => {
    const { token } = await registeredMember(t.app);
    const rows = await t.database.db.query.sessions.findMany();
    expect(rows.map((r) => r.tokenHash)).toContain(hashToken(token));
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
  });
});

describe('login rate limits', () => {
  it('after 10 failures on one account, refuses even the right password with a 429', async () => {
    const { fields } = await registeredMember(t.app);
    for (let i = 0; i < 10; i++) {
      const response = await login(t.app, fields.username as string, `guess-${i}`, someAddress());
      expect(response.statusCode).toBe(401);
    }
    // The right password is refused too: the limit is read before the password is checked.
    const blocked = await login(
      t.app,
      fields.username as string,
      fields.password as string,
      someAddress(),
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many attempts. Please wait 15 min and try again.',
      params: { minutes: 15 },
    });
    expect(blocked.json().params.retryAfter).toBeGreaterThan(800);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
  });

  it('after 10 failures from one address, refuses that address on any account', async () => {
    const address = someAddress();
    for (let i = 0; i < 10; i++) {
      expect((await login(t.app, `ghost${i}@example.com`, 'guess', address)).statusCode).toBe(401);
    }
    const { fields } = await registeredMember(t.app);
    const blocked = await login(
      t.app,
      fields.username as string,
      fields.password as string,
      address,
    );
    expect(blocked.statusCode).toBe(429);
    const elsewhere = await login(
      t.app,
      fields.username as string,
      fields.password as string,
      someAddress(),
    );
    expect(elsewhere.statusCode).toBe(200);
  });

  it('checks at most 10 of 60 guesses sent at once on one account, the right one last', async () => {
    const { fields } = await registeredMember(t.app);
    const email = fields.username as string;
    const guesses = Array.from({ length: 59 }, (_, i) =>
      login(t.app, email, `guess-${i}`, someAddress()),
    );
    const answers = await Promise.all([
      ...guesses,
      login(t.app, email, fields.password as string, someAddress()),
    ]);
    const statuses = answers.map((a) => a.statusCode);
    // Each attempt takes its slot before hashing: 10 were checked, the other 50 never reached argon2.
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50);
    expect(statuses.at(-1)).toBe(429);
  });

  it('checks at most 10 guesses sent at once from one address', async () => {
    const address = someAddress();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(t.app, `ghost${i}@example.com`, 'guess', address)),
    );
    expect(answers.filter((a) => a.statusCode === 401)).toHaveLength(10);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(20);
  });

  it('a success from an address does not count as a failure of that address', async () => {
    const address = someAddress();
    const { fields } = await registeredMember(t.app);
    for (let i = 0; i < 12; i++) {
      expect(
        (await login(t.app, fields.username as string, fields.password as string, address))
          .statusCode,
      ).toBe(200);
    }
  });

  it('a success clears the account’s failures', async () => {
    const { fields } = await registeredMember(t.app);
    for (let i = 0; i < 9; i++)
      await login(t.app, fields.username as string, 'nope', someAddress());
    expect(
      (await login(t.app, fields.username as string, fields.password as string)).statusCode,
    ).toBe(200);
    for (let i = 0; i < 9; i++) {
      expect(
        (await login(t.app, fields.username as string, 'nope', someAddress())).statusCode,
      ).toBe(401);
    }
    expect(
      (await login(t.app, fields.username as string, fields.password as string)).statusCode,
    ).toBe(200);
  });
});

/** A sign-in from `address`, with the browser's cookies when it has some. */
function signIn(username: string, password: string, address: string, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
    remoteAddress: address,
    ...(cookie ? { headers: { cookie } } : {}),
  });
}

/** The `name=value` of the device cookie an answer sets, as the browser sends it back. */
function deviceCookieOf(response: { headers: Record<string, unknown> }): string {
  const header = String(response.headers['set-cookie'] ?? '');
  expect(header).toMatch(/^mawadda-device=[^;]+; Path=\/api\/auth; .*HttpOnly; SameSite=Strict/);
  return header.split(';')[0] ?? '';
}

/** Ten wrong guesses from ten addresses: the account is locked to strangers. */
async function lockOut(email: string) {
  for (let i = 0; i < 10; i++) {
    expect((await signIn(email, `guess-${i}`, someAddress())).statusCode).toBe(401);
  }
}

describe('login from a device that signed in before (device cookies, ADR 027)', () => {
  it('lets the owner in from that device while strangers’ guesses keep the account locked to others', async () => {
    const { fields } = await registeredMember(t.app);
    const email = fields.username as string;
    const password = fields.password as string;
    const home = someAddress();
    const first = await signIn(email, password, home);
    expect(first.statusCode).toBe(200);
    const cookie = deviceCookieOf(first);

    await lockOut(email);
    // Without the cookie, from the owner's own address too, the account is locked.
    expect((await signIn(email, password, home)).statusCode).toBe(429);
    expect((await signIn(email, password, someAddress())).statusCode).toBe(429);
    // With it, the owner signs in, from home or elsewhere, and gets a new cookie each time.
    const trusted = await signIn(email, password, home, `lang=fr; ${cookie}`);
    expect(trusted.statusCode).toBe(200);
    const me = await t.app.inject({ url: '/api/users/me', headers: bearer(trusted.json().token) });
    expect(me.json().username).toBe(email);
    const renewed = deviceCookieOf(trusted);
    expect(renewed).not.toBe(cookie);
    expect((await signIn(email, password, someAddress(), renewed)).statusCode).toBe(200);
    // The owner's sign-in did not clear the strangers' lockout.
    expect((await signIn(email, password, someAddress())).statusCode).toBe(429);
  });

  it('gives no way round the lockout to a cookie forged, altered, or made for another account', async () => {
    const owner = await registeredMember(t.app);
    const other = await registeredMember(t.app);
    const email = owner.fields.username as string;
    const password = owner.fields.password as string;
    const real = deviceCookieOf(await signIn(email, password, someAddress()));
    const othersCookie = deviceCookieOf(
      await signIn(other.fields.username as string, other.fields.password as string, someAddress()),
    );
    await lockOut(email);
    const [name, value = ''] = real.split('=');
    const [issued, device, mac = ''] = value.split('.');
    const foreignSecret = createDeviceCookies({
      secret: randomBytes(32),
      clock: t.clock,
      secure: false,
    });
    for (const forged of [
      othersCookie,
      foreignSecret.issue(email).split(';')[0] ?? '',
      `${name}=${issued}.${device}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`,
      `${name}=${issued}.${randomBytes(16).toString('base64url')}.${mac}`,
      `${name}=${value.slice(0, -1)}`,
      `${name}=${'A'.repeat(5000)}`,
      `${name}=\u00ff\u0001;;=;${name}`,
    ]) {
      const response = await signIn(email, password, someAddress(), forged);
      expect(response.statusCode, forged.slice(0, 80)).toBe(429);
    }
    expect((await signIn(email, password, someAddress(), real)).statusCode).toBe(200);
  });

  it('locks a device whose guesses keep failing, on its own budget', async () => {
    const { fields } = await registeredMember(t.app);
    const email = fields.username as string;
    const password = fields.password as string;
    const cookie = deviceCookieOf(await signIn(email, password, someAddress()));
    for (let i = 0; i < 10; i++) {
      expect((await signIn(email, `nope-${i}`, someAddress(), cookie)).statusCode).toBe(401);
    }
    const locked = await signIn(email, password, someAddress(), cookie);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('RATE_LIMITED');
    // Its failures were its own: the account is not locked to the owner's other browsers.
    expect((await signIn(email, password, someAddress())).statusCode).toBe(200);
  });

  it('checks at most 10 of 60 guesses sent at once with one device cookie, the right one last', async () => {
    const { fields } = await registeredMember(t.app);
    const email = fields.username as string;
    const cookie = deviceCookieOf(await signIn(email, fields.password as string, someAddress()));
    const answers = await Promise.all([
      ...Array.from({ length: 59 }, (_, i) => signIn(email, `guess-${i}`, someAddress(), cookie)),
      signIn(email, fields.password as string, someAddress(), cookie),
    ]);
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('sessions', () => {
  it('refuses the profile without a token, and with a made-up one', async () => {
    const none = await t.app.inject({ url: '/api/users/me' });
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBe('Please log in to continue.');
    const forged = await t.app.inject({ url: '/api/users/me', headers: bearer('x'.repeat(43)) });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe('Your session has ended. Please log in again.');
  });

  it('accepts the token without the Bearer prefix (docs/spec.md §6)', async () => {
    const { token } = await registeredMember(t.app);
    const me = await t.app.inject({ url: '/api/users/me', headers: { authorization: token } });
    expect(me.statusCode).toBe(200);
  });

  it('logout revokes the token: the next call with it gets 401', async () => {
    const { token } = await registeredMember(t.app);
    const other = (await registeredMember(t.app)).token;
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(token),
    });
    expect(logout.statusCode).toBe(200);
    const after = await t.app.inject({ url: '/api/users/me', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(token),
    });
    expect(again.statusCode).toBe(401);
    // Another member's session is untouched.
    expect((await t.app.inject({ url: '/api/users/me', headers: bearer(other) })).statusCode).toBe(
      200,
    );
  });

  it('on one keep-alive connection, reads each request’s token anew: another member’s, or one ended', async () => {
    const amina = await registeredMember(t.app);
    const youssef = await registeredMember(t.app);
    const url = await listenOnLoopback(t.app);
    // One socket for every request, as a phone's browser keeps its connection to the API.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const me = (token: string) =>
      new Promise<{ status: number; username?: string; reused: boolean }>((resolve, reject) => {
        const request = http.get(
          `${url}/api/users/me`,
          { agent, headers: bearer(token) },
          (res) => {
            let body = '';
            res.on('data', (chunk) => {
              body += chunk;
            });
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                username: JSON.parse(body).username,
                reused: request.reusedSocket,
              }),
            );
          },
        );
        request.on('error', reject);
      });
    try {
      expect(await me(amina.token)).toMatchObject({ status: 200, username: amina.fields.username });
      expect(await me(youssef.token)).toMatchObject({
        status: 200,
        username: youssef.fields.username,
        reused: true,
      });
      expect(await me(amina.token)).toMatchObject({
        username: amina.fields.username,
        reused: true,
      });
      const logout = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: bearer(amina.token),
      });
      expect(logout.statusCode).toBe(200);
      expect(await me(amina.token)).toMatchObject({ status: 401, reused: true });
    } finally {
      agent.destroy();
    }
  });

  it('a session expires after its lifetime', async () => {
    const { token } = await registeredMember(t.app);
    t.clock.advance(31 * 24 * 60 * 60 * 1000);
    const response = await t.app.inject({ url: '/api/users/me', headers: bearer(token) });
    expect(response.statusCode).toBe(401);
  });
});
