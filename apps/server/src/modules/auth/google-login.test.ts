import { generateKeyPair, type JWTPayload } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, registeredMember } from '../../../test/fixtures.ts';
import { createTestApp, TEST_GOOGLE_CLIENT_ID, type TestContext } from '../../../test/test-app.ts';
import { createTestGoogle, type TestGoogle } from '../../../test/test-google.ts';

let google: TestGoogle;
let attacker: Awaited<ReturnType<typeof generateKeyPair>>;
let t: TestContext;

beforeAll(async () => {
  google = await createTestGoogle();
  attacker = await generateKeyPair('RS256');
  t = await createTestApp({ googleKeys: google.keys });
});

const claims = (overrides?: JWTPayload) => google.claims(overrides);
const idToken = (payload: JWTPayload, key?: Parameters<TestGoogle['idToken']>[2]) =>
  google.idToken(payload, t.clock.now(), key);

async function googleLogin(token: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/google', payload: { token } });
}

describe('Google sign-in', () => {
  it('creates the account on first use, left incomplete, and finds it again after', async () => {
    const payload = claims();
    const first = await googleLogin(await idToken(payload));
    expect(first.statusCode, first.body).toBe(200);
    const me = await t.app.inject({ url: '/api/users/me', headers: bearer(first.json().token) });
    expect(me.json()).toMatchObject({
      username: payload.email,
      name: 'Yusuf Google',
      profileComplete: false,
      mediaUrls: [],
      bio: null,
      gender: null,
    });
    const second = await googleLogin(await idToken(payload));
    const again = await t.app.inject({
      url: '/api/users/me',
      headers: bearer(second.json().token),
    });
    expect(again.json().id).toBe(me.json().id);
  });

  it('joins the account that already has the verified e-mail', async () => {
    const { fields, id } = await registeredMember(t.app);
    const response = await googleLogin(await idToken(claims({ email: fields.username })));
    expect(response.statusCode).toBe(200);
    const me = await t.app.inject({ url: '/api/users/me', headers: bearer(response.json().token) });
    expect(me.json().id).toBe(id);
  });

  it.each([
    ['signed by another key', async () => idToken(claims(), attacker.privateKey)],
    [
      'for another audience',
      async () => idToken(claims({ aud: 'someone-else.apps.googleusercontent.com' })),
    ],
    ['from another issuer', async () => idToken(claims({ iss: 'https://evil.example' }))],
    [
      'expired',
      async () => idToken(claims({ exp: Math.floor(t.clock.now().getTime() / 1000) - 120 })),
    ],
    ['not a JWT at all', async () => 'not.a.token'],
    [
      'with its signature cut off',
      async () => `${(await idToken(claims())).split('.').slice(0, 2).join('.')}.`,
    ],
  ])('refuses a token %s', async (_case, make) => {
    const response = await googleLogin(await make());
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Google sign-in failed. Please try again.');
  });

  it('refuses an unverified e-mail address', async () => {
    const response = await googleLogin(await idToken(claims({ email_verified: false })));
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Your Google account has no verified e-mail address.');
  });
});

describe('Google sign-in without GOOGLE_CLIENT_ID', () => {
  it('tells the client its client id when on, and null when off', async () => {
    expect((await t.app.inject({ url: '/api/config' })).json()).toEqual({
      googleClientId: TEST_GOOGLE_CLIENT_ID,
      vapidPublicKey: t.app.push.vapid.publicKey,
    });
    const off = await createTestApp({ database: t.database });
    expect((await off.app.inject({ url: '/api/config' })).json()).toEqual({
      googleClientId: null,
      vapidPublicKey: off.app.push.vapid.publicKey,
    });
  });

  it('answers 503 with a clear message', async () => {
    const off = await createTestApp({ database: t.database });
    const response = await off.app.inject({
      method: 'POST',
      url: '/api/auth/google',
      payload: { token: 'anything' },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toBe('Google sign-in is not available on this server.');
  });
});
