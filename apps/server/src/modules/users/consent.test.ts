import { endpointPath, endpoints, errorText, PRIVACY_VERSION } from '@mawadda/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, login, register, registeredMember, seedLikes } from '../../../test/fixtures.ts';
import { connectStomp } from '../../../test/stomp-client.ts';
import { createTestApp, listenOnLoopback, type TestContext } from '../../../test/test-app.ts';
import { members } from '../../db/schema.ts';

let t: TestContext;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await listenOnLoopback(t.app);
});

const ANY_ID = '00000000-0000-4000-8000-000000000000';

async function storedConsent(memberId: string) {
  const [row] = await t.database.db
    .select({ at: members.religiousDataConsentAt, version: members.religiousDataConsentVersion })
    .from(members)
    .where(eq(members.id, memberId));
  return row;
}

/** A member as the migration left those registered before the question: no consent. */
async function memberWithoutConsent(gender: 'homme' | 'femme' = 'femme') {
  const member = await registeredMember(t.app, { gender });
  await t.database.db
    .update(members)
    .set({ religiousDataConsentAt: null, religiousDataConsentVersion: null })
    .where(eq(members.id, member.id));
  // A fresh session: the one opened at registration may be cached as consented on this node.
  const again = await login(t.app, String(member.fields.username), String(member.fields.password));
  expect(again.statusCode, again.body).toBe(200);
  return { ...member, token: again.json<{ token: string }>().token };
}

const me = (token: string) => t.app.inject({ url: '/api/users/me', headers: bearer(token) });
const consent = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/users/consent', headers: bearer(token), payload });

describe('consent to the processing of data revealing religion', () => {
  it('is required at registration, in its own field, and nothing is created without it', async () => {
    const [before] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(members);
    for (const religiousDataConsent of [undefined, 'false', 'maybe']) {
      const { response } = await register(t.app, { religiousDataConsent });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'RELIGIOUS_DATA_CONSENT_REQUIRED',
        message: expect.stringContaining('data that reveals your religion'),
        errors: [expect.objectContaining({ path: 'religiousDataConsent' })],
      });
    }
    const [after] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(members);
    expect(after?.n).toBe(before?.n);
  });

  it('is stored at registration with its time and the privacy text version, and /me says so', async () => {
    const member = await registeredMember(t.app);
    expect(await storedConsent(member.id)).toEqual({
      at: t.clock.now(),
      version: PRIVACY_VERSION,
    });
    const profile = (await me(member.token)).json();
    expect(profile.consentRequired).toBe(false);
    expect(profile.religiousDataConsent).toEqual({
      version: PRIVACY_VERSION,
      givenAt: t.clock.now().toISOString(),
    });
  });

  it('is asked of a member registered before: login works, /me says it is missing', async () => {
    const member = await memberWithoutConsent();
    const profile = await me(member.token);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ consentRequired: true, religiousDataConsent: null });
  });

  it('keeps every other member endpoint closed to them with CONSENT_REQUIRED', async () => {
    const member = await memberWithoutConsent();
    const closed = Object.values(endpoints).filter(
      (e) => e.member && !('beforeConsent' in e && e.beforeConsent),
    );
    expect(closed.length).toBeGreaterThan(20);
    for (const endpoint of closed) {
      const response = await t.app.inject({
        method: endpoint.method,
        url: endpointPath(endpoint.path, { id: ANY_ID, userId: ANY_ID }),
        headers: bearer(member.token),
      });
      expect(response.statusCode, `${endpoint.method} ${endpoint.path}`).toBe(403);
      expect(response.json().code).toBe('CONSENT_REQUIRED');
    }
    // The question's own endpoints stay open, logout too.
    expect((await me(member.token)).statusCode).toBe(200);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(member.token),
    });
    expect(logout.statusCode).toBe(200);
  });

  it('hides them from every other member until they consent', async () => {
    const hidden = await memberWithoutConsent('femme');
    const viewer = await registeredMember(t.app, { gender: 'homme' });
    const details = () =>
      t.app.inject({ url: `/api/users/${hidden.id}/details`, headers: bearer(viewer.token) });
    expect((await details()).statusCode).toBe(404);
    expect((await consent(hidden.token, { version: PRIVACY_VERSION })).statusCode).toBe(200);
    expect((await details()).statusCode).toBe(200);
  });

  it('keeps them out of a match’s contacts, and nobody can write to them meanwhile', async () => {
    const hidden = await memberWithoutConsent('femme');
    const match = await registeredMember(t.app, { gender: 'homme' });
    await seedLikes(t.database.db, [
      [hidden.id, match.id],
      [match.id, hidden.id],
    ]);
    const contactIds = async () =>
      (await t.app.inject({ url: '/api/chat/contacts', headers: bearer(match.token) }))
        .json<{ id: string }[]>()
        .map((c) => c.id);
    const write = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/chat/send/${hidden.id}`,
        headers: bearer(match.token),
        payload: { uuid: crypto.randomUUID(), content: 'Salam' },
      });
    expect(await contactIds()).not.toContain(hidden.id);
    expect((await write()).statusCode).toBe(404);
    expect((await consent(hidden.token, { version: PRIVACY_VERSION })).statusCode).toBe(200);
    expect(await contactIds()).toContain(hidden.id);
    const written = await write();
    expect(written.statusCode, written.body).toBe(201);
  });

  it('refuses them the socket (presence, call signals) until they consent', async () => {
    const member = await memberWithoutConsent();
    const refused = await connectStomp(baseUrl, member.token);
    expect((await refused.error).headers.message).toBe(errorText('CONSENT_REQUIRED'));
    await refused.closed;
    expect((await consent(member.token, { version: PRIVACY_VERSION })).statusCode).toBe(200);
    const accepted = await connectStomp(baseUrl, member.token);
    expect(accepted.client.connected).toBe(true);
    await accepted.disconnect();
  });

  it('is recorded with its time and version when given, and opens the member area at once', async () => {
    const member = await memberWithoutConsent();
    t.clock.advance(60_000);
    const given = await consent(member.token, { version: PRIVACY_VERSION });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json()).toMatchObject({
      id: member.id,
      consentRequired: false,
      religiousDataConsent: { version: PRIVACY_VERSION, givenAt: t.clock.now().toISOString() },
    });
    expect(await storedConsent(member.id)).toEqual({ at: t.clock.now(), version: PRIVACY_VERSION });
    const likes = await t.app.inject({ url: '/likes', headers: bearer(member.token) });
    expect(likes.statusCode, likes.body).toBe(200);
  });

  it('counts at once on another node, which had the member area closed to them', async () => {
    const other = await createTestApp({ database: t.database });
    const member = await memberWithoutConsent();
    const likesOn = (node: TestContext) =>
      node.app.inject({ url: '/likes', headers: bearer(member.token) });
    expect((await likesOn(other)).json().code).toBe('CONSENT_REQUIRED');
    expect((await consent(member.token, { version: PRIVACY_VERSION })).statusCode).toBe(200);
    expect((await likesOn(other)).statusCode).toBe(200);
  });

  it('keeps the first time given when the same version is consented to again', async () => {
    const member = await registeredMember(t.app);
    const first = await storedConsent(member.id);
    t.clock.advance(60_000);
    expect((await consent(member.token, { version: PRIVACY_VERSION })).statusCode).toBe(200);
    expect(await storedConsent(member.id)).toEqual(first);
  });

  it('asks again after a consent to another version of the privacy text', async () => {
    const member = await registeredMember(t.app);
    await t.database.db
      .update(members)
      .set({ religiousDataConsentVersion: '2020-01-01' })
      .where(eq(members.id, member.id));
    const fresh = await login(
      t.app,
      String(member.fields.username),
      String(member.fields.password),
    );
    const token = fresh.json<{ token: string }>().token;
    expect((await me(token)).json()).toMatchObject({
      consentRequired: true,
      religiousDataConsent: { version: '2020-01-01' },
    });
    const suggestions = await t.app.inject({
      url: '/api/users/suggestions',
      headers: bearer(token),
    });
    expect(suggestions.json().code).toBe('CONSENT_REQUIRED');
    expect((await consent(token, { version: PRIVACY_VERSION })).json().consentRequired).toBe(false);
  });

  it('refuses a consent to a version other than the current one, or none', async () => {
    const member = await memberWithoutConsent();
    for (const payload of [{ version: '2020-01-01' }, {}, { version: 7 }]) {
      const response = await consent(member.token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe('PRIVACY_VERSION_OUTDATED');
    }
    expect((await me(member.token)).json().consentRequired).toBe(true);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/users/consent',
      payload: { version: PRIVACY_VERSION },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
