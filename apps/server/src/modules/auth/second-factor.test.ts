import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, registeredMember, someAddress } from '../../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { members, passkeys, recoveryCodes, totpFactors } from '../../db/schema.ts';
import { eraseMember } from '../account/account-deletion.repository.ts';
import { devicesAndNotices } from '../account/member-data.repository.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ limitsOnTestClock: true });
});

const STEP_MS = 30_000;

type Client = ReturnType<typeof clientOf>;

function clientOf(token: string, remoteAddress = someAddress(), cookie?: string) {
  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => {
    const answer = await t.app.inject({
      method,
      url,
      headers: { ...bearer(token), ...(cookie ? { cookie } : {}) },
      remoteAddress,
      ...(payload ? { payload } : {}),
    });
    return { status: answer.statusCode, body: answer.json() };
  };
  return {
    token,
    get: (url: string) => call('GET', url),
    post: (url: string, payload?: object) => call('POST', url, payload),
    delete: (url: string) => call('DELETE', url),
  };
}

/** A moderator who registered and signed in with a password: no second factor in the session. */
async function aModerator() {
  const { token, fields, id } = await registeredMember(t.app);
  await t.database.db.update(members).set({ role: 'moderator' }).where(eq(members.id, id));
  const signIn = async (cookie?: string) => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: fields.username, password: fields.password },
      remoteAddress: someAddress(),
      ...(cookie ? { headers: { cookie } } : {}),
    });
    expect(answer.statusCode).toBe(200);
    // The browser's device cookie (ADR 027), as it sends it back to /api/auth.
    const deviceCookie = String(answer.headers['set-cookie'] ?? '').split(';')[0] ?? '';
    const client = clientOf(answer.json<{ token: string }>().token, someAddress(), deviceCookie);
    return Object.assign(client, { deviceCookie });
  };
  return { id, email: fields.username as string, client: clientOf(token), signIn };
}

/** The code an authenticator app holding `secret` shows `offsetMs` from the test clock's now. */
const codeOf = (secret: string, offsetMs = 0) =>
  TOTP.generate({
    secret: Secret.fromBase32(secret.replace(/\s/g, '')),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: t.clock.now().getTime() + offsetMs,
  });

/** Sets up and confirms an app: its secret and the recovery codes. */
async function withApp(client: Client) {
  const setUp = await client.post('/api/auth/second-factor/totp');
  expect(setUp.status).toBe(200);
  const confirmed = await client.post('/api/auth/second-factor/totp/confirm', {
    code: codeOf(setUp.body.secret),
  });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return { secret: setUp.body.secret as string, recoveryCodes: confirmed.body.recoveryCodes };
}

const moderationRoutes = [
  ['GET', '/api/moderation/reports'],
  ['POST', '/api/moderation/reports/00000000-0000-4000-8000-000000000000/actions'],
  ['GET', '/api/moderation/verifications'],
  ['POST', '/api/moderation/verifications/00000000-0000-4000-8000-000000000000/decision'],
  // A member's history and the appeals (ADR 076), behind the same gate.
  ['GET', '/api/moderation/members/00000000-0000-4000-8000-000000000000'],
  ['POST', '/api/moderation/members/00000000-0000-4000-8000-000000000000/comments'],
  ['POST', '/api/moderation/members/00000000-0000-4000-8000-000000000000/escalation'],
  ['POST', '/api/moderation/decisions/00000000-0000-4000-8000-000000000000/reversal'],
  ['GET', '/api/moderation/appeals'],
  ['POST', '/api/moderation/appeals/00000000-0000-4000-8000-000000000000/answer'],
  // The transparency summary (ADR 081), both forms.
  ['GET', '/api/moderation/transparency'],
  ['GET', '/api/moderation/transparency.csv'],
] as const;

async function codesOnEveryRoute(client: Client) {
  const codes = [];
  for (const [method, url] of moderationRoutes) {
    const answer = method === 'GET' ? await client.get(url) : await client.post(url, {});
    codes.push(`${answer.status} ${answer.body.code}`);
  }
  return codes;
}

describe('the moderators’ gate', () => {
  it('keeps a plain member’s 403 MODERATORS_ONLY', async () => {
    const { token } = await registeredMember(t.app);
    expect(await codesOnEveryRoute(clientOf(token))).toEqual(
      Array(moderationRoutes.length).fill('403 MODERATORS_ONLY'),
    );
  });

  it('asks a moderator without a second factor to set one up, on every moderation route', async () => {
    const { client } = await aModerator();
    expect(await codesOnEveryRoute(client)).toEqual(
      Array(moderationRoutes.length).fill('403 SECOND_FACTOR_SETUP_REQUIRED'),
    );
  });

  it('asks a moderator with a passkey, not proved in this session, to prove it', async () => {
    const { id, client } = await aModerator();
    await t.database.db.insert(passkeys).values({
      memberId: id,
      credentialId: `credential-${id}`,
      publicKey: Buffer.from([1, 2, 3]),
      deviceType: 'multiDevice',
      backedUp: true,
      name: 'Phone',
    });
    expect(await codesOnEveryRoute(client)).toEqual(
      Array(moderationRoutes.length).fill('403 SECOND_FACTOR_REQUIRED'),
    );
    // Nor may a stolen password add an app of the thief's beside the passkey.
    const setUp = await client.post('/api/auth/second-factor/totp');
    expect([setUp.status, setUp.body.code]).toEqual([403, 'SECOND_FACTOR_REQUIRED']);
  });

  it('opens to the session that proved one, and a new session must prove it again', async () => {
    const { client, signIn } = await aModerator();
    const { secret } = await withApp(client);
    expect((await client.get('/api/moderation/reports')).status).toBe(200);
    expect((await client.get('/api/moderation/verifications')).status).toBe(200);
    // Signed out: the next sign-in starts without it.
    expect((await client.post('/api/auth/logout')).status).toBe(200);
    const next = await signIn();
    expect(await codesOnEveryRoute(next)).toEqual(
      Array(moderationRoutes.length).fill('403 SECOND_FACTOR_REQUIRED'),
    );
    t.clock.advance(STEP_MS);
    const proved = await next.post('/api/auth/second-factor/prove', { code: codeOf(secret) });
    expect([proved.status, proved.body]).toEqual([200, { recoveryCodesLeft: 10 }]);
    expect((await next.get('/api/moderation/reports')).status).toBe(200);
  });
});

describe('setting up an authenticator app', () => {
  it('answers the otpauth URI and the secret once, and keeps the secret sealed', async () => {
    const { id, email, client } = await aModerator();
    const setUp = await client.post('/api/auth/second-factor/totp');
    expect(setUp.status).toBe(200);
    const uri = new URL(setUp.body.uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/Mawadda:${email}`);
    const plain = setUp.body.secret.replace(/\s/g, '');
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      issuer: 'Mawadda',
      secret: plain,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
    expect(setUp.body.secret).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
    expect(plain).toHaveLength(32);
    const [row] = await t.database.db
      .select()
      .from(totpFactors)
      .where(eq(totpFactors.memberId, id));
    expect(row?.sealedSecret).not.toContain(plain);
    expect(row?.confirmedAt).toBeNull();
    // Not confirmed yet: still no second factor.
    expect((await client.get('/api/moderation/reports')).body.code).toBe(
      'SECOND_FACTOR_SETUP_REQUIRED',
    );
  });

  it('refuses a wrong first code, then confirms with the right one and answers 10 recovery codes', async () => {
    const { id, client } = await aModerator();
    const setUp = await client.post('/api/auth/second-factor/totp');
    const wrong = await client.post('/api/auth/second-factor/totp/confirm', { code: '000000' });
    expect([wrong.status, wrong.body.code]).toEqual([400, 'TOTP_CODE_INVALID']);
    const empty = await client.post('/api/auth/second-factor/totp/confirm', { code: ' ' });
    expect([empty.status, empty.body.code]).toEqual([400, 'SECOND_FACTOR_CODE_REQUIRED']);
    expect((await client.get('/api/moderation/reports')).status).toBe(403);
    const confirmed = await client.post('/api/auth/second-factor/totp/confirm', {
      code: codeOf(setUp.body.secret),
    });
    expect(confirmed.status).toBe(200);
    const codes: string[] = confirmed.body.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    // Kept as hashes only.
    const kept = await t.database.db
      .select({ hash: recoveryCodes.codeHash })
      .from(recoveryCodes)
      .where(eq(recoveryCodes.memberId, id));
    expect(kept).toHaveLength(10);
    for (const { hash } of kept) {
      expect(codes.some((code) => hash.includes(code.replace('-', '')))).toBe(false);
    }
    // Confirmed: a second set-up is refused; so is a confirmation without a set-up waiting.
    const again = await client.post('/api/auth/second-factor/totp');
    expect([again.status, again.body.code]).toEqual([409, 'TOTP_ALREADY_SET_UP']);
    const reconfirm = await client.post('/api/auth/second-factor/totp/confirm', {
      code: codeOf(setUp.body.secret),
    });
    expect([reconfirm.status, reconfirm.body.code]).toEqual([409, 'TOTP_SETUP_MISSING']);
  });

  it('answers 409 TOTP_NOT_SET_UP to a proof without an app', async () => {
    const { client } = await aModerator();
    const answer = await client.post('/api/auth/second-factor/prove', { code: '123456' });
    expect([answer.status, answer.body.code]).toEqual([409, 'TOTP_NOT_SET_UP']);
  });
});

describe('proving a code', () => {
  it('refuses a code used once already, even in its own 30 seconds, and an older one', async () => {
    const { client, signIn } = await aModerator();
    const { secret } = await withApp(client);
    const next = await signIn();
    // The confirmation took this step's code.
    const reused = await next.post('/api/auth/second-factor/prove', { code: codeOf(secret) });
    expect([reused.status, reused.body.code]).toEqual([400, 'TOTP_CODE_USED']);
    const older = await next.post('/api/auth/second-factor/prove', {
      code: codeOf(secret, -STEP_MS),
    });
    expect([older.status, older.body.code]).toEqual([400, 'TOTP_CODE_USED']);
    expect((await next.get('/api/moderation/reports')).body.code).toBe('SECOND_FACTOR_REQUIRED');
    // The next step's code, a phone's clock a little ahead, is taken; then it is used too.
    const ahead = await next.post('/api/auth/second-factor/prove', {
      code: codeOf(secret, STEP_MS),
    });
    expect(ahead.status).toBe(200);
    const third = await signIn();
    const again = await third.post('/api/auth/second-factor/prove', {
      code: codeOf(secret, STEP_MS),
    });
    expect([again.status, again.body.code]).toEqual([400, 'TOTP_CODE_USED']);
  });

  it('takes one code once when two sessions send it at the same moment', async () => {
    const { client, signIn } = await aModerator();
    const { secret, recoveryCodes: codes } = await withApp(client);
    t.clock.advance(STEP_MS);
    const [first, second] = [await signIn(), await signIn()];
    const code = codeOf(secret);
    const answers = await Promise.all([
      first.post('/api/auth/second-factor/prove', { code }),
      second.post('/api/auth/second-factor/prove', { code }),
    ]);
    expect(answers.map((a) => `${a.status} ${a.body.code ?? ''}`).sort()).toEqual([
      '200 ',
      '400 TOTP_CODE_USED',
    ]);
    const [third, fourth] = [await signIn(), await signIn()];
    const recovery = await Promise.all([
      third.post('/api/auth/second-factor/prove', { code: codes[3] }),
      fourth.post('/api/auth/second-factor/prove', { code: codes[3] }),
    ]);
    expect(recovery.map((a) => a.status).sort()).toEqual([200, 400]);
  });

  it('refuses a code outside its window of one step either side', async () => {
    const { client, signIn } = await aModerator();
    const { secret } = await withApp(client);
    t.clock.advance(5 * STEP_MS);
    const next = await signIn();
    for (const offset of [-2 * STEP_MS, 2 * STEP_MS, -10 * STEP_MS]) {
      const answer = await next.post('/api/auth/second-factor/prove', {
        code: codeOf(secret, offset),
      });
      expect([answer.status, answer.body.code]).toEqual([400, 'TOTP_CODE_INVALID']);
    }
    const wrong = await next.post('/api/auth/second-factor/prove', { code: '12345x' });
    expect([wrong.status, wrong.body.code]).toEqual([400, 'TOTP_CODE_INVALID']);
    expect((await next.get('/api/moderation/reports')).status).toBe(403);
    const within = await next.post('/api/auth/second-factor/prove', {
      code: codeOf(secret, -STEP_MS),
    });
    expect(within.status).toBe(200);
  });

  it('takes each recovery code once, typed in any case and spacing', async () => {
    const { client, signIn } = await aModerator();
    const { recoveryCodes: codes } = await withApp(client);
    const [first = '', second = ''] = codes;
    const next = await signIn();
    const typed = ` ${first.toUpperCase().replace('-', ' ')} `;
    const proved = await next.post('/api/auth/second-factor/prove', { code: typed });
    expect([proved.status, proved.body]).toEqual([200, { recoveryCodesLeft: 9 }]);
    const third = await signIn();
    const reused = await third.post('/api/auth/second-factor/prove', { code: first });
    expect([reused.status, reused.body.code]).toEqual([400, 'TOTP_CODE_INVALID']);
    expect((await third.get('/api/moderation/reports')).status).toBe(403);
    const other = await third.post('/api/auth/second-factor/prove', { code: second });
    expect([other.status, other.body]).toEqual([200, { recoveryCodesLeft: 8 }]);
  });

  it('counts failures like sign-in failures: the eleventh guess is refused, a right code too', async () => {
    const { client, signIn } = await aModerator();
    const { secret } = await withApp(client);
    // A browser the member never signed in from (no device cookie): the account's budget.
    const next = clientOf((await signIn()).token);
    for (let i = 0; i < 10; i++) {
      const answer = await next.post('/api/auth/second-factor/prove', { code: '000000' });
      expect(answer.status).toBe(400);
    }
    t.clock.advance(STEP_MS);
    const locked = await next.post('/api/auth/second-factor/prove', { code: codeOf(secret) });
    expect([locked.status, locked.body.code]).toEqual([429, 'RATE_LIMITED']);
    // From another address too: the account's own budget is spent.
    const elsewhere = clientOf(next.token, someAddress());
    const stillLocked = await elsewhere.post('/api/auth/second-factor/prove', {
      code: codeOf(secret),
    });
    expect(stillLocked.status).toBe(429);
    expect((await next.get('/api/moderation/reports')).status).toBe(403);
    t.clock.advance(15 * 60_000);
    const later = await next.post('/api/auth/second-factor/prove', { code: codeOf(secret) });
    expect(later.status).toBe(200);
  });

  it('keeps a budget of its own for the owner’s browser: a stranger’s guesses do not lock it out', async () => {
    const { client, signIn } = await aModerator();
    const { secret } = await withApp(client);
    const owner = await signIn();
    // Someone who has the password guesses codes from their own browsers (no device cookie).
    const stranger = clientOf((await signIn()).token, someAddress());
    for (let i = 0; i < 10; i++) {
      expect(
        (await stranger.post('/api/auth/second-factor/prove', { code: '000000' })).status,
      ).toBe(400);
    }
    t.clock.advance(STEP_MS);
    const locked = await stranger.post('/api/auth/second-factor/prove', { code: codeOf(secret) });
    expect([locked.status, locked.body.code]).toEqual([429, 'RATE_LIMITED']);
    const mine = await owner.post('/api/auth/second-factor/prove', { code: codeOf(secret) });
    expect(mine.status).toBe(200);
    // The owner's browser is limited too, on its own.
    const again = await signIn(owner.deviceCookie);
    for (let i = 0; i < 10; i++) {
      expect((await again.post('/api/auth/second-factor/prove', { code: '000000' })).status).toBe(
        400,
      );
    }
    const own = await again.post('/api/auth/second-factor/prove', { code: '000000' });
    expect([own.status, own.body.code]).toEqual([429, 'RATE_LIMITED']);
  });

  it('does not open another member’s gate: a proof counts for its own session only', async () => {
    const first = await aModerator();
    const second = await aModerator();
    await withApp(first.client);
    expect((await second.client.get('/api/moderation/reports')).body.code).toBe(
      'SECOND_FACTOR_SETUP_REQUIRED',
    );
    const other = await first.signIn();
    expect((await other.get('/api/moderation/reports')).body.code).toBe('SECOND_FACTOR_REQUIRED');
  });
});

describe('removing the app', () => {
  it('wants a proof made in the last 10 minutes, then asks for a set-up again', async () => {
    const { id, client, signIn } = await aModerator();
    const { secret } = await withApp(client);
    const unproved = await signIn();
    const refused = await unproved.delete('/api/auth/second-factor/totp');
    expect([refused.status, refused.body.code]).toEqual([403, 'SECOND_FACTOR_REQUIRED']);
    t.clock.advance(11 * 60_000);
    const stale = await client.delete('/api/auth/second-factor/totp');
    expect([stale.status, stale.body.code]).toEqual([403, 'SECOND_FACTOR_REQUIRED']);
    const proved = await client.post('/api/auth/second-factor/prove', { code: codeOf(secret) });
    expect(proved.status).toBe(200);
    expect((await client.delete('/api/auth/second-factor/totp')).status).toBe(200);
    const left = await t.database.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.memberId, id));
    expect(left).toEqual([]);
    expect((await unproved.get('/api/moderation/reports')).body.code).toBe(
      'SECOND_FACTOR_SETUP_REQUIRED',
    );
    const twice = await client.delete('/api/auth/second-factor/totp');
    expect([twice.status, twice.body.code]).toEqual([409, 'TOTP_NOT_SET_UP']);
  });
});

describe('a sealed secret', () => {
  it('does not open in another member’s row', async () => {
    const first = await aModerator();
    const second = await aModerator();
    const { secret } = await withApp(first.client);
    await second.client.post('/api/auth/second-factor/totp');
    const [sealed] = await t.database.db
      .select({ sealedSecret: totpFactors.sealedSecret })
      .from(totpFactors)
      .where(eq(totpFactors.memberId, first.id));
    await t.database.db
      .update(totpFactors)
      .set({ sealedSecret: sealed?.sealedSecret ?? '' })
      .where(eq(totpFactors.memberId, second.id));
    t.clock.advance(STEP_MS);
    const answer = await second.client.post('/api/auth/second-factor/totp/confirm', {
      code: codeOf(secret),
    });
    expect([answer.status, answer.body.code]).toEqual([400, 'TOTP_CODE_INVALID']);
  });
});

describe('the member’s data', () => {
  it('exports the app’s dates and the recovery codes’ use, never a secret; deletion erases them', async () => {
    const { id, client } = await aModerator();
    const { secret, recoveryCodes: codes } = await withApp(client);
    await client.post('/api/auth/second-factor/prove', { code: codes[0] });
    const { secondFactor } = await devicesAndNotices(t.database.db, id);
    expect(secondFactor.authenticatorApp?.confirmedAt).toBeInstanceOf(Date);
    expect(secondFactor.recoveryCodes).toHaveLength(10);
    expect(secondFactor.recoveryCodes.filter((code) => code.usedAt)).toHaveLength(1);
    const exported = JSON.stringify(secondFactor);
    expect(exported).not.toContain(secret.replace(/\s/g, ''));
    expect(exported).not.toContain(codes[1]);
    await t.database.db.transaction((tx) => eraseMember(tx, id));
    const left = await t.database.db.select().from(totpFactors).where(eq(totpFactors.memberId, id));
    const codesLeft = await t.database.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.memberId, id));
    expect([left, codesLeft]).toEqual([[], []]);
  });
});

describe('the routes', () => {
  it('need a member', async () => {
    const answer = await t.app.inject({ method: 'POST', url: '/api/auth/second-factor/totp' });
    expect([answer.statusCode, answer.json().code]).toEqual([401, 'LOGIN_REQUIRED']);
  });
});
