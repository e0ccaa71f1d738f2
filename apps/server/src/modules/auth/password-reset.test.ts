import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, login, registeredMember, someAddress } from '../../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { FORGOT_PASSWORD_MESSAGE } from './auth.service.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});

async function forgot(username: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { username },
    remoteAddress: someAddress(),
    headers,
  });
}

/** The mail goes out after the answer: wait for it. */
async function mailTo(address: string, previous = 0) {
  for (let i = 0; i < 100; i++) {
    const mails = t.mailer.sent.filter((m) => m.to === address);
    if (mails.length > previous) return mails[mails.length - 1];
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no mail to ${address}`);
}

const linkIn = (text: string) =>
  /http:\/\/mawadda\.test\/reset-password\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';

async function reset(token: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token, password },
    remoteAddress: someAddress(),
  });
}

describe('forgot password', () => {
  it('answers the same whether the account exists or not, and mails only a member', async () => {
    const { fields } = await registeredMember(t.app);
    const known = await forgot(fields.username as string);
    const unknown = await forgot('stranger@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
    const mail = await mailTo(fields.username as string);
    expect(linkIn(mail?.text ?? '')).not.toBe('');
    expect(mail?.html).toContain('/reset-password/');
    await new Promise((r) => setTimeout(r, 100));
    expect(t.mailer.sent.some((m) => m.to === 'stranger@example.com')).toBe(false);
  });

  it('writes the mail in French first for a French browser', async () => {
    const { fields } = await registeredMember(t.app);
    await forgot(fields.username as string, { 'accept-language': 'fr-FR,fr;q=0.9' });
    const mail = await mailTo(fields.username as string);
    expect(mail?.subject).toBe('Réinitialisez votre mot de passe Mawadda');
  });

  it('refuses an address that is not an e-mail', async () => {
    const response = await forgot('not-an-email');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please enter a valid email address');
  });
});

describe('reset password', () => {
  it('sets the new password, ends every session, and the link works once', async () => {
    const { fields, token: session } = await registeredMember(t.app);
    await forgot(fields.username as string);
    const link = linkIn((await mailTo(fields.username as string))?.text ?? '');

    const done = await reset(link, 'a brand new password');
    expect(done.statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: '/api/users/me', headers: bearer(session) })).statusCode,
    ).toBe(401);
    expect(
      (await login(t.app, fields.username as string, fields.password as string)).statusCode,
    ).toBe(401);
    expect((await login(t.app, fields.username as string, 'a brand new password')).statusCode).toBe(
      200,
    );

    const reused = await reset(link, 'yet another password');
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('RESET_LINK_INVALID');
    expect((await login(t.app, fields.username as string, 'a brand new password')).statusCode).toBe(
      200,
    );
  });

  it('trusts the browser that reset the password: its owner signs in though strangers locked the account', async () => {
    const { fields } = await registeredMember(t.app);
    const email = fields.username as string;
    for (let i = 0; i < 10; i++) {
      expect((await login(t.app, email, `guess-${i}`, someAddress())).statusCode).toBe(401);
    }
    await forgot(email);
    const done = await reset(linkIn((await mailTo(email))?.text ?? ''), 'a brand new password');
    expect(done.statusCode).toBe(200);
    const setCookie = String(done.headers['set-cookie'] ?? '');
    expect(setCookie).toMatch(
      /^mawadda-device=[^;]+; Path=\/api\/auth; .*HttpOnly; SameSite=Strict/,
    );
    const signIn = (cookie?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: email, password: 'a brand new password' },
        remoteAddress: someAddress(),
        ...(cookie ? { headers: { cookie } } : {}),
      });
    // A stranger's browser is still locked out; the one that used the link is not.
    expect((await signIn()).statusCode).toBe(429);
    expect((await signIn(setCookie.split(';')[0])).statusCode).toBe(200);
  });

  it('refuses a link older than one hour', async () => {
    const { fields } = await registeredMember(t.app);
    await forgot(fields.username as string);
    const link = linkIn((await mailTo(fields.username as string))?.text ?? '');
    t.clock.advance(60 * 60 * 1000 + 1000);
    const response = await reset(link, 'too late password');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('RESET_LINK_INVALID');
    expect(
      (await login(t.app, fields.username as string, fields.password as string)).statusCode,
    ).toBe(200);
  });

  it('using one link closes the other links sent before it', async () => {
    const { fields } = await registeredMember(t.app);
    await forgot(fields.username as string);
    const first = linkIn((await mailTo(fields.username as string))?.text ?? '');
    await forgot(fields.username as string);
    const second = linkIn((await mailTo(fields.username as string, 1))?.text ?? '');
    expect(second).not.toBe(first);
    expect((await reset(second, 'the second password')).statusCode).toBe(200);
    expect((await reset(first, 'the first password')).statusCode).toBe(400);
  });

  it('refuses a made-up token and a short password', async () => {
    const invalid = await reset('made-up-token', 'long enough password');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().code).toBe('RESET_LINK_INVALID');
    const short = await reset('made-up-token', 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Password must be at least 8 characters');
  });

  it('limits reset mails per address', async () => {
    const address = someAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { username: `someone${i}@example.com` },
        remoteAddress: address,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
