import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, login, registeredMember, someAddress } from '../../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

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
    expect(rows.length).toBeGreaterThan(0);
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

describe('sessions', () => {
  it('refuses the profile without a token, and with a made-up one', async () => {
    const none = await t.app.inject({ url: '/api/users/me' });
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBe('Please log in to continue.');
    const forged = await t.app.inject({ url: '/api/users/me', headers: bearer('x'.repeat(43)) });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe('Your session has ended. Please log in again.');
  });

  it('accepts the token without the Bearer prefix (spec section 6)', async () => {
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

  it('a session expires after its lifetime', async () => {
    const { token } = await registeredMember(t.app);
    t.clock.advance(31 * 24 * 60 * 60 * 1000);
    const response = await t.app.inject({ url: '/api/users/me', headers: bearer(token) });
    expect(response.statusCode).toBe(401);
  });
});
