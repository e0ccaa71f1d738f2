import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, login, registeredMember, someAddress } from '../../../test/fixtures.ts';
import {
  assert,
  attest,
  newSoftPasskey,
  type SoftPasskey,
} from '../../../test/software-authenticator.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import {
  members,
  passkeys,
  passwordResets,
  sessions,
  webauthnChallenges,
} from '../../db/schema.ts';
import { hashToken, newSecretToken } from '../../lib/tokens.ts';

const ORIGIN = 'http://mawadda.test';
const RP_ID = 'mawadda.test';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: ORIGIN });
});

type Member = Awaited<ReturnType<typeof registeredMember>>;

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { token?: string; payload?: object; remoteAddress?: string; cookie?: string } = {},
) {
  return t.app.inject({
    method,
    url,
    headers: {
      ...(options.token ? bearer(options.token) : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    remoteAddress: options.remoteAddress ?? someAddress(),
    ...(options.payload ? { payload: options.payload } : {}),
  });
}

async function registrationOptions(member: Member) {
  const answer = await call('POST', '/api/auth/passkeys/registration-options', {
    token: member.token,
  });
  expect(answer.statusCode).toBe(200);
  return answer.json();
}

/** A passkey created by the software authenticator and registered for the member. */
async function addPasskey(member: Member, options: { synced?: boolean } = {}) {
  const passkey = newSoftPasskey(RP_ID, options);
  const credential = attest(passkey, await registrationOptions(member), { origin: ORIGIN });
  const answer = await call('POST', '/api/auth/passkeys', {
    token: member.token,
    payload: { credential, name: 'Phone' },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return { passkey, listed: answer.json() };
}

async function signInOptions(username?: string) {
  const answer = await call('POST', '/api/auth/passkeys/login-options', {
    payload: username ? { username } : {},
  });
  expect(answer.statusCode).toBe(200);
  return answer.json();
}

async function signInWith(credential: object, remoteAddress?: string) {
  return call('POST', '/api/auth/passkeys/login', {
    payload: { credential },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

async function assertion(
  passkey: SoftPasskey,
  ceremony: Parameters<typeof assert>[2] = { origin: ORIGIN },
) {
  return assert(passkey, await signInOptions(), ceremony);
}

const sessionCount = async () => (await t.database.db.select().from(sessions)).length;

describe('adding a passkey', () => {
  it('keeps a new passkey with its name, key, device type and backup state', async () => {
    const member = await registeredMember(t.app);
    const { passkey, listed } = await addPasskey(member);
    expect(listed).toMatchObject({
      name: 'Phone',
      deviceType: 'singleDevice',
      backedUp: false,
      transports: ['internal'],
      lastUsedAt: null,
    });
    const [row] = await t.database.db
      .select()
      .from(passkeys)
      .where(eq(passkeys.credentialId, passkey.credentialId.toString('base64url')));
    expect(Buffer.from(row?.publicKey ?? []).equals(Buffer.from(passkey.publicKeyCose))).toBe(true);
    const synced = await addPasskey(member, { synced: true });
    expect(synced.listed).toMatchObject({ deviceType: 'multiDevice', backedUp: true });
    const list = await call('GET', '/api/auth/passkeys', { token: member.token });
    expect(list.json().passkeys.map((p: { id: string }) => p.id)).toEqual([
      synced.listed.id,
      listed.id,
    ]);
    expect(list.json().passwordSignIn).toBe(true);
  });

  it('derives the relying party from PUBLIC_URL and excludes the member’s passkeys', async () => {
    const member = await registeredMember(t.app);
    const { passkey } = await addPasskey(member);
    const options = await registrationOptions(member);
    expect(options.rp).toEqual({ id: RP_ID, name: 'Mawadda' });
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });
    expect(options.excludeCredentials.map((c: { id: string }) => c.id)).toEqual([
      passkey.credentialId.toString('base64url'),
    ]);
  });

  it('refuses options answered twice, another member’s options, another origin, or no user verification', async () => {
    const member = await registeredMember(t.app);
    const other = await registeredMember(t.app);
    const options = await registrationOptions(member);
    const credential = attest(newSoftPasskey(RP_ID), options, { origin: ORIGIN });
    const byOther = await call('POST', '/api/auth/passkeys', {
      token: other.token,
      payload: { credential, name: 'Phone' },
    });
    expect(byOther.statusCode).toBe(400);
    expect(byOther.json().code).toBe('PASSKEY_CHALLENGE_INVALID');
    // The other member's try spent the options: the owner must ask again.
    const replay = await call('POST', '/api/auth/passkeys', {
      token: member.token,
      payload: { credential, name: 'Phone' },
    });
    expect(replay.json().code).toBe('PASSKEY_CHALLENGE_INVALID');

    for (const ceremony of [
      { origin: 'https://evil.example' },
      { origin: ORIGIN, unverified: true },
    ]) {
      const bad = attest(newSoftPasskey(RP_ID), await registrationOptions(member), ceremony);
      const answer = await call('POST', '/api/auth/passkeys', {
        token: member.token,
        payload: { credential: bad, name: 'Phone' },
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().code).toBe('PASSKEY_REGISTRATION_FAILED');
    }
    const list = await call('GET', '/api/auth/passkeys', { token: member.token });
    expect(list.json().passkeys).toEqual([]);
  });

  it('refuses a credential registered already, a blank name and a malformed answer', async () => {
    const member = await registeredMember(t.app);
    const { passkey } = await addPasskey(member);
    const again = attest(passkey, await registrationOptions(member), { origin: ORIGIN });
    const twice = await call('POST', '/api/auth/passkeys', {
      token: member.token,
      payload: { credential: again, name: 'Again' },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('PASSKEY_ALREADY_REGISTERED');
    const fresh = attest(newSoftPasskey(RP_ID), await registrationOptions(member), {
      origin: ORIGIN,
    });
    const blank = await call('POST', '/api/auth/passkeys', {
      token: member.token,
      payload: { credential: fresh, name: '  ' },
    });
    expect(blank.json().code).toBe('PASSKEY_NAME_REQUIRED');
    const malformed = await call('POST', '/api/auth/passkeys', {
      token: member.token,
      payload: { credential: { ...fresh, type: 'password' }, name: 'Phone' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('PASSKEY_RESPONSE_INVALID');
  });

  it('is for members only', async () => {
    for (const [method, url] of [
      ['GET', '/api/auth/passkeys'],
      ['POST', '/api/auth/passkeys/registration-options'],
      ['POST', '/api/auth/passkeys/confirm-options'],
      ['DELETE', '/api/auth/password'],
    ] as const) {
      expect((await call(method, url)).statusCode).toBe(401);
    }
  });
});

describe('signing in with a passkey', () => {
  it('opens a session with its second factor proved, and records the use', async () => {
    const member = await registeredMember(t.app);
    const { passkey } = await addPasskey(member);
    const options = await signInOptions();
    expect(options).toMatchObject({ rpId: RP_ID, userVerification: 'required' });
    expect(options.allowCredentials ?? []).toEqual([]);
    const answer = await signInWith(assert(passkey, options, { origin: ORIGIN }));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['set-cookie']).toMatch(/^mawadda-device=/);
    const { token } = answer.json();
    const me = await call('GET', '/api/users/me', { token });
    expect(me.json().id).toBe(member.id);
    const [session] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(session?.secondFactorAt).toBeInstanceOf(Date);
    const [row] = await t.database.db
      .select()
      .from(passkeys)
      .where(eq(passkeys.memberId, member.id));
    expect(row?.counter).toBe(1);
    expect(row?.lastUsedAt).toBeInstanceOf(Date);
  });

  it('names the member’s passkeys when a username is given, and none for an unknown one', async () => {
    const member = await registeredMember(t.app);
    const { passkey } = await addPasskey(member);
    const named = await signInOptions((member.fields.username as string).toUpperCase());
    expect(named.allowCredentials).toEqual([
      {
        id: passkey.credentialId.toString('base64url'),
        type: 'public-key',
        transports: ['internal'],
      },
    ]);
    const unknown = await signInOptions('nobody-here@example.com');
    expect(unknown.allowCredentials).toEqual([]);
    const answer = await signInWith(assert(passkey, named, { origin: ORIGIN }));
    expect(answer.statusCode).toBe(200);
  });

  it('refuses another member’s passkey against options named for a member', async () => {
    const member = await registeredMember(t.app);
    const other = await registeredMember(t.app);
    await addPasskey(member);
    const theirs = await addPasskey(other);
    const named = await signInOptions(member.fields.username as string);
    const answer = await signInWith(assert(theirs.passkey, named, { origin: ORIGIN }));
    expect(answer.statusCode).toBe(401);
    expect(answer.json().code).toBe('PASSKEY_FAILED');
  });

  it('refuses a replayed answer, and signs nobody in', async () => {
    const member = await registeredMember(t.app);
    const { passkey } = await addPasskey(member);
    const credential = await assertion(passkey);
    expect((await signInWith(credential)).statusCode).toBe(200);
    const before = await sessionCount();
    const replay = await signInWith(credential);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('PASSKEY_CHALLENGE_INVALID');
    expect(await sessionCount()).toBe(before);
  });

  it('refuses expired options', async () => {
    const member = await registeredMember(t.app);
    const { passkey } = await addPasskey(member);
    const credential = await assertion(passkey);
    t.clock.advance(5 * 60 * 1000 + 1);
    const answer = await signInWith(credential);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().code).toBe('PASSKEY_CHALLENGE_INVALID');
  });

  it('refuses another origin, a tampered signature, no user verification and a counter going back', async () => {
    const member = await registeredMember(t.app);
    const { passkey } = await addPasskey(member);
    const before = await sessionCount();
    const otherOrigin = await assertion(passkey, { origin: 'https://mawadda.test.evil.example' });
    const tampered = await assertion(passkey);
    const signature = Buffer.from(tampered.response.signature, 'base64url');
    signature[signature.length - 1] = (signature[signature.length - 1] ?? 0) ^ 0xff;
    tampered.response.signature = signature.toString('base64url');
    const unverified = await assertion(passkey, { origin: ORIGIN, unverified: true });
    for (const credential of [otherOrigin, tampered, unverified]) {
      const answer = await signInWith(credential);
      expect(answer.statusCode).toBe(401);
      expect(answer.json().code).toBe('PASSKEY_FAILED');
    }
    expect(
      (await signInWith(await assertion(passkey, { origin: ORIGIN, counter: 7 }))).statusCode,
    ).toBe(200);
    const back = await signInWith(await assertion(passkey, { origin: ORIGIN, counter: 3 }));
    expect(back.statusCode).toBe(401);
    expect(back.json().code).toBe('PASSKEY_FAILED');
    expect(await sessionCount()).toBe(before + 1);
  });

  it('refuses a passkey nobody registered', async () => {
    const stranger = newSoftPasskey(RP_ID);
    const answer = await signInWith(await assertion(stranger));
    expect(answer.statusCode).toBe(401);
    expect(answer.json().code).toBe('PASSKEY_UNKNOWN');
  });

  it('counts failures in the account’s sign-in limit, passwords and passkeys alike', async () => {
    const member = await registeredMember(t.app);
    const { passkey } = await addPasskey(member);
    for (let i = 0; i < 10; i++) {
      const wrong = await signInWith(await assertion(passkey, { origin: 'https://evil.example' }));
      expect(wrong.statusCode).toBe(401);
    }
    const next = await signInWith(await assertion(passkey));
    expect(next.statusCode).toBe(429);
    const password = await login(
      t.app,
      member.fields.username as string,
      member.fields.password as string,
      someAddress(),
    );
    expect(password.statusCode).toBe(429);
  });
});

describe('confirming a passkey in a session (step-up)', () => {
  async function confirmOptions(member: Member) {
    return call('POST', '/api/auth/passkeys/confirm-options', { token: member.token });
  }
  const secondFactorOf = async (token: string) => {
    const [row] = await t.database.db
      .select({ at: sessions.secondFactorAt })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    return row?.at ?? null;
  };

  it('stamps the session’s second factor when one of the member’s passkeys is proved', async () => {
    const member = await registeredMember(t.app);
    const { passkey } = await addPasskey(member);
    expect(await secondFactorOf(member.token)).toBeNull();
    const options = (await confirmOptions(member)).json();
    expect(options.allowCredentials.map((c: { id: string }) => c.id)).toEqual([
      passkey.credentialId.toString('base64url'),
    ]);
    const answer = await call('POST', '/api/auth/passkeys/confirm', {
      token: member.token,
      payload: { credential: assert(passkey, options, { origin: ORIGIN }) },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await secondFactorOf(member.token)).toBeInstanceOf(Date);
    expect(await t.app.auth.hasSecondFactor((await sessionIdOf(member.token)) ?? '')).toBe(true);
  });

  it('refuses a member without a passkey, another member’s passkey and sign-in options', async () => {
    const member = await registeredMember(t.app);
    const none = await confirmOptions(member);
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('PASSKEY_NONE');
    await addPasskey(member);
    const other = await registeredMember(t.app);
    const theirs = await addPasskey(other);
    const options = (await confirmOptions(member)).json();
    const withTheirs = await call('POST', '/api/auth/passkeys/confirm', {
      token: member.token,
      payload: { credential: assert(theirs.passkey, options, { origin: ORIGIN }) },
    });
    expect(withTheirs.statusCode).toBe(401);
    expect(withTheirs.json().code).toBe('PASSKEY_FAILED');
    // Options given for a sign-in do not prove anything in a session.
    const { passkey } = await addPasskey(member);
    const fromSignIn = await call('POST', '/api/auth/passkeys/confirm', {
      token: member.token,
      payload: { credential: await assertion(passkey) },
    });
    expect(fromSignIn.statusCode).toBe(400);
    expect(fromSignIn.json().code).toBe('PASSKEY_CHALLENGE_INVALID');
    expect(await secondFactorOf(member.token)).toBeNull();
  });
});

async function sessionIdOf(token: string) {
  const [row] = await t.database.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)));
  return row?.id;
}

describe('renaming and removing passkeys', () => {
  it('renames and removes the member’s own, and answers 404 for another’s or an unknown one', async () => {
    const member = await registeredMember(t.app);
    const other = await registeredMember(t.app);
    const { listed } = await addPasskey(member);
    const renamed = await call('PUT', `/api/auth/passkeys/${listed.id}`, {
      token: member.token,
      payload: { name: 'Work laptop' },
    });
    expect(renamed.json().name).toBe('Work laptop');
    for (const [method, payload] of [
      ['PUT', { name: 'Mine now' }],
      ['DELETE', undefined],
    ] as const) {
      const answer = await call(method, `/api/auth/passkeys/${listed.id}`, {
        token: other.token,
        ...(payload ? { payload } : {}),
      });
      expect(answer.statusCode).toBe(404);
      expect(answer.json().code).toBe('PASSKEY_NOT_FOUND');
    }
    const unknown = await call('DELETE', '/api/auth/passkeys/not-an-id', { token: member.token });
    expect(unknown.statusCode).toBe(400);
    const removed = await call('DELETE', `/api/auth/passkeys/${listed.id}`, {
      token: member.token,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().passkeys).toEqual([]);
  });
});

describe('turning the password off', () => {
  it('needs a passkey proved in the session; then the password no longer signs in, until a reset', async () => {
    const member = await registeredMember(t.app);
    const { passkey } = await addPasskey(member);
    const unproved = await call('DELETE', '/api/auth/password', { token: member.token });
    expect(unproved.statusCode).toBe(403);
    expect(unproved.json().code).toBe('PASSKEY_PROOF_REQUIRED');

    const signedIn = await signInWith(await assertion(passkey));
    const token = signedIn.json().token as string;
    const off = await call('DELETE', '/api/auth/password', { token });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().passwordSignIn).toBe(false);
    const username = member.fields.username as string;
    const password = member.fields.password as string;
    expect((await login(t.app, username, password, someAddress())).statusCode).toBe(401);

    // The last passkey is the only way in now.
    const [only] = off.json().passkeys;
    const last = await call('DELETE', `/api/auth/passkeys/${only.id}`, { token });
    expect(last.statusCode).toBe(409);
    expect(last.json().code).toBe('PASSKEY_LAST_ONE');

    const resetToken = newSecretToken();
    await t.database.db.insert(passwordResets).values({
      memberId: member.id,
      tokenHash: hashToken(resetToken),
      expiresAt: new Date(t.clock.now().getTime() + 60_000),
    });
    const reset = await call('POST', '/api/auth/reset-password', {
      payload: { token: resetToken, password: 'a new password 2026' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(t.app, username, 'a new password 2026', someAddress())).statusCode).toBe(
      200,
    );
  });

  it('asks again for a proof older than a quarter of an hour', async () => {
    const member = await registeredMember(t.app);
    const { passkey } = await addPasskey(member);
    const token = (await signInWith(await assertion(passkey))).json().token as string;
    t.clock.advance(16 * 60 * 1000);
    const stale = await call('DELETE', '/api/auth/password', { token });
    expect(stale.statusCode).toBe(403);
    expect(stale.json().code).toBe('PASSKEY_PROOF_REQUIRED');
  });
});

describe('challenges', () => {
  it('are kept only until they expire', async () => {
    await signInOptions();
    t.clock.advance(5 * 60 * 1000 + 1);
    await signInOptions();
    const rows = await t.database.db.select().from(webauthnChallenges);
    expect(rows.every((r) => r.expiresAt > t.clock.now())).toBe(true);
  });
});

describe('deleting an account with a passkey', () => {
  it('needs one of the member’s passkeys proved in the session lately; the passkeys go with it', async () => {
    const member = await registeredMember(t.app);
    const { passkey } = await addPasskey(member);
    const unproved = await call('DELETE', '/api/users/me', {
      token: member.token,
      payload: { passkey: true },
    });
    expect(unproved.statusCode).toBe(403);
    expect(unproved.json().code).toBe('PASSKEY_PROOF_REQUIRED');

    const prove = async () => {
      const options = await call('POST', '/api/auth/passkeys/confirm-options', {
        token: member.token,
      });
      const proved = await call('POST', '/api/auth/passkeys/confirm', {
        token: member.token,
        payload: { credential: assert(passkey, options.json(), { origin: ORIGIN }) },
      });
      expect(proved.statusCode).toBe(200);
    };
    await prove();
    t.clock.advance(6 * 60 * 1000);
    const stale = await call('DELETE', '/api/users/me', {
      token: member.token,
      payload: { passkey: true },
    });
    expect(stale.json().code).toBe('PASSKEY_PROOF_REQUIRED');

    await prove();
    const deleted = await call('DELETE', '/api/users/me', {
      token: member.token,
      payload: { passkey: true },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const left = await t.database.db
      .select()
      .from(passkeys)
      .where(eq(passkeys.memberId, member.id));
    expect(left).toEqual([]);
  });
});

describe('the moderators’ gate', () => {
  it('opens to a moderator’s session once a passkey is proved in it, or signed in with one', async () => {
    const moderator = await registeredMember(t.app);
    await t.database.db
      .update(members)
      .set({ role: 'moderator' })
      .where(eq(members.id, moderator.id));
    const { passkey } = await addPasskey(moderator);
    const queue = (token: string) => call('GET', '/api/moderation/reports', { token });
    const refused = await queue(moderator.token);
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'SECOND_FACTOR_REQUIRED']);

    const options = await call('POST', '/api/auth/passkeys/confirm-options', {
      token: moderator.token,
    });
    const proved = await call('POST', '/api/auth/passkeys/confirm', {
      token: moderator.token,
      payload: { credential: assert(passkey, options.json(), { origin: ORIGIN }) },
    });
    expect(proved.statusCode).toBe(200);
    expect((await queue(moderator.token)).statusCode).toBe(200);

    const signedIn = await signInWith(await assertion(passkey));
    expect((await queue(signedIn.json().token)).statusCode).toBe(200);
  });
});

describe('sign-in options from one address', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestApp({
      publicUrl: ORIGIN,
      config: { passkeySignInsPerMinutePerAddress: 3 },
    });
  });

  it('are refused past PASSKEY_SIGN_INS_PER_MINUTE_PER_ADDRESS, and another address is not', async () => {
    const ask = (remoteAddress: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/auth/passkeys/login-options',
        payload: {},
        remoteAddress,
      });
    const shared = someAddress();
    for (let i = 0; i < 3; i++) expect((await ask(shared)).statusCode).toBe(200);
    const refused = await ask(shared);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await ask(someAddress())).statusCode).toBe(200);
  });
});
