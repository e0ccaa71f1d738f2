import type { CurrentUser, UserDetails } from '@mawadda/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { members } from '../src/db/schema.ts';
import {
  bearer,
  multipart,
  type RegistrationInput,
  register,
  registeredMember,
  seedMembers,
  sessionFor,
} from './fixtures.ts';
import { createTestApp, type TestContext } from './test-app.ts';

/**
 * Every text a member shows others goes through the rules a message does (ADR 043): a new
 * account's link or phone number is refused at the field it was typed in, whichever way it came
 * (registration, the profile, a wali's answer), and what the scam shield finds in a profile warns
 * its readers as it would under a message.
 */

const HOUR = 60 * 60 * 1000;
const CONTACT_BIO = 'WhatsApp me +221 77 123 45 67 or t.me/someone, www.example-scam.com';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({
    config: { newAccount: { ms: 48 * HOUR, likesPerDay: 10, firstMessagesPerDay: 5 } },
  });
});

const profileOf = (fields: RegistrationInput): RegistrationInput => ({
  name: 'Moussa Test',
  age: '31',
  gender: 'homme',
  maritalStatus: 'célibataire',
  location: 'Dakar, Senegal',
  latitude: '14.716677',
  longitude: '-17.467686',
  bio: 'Sérieux et pratiquant.',
  ...fields,
});

async function update(token: string, fields: RegistrationInput) {
  const body = multipart(profileOf(fields));
  return t.app.inject({
    method: 'PUT',
    url: '/api/users/update',
    headers: { ...body.headers, ...bearer(token) },
    payload: body.payload,
  });
}

const me = async (token: string) =>
  (await t.app.inject({ url: '/api/users/me', headers: bearer(token) })).json<CurrentUser>();

async function detailsAs(viewerToken: string, memberId: string) {
  const response = await t.app.inject({
    url: `/api/users/${memberId}/details`,
    headers: bearer(viewerToken),
  });
  expect(response.statusCode).toBe(200);
  return response.json<UserDetails>();
}

describe('a new account’s profile', () => {
  it('may not hold a phone number or a link in its bio, name or profession: 403 at each field, nothing changed', async () => {
    const moussa = await registeredMember(t.app, { gender: 'homme', name: 'Moussa Test' });
    const before = await me(moussa.token);
    for (const [field, text] of [
      ['bio', CONTACT_BIO],
      ['name', 'Moussa www.example-scam.com'],
      ['profession', 'Commerçant, appelez le 77 123 45 67'],
    ] as const) {
      const refused = await update(moussa.token, { [field]: text });
      expect(refused.statusCode, field).toBe(403);
      expect(refused.json(), field).toMatchObject({
        code: 'NEW_ACCOUNT_CONTACT_DETAILS',
        params: { hours: 48 },
        errors: [{ path: field, code: 'NEW_ACCOUNT_CONTACT_DETAILS' }],
      });
    }
    expect(await me(moussa.token)).toEqual(before);
    // What sets off no contact rule passes.
    expect((await update(moussa.token, { bio: 'Né en 1994, 1m80, ingénieur.' })).statusCode).toBe(
      200,
    );
  });

  it('may not register with contact details: 403 at the field, no account made', async () => {
    const { response, fields } = await register(t.app, { bio: CONTACT_BIO });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'NEW_ACCOUNT_CONTACT_DETAILS',
      errors: [{ path: 'bio', code: 'NEW_ACCOUNT_CONTACT_DETAILS' }],
    });
    const made = await t.database.db
      .select({ id: members.id })
      .from(members)
      .where(eq(members.email, String(fields.username)));
    expect(made).toEqual([]);
  });

  it('gets the refusal past the new-account rule’s tricks (separators, zero-width spaces)', async () => {
    const moussa = await registeredMember(t.app, { gender: 'homme', name: 'Moussa Test' });
    const refused = await update(moussa.token, { bio: 'Mon numéro : 77 123 45 67 8' });
    expect(refused.statusCode).toBe(403);
  });
});

describe('a profile the scam shield flags', () => {
  it('warns its readers, not its owner, once the account may show contact details', async () => {
    const [reader = ''] = await seedMembers(t.database.db, [{ gender: 'femme' }]);
    const moussa = await registeredMember(t.app, { gender: 'homme', name: 'Moussa Test' });
    // Verified: the account is no longer new, its numbers and links are allowed, and flagged.
    await t.database.db
      .update(members)
      .set({ verifiedAt: t.clock.now() })
      .where(eq(members.id, moussa.id));
    expect((await update(moussa.token, { bio: CONTACT_BIO })).statusCode).toBe(200);

    const readerToken = await sessionFor(t.database.db, reader);
    const seen = await detailsAs(readerToken, moussa.id);
    expect(seen.bio).toBe(CONTACT_BIO);
    expect(seen.shield).toEqual(['phone', 'link', 'other-app']);
    expect((await detailsAs(moussa.token, moussa.id)).shield).toEqual([]);

    await update(moussa.token, { bio: 'Sérieux et pratiquant.' });
    expect((await detailsAs(readerToken, moussa.id)).shield).toEqual([]);
  });
});
