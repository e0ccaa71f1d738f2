import { Writable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, login, registeredMember, someAddress } from '../../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { createLogger } from '../../lib/logger.ts';
import { FORGOT_PASSWORD_MESSAGE } from './password-reset.ts';

let t: TestContext;
const logLines: string[] = [];
beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({ logger: createLogger('info', sink) });
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

async function check(token: string, remoteAddress = someAddress()) {
  return t.app.inject({ url: `/api/auth/reset-password/${token}`, remoteAddress });
}

async function freshLink() {
  const { fields } = await registeredMember(t.app);
  const email = fields.username as string;
  await forgot(email);
  return { email, fields, link: linkIn((await mailTo(email))?.text ?? '') };
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

describe('checking a reset link when its page opens', () => {
  it('says a fresh link is usable, without using it', async () => {
    const { email, link } = await freshLink();
    for (let i = 0; i < 2; i++) {
      const response = await check(link);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ usable: true });
    }
    expect((await reset(link, 'checked then set')).statusCode).toBe(200);
    expect((await login(t.app, email, 'checked then set')).statusCode).toBe(200);
  });

  it('gives a used, an expired and a made-up link the one same refusal', async () => {
    const used = await freshLink();
    await reset(used.link, 'used once password');
    const expired = await freshLink();
    t.clock.advance(60 * 60 * 1000 + 1000);
    const answers = await Promise.all(
      [used.link, expired.link, 'made-up-token'].map((token) => check(token)),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({
        code: 'RESET_LINK_INVALID',
        message: 'This reset link is invalid, expired or already used. Please ask for a new one.',
      });
    }
    // Past the router's limit on a path segment, still the one error protocol.
    const tooLong = await check('x'.repeat(5000));
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.json()).toEqual({
      code: 'REQUEST_TOO_LARGE',
      message: 'The request is too large.',
    });
    const broken = await check('%E0%A4%A');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe('INVALID_VALUE');
  });

  it('counts failed checks with failed resets, per address, and a usable link costs nothing', async () => {
    const { link } = await freshLink();
    const address = someAddress();
    for (let i = 0; i < 5; i++) expect((await check(link, address)).statusCode).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await check(`guess-${i}`, address)).statusCode);
    for (let i = 0; i < 5; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token: `guess-post-${i}`, password: 'long enough password' },
        remoteAddress: address,
      });
      statuses.push(response.statusCode);
    }
    statuses.push((await check('one-more-guess', address)).statusCode);
    expect(statuses).toEqual([...Array(10).fill(400), 429]);
    expect((await check(link, address)).json().code).toBe('RATE_LIMITED');
  });

  it('never writes a reset token into the log, from the link’s page or its check', async () => {
    const { link } = await freshLink();
    await check(link);
    await t.app.inject({ url: `/reset-password/${link}` });
    await t.app.inject({ url: `/fr/reset-password/${link}?from=mail` });
    const lines = logLines.filter((l) => l.includes('reset-password/'));
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(lines.join('\n')).not.toContain(link);
    expect(lines.join('\n')).toContain('/api/auth/reset-password/[redacted]');
    expect(lines.join('\n')).toContain('/fr/reset-password/[redacted]?from=mail');
  });
});
