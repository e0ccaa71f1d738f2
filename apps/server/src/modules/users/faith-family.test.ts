import { eq, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  login,
  multipart,
  type RegistrationInput,
  register,
  registeredMember,
  validRegistration,
} from '../../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { members } from '../../db/schema.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});

type Gender = 'femme' | 'homme';

/** A registered member and the calls these tests make as them. */
async function member(gender: Gender, name: string) {
  const { token, id, fields } = await registeredMember(t.app, { gender, name });
  const headers = bearer(token);
  const get = async (url: string) => t.app.inject({ url, headers });
  return {
    id,
    token,
    fields,
    me: async () => (await get('/api/users/me')).json(),
    details: async (other: { id: string }) => (await get(`/api/users/${other.id}/details`)).json(),
    like: async (other: { id: string }) =>
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/like',
            headers,
            payload: { likedUserId: other.id },
          })
        ).statusCode,
      ).toBe(200),
    /**
     * The edit-profile form sent again, with these faith and family answers; `section: false`
     * as an app from before the section sends it (no marker, no answers).
     */
    edit: async (answers: RegistrationInput, { section = true } = {}) => {
      const body = multipart({
        ...validRegistration({ gender, name }),
        ...(section ? { faithFamily: 'true' } : {}),
        ...answers,
      });
      return t.app.inject({
        method: 'PUT',
        url: '/api/users/update',
        headers: { ...body.headers, ...headers },
        payload: body.payload,
      });
    },
  };
}

const herAnswers: RegistrationInput = {
  faithBranch: 'sunni',
  madhhab: 'maliki',
  community: 'tijaniyya',
  prayer: 'always',
  hijab: 'always',
  halal: 'yes',
  revert: 'yes',
  revertSince: '2015',
  marriageTimeline: 'within-1-year',
  polygamy: 'no',
  childrenWanted: 'yes',
  relocation: 'diaspora-and-home',
  education: 'university',
  languages: ['fr', 'wo'],
  profession: 'Sage-femme',
  nationality: 'sn',
  origin: 'SN',
};

describe('faith and family fields', () => {
  it('saves every answer and reads it back on the own profile and on member details', async () => {
    const her = await member('femme', 'Mariama');
    const response = await her.edit({ ...herAnswers, faithMatchesOnly: [] });
    expect(response.statusCode, response.body).toBe(200);
    const expected = {
      ...herAnswers,
      revertSince: 2015,
      nationality: 'SN',
      beard: null,
      faithMatchesOnly: [],
    };
    expect(await her.me()).toMatchObject(expected);
    const him = await member('homme', 'Ousmane');
    expect(await him.details(her)).toMatchObject(expected);

    // An app from before the section (cached on her phone) edits her bio: her answers stay.
    expect((await her.edit({ bio: 'Une autre présentation' }, { section: false })).statusCode).toBe(
      200,
    );
    expect(await her.me()).toMatchObject({ ...expected, bio: 'Une autre présentation' });

    // Answers left out of the next edit are "not answered" again, as the skin tone is.
    expect((await her.edit({ prayer: 'prefer-not-to-say' })).statusCode).toBe(200);
    expect(await her.me()).toMatchObject({
      prayer: 'prefer-not-to-say',
      faithBranch: null,
      languages: [],
      profession: null,
    });
  });

  it.each([
    ['faithBranch', 'wahhabi', 'FAITH_BRANCH_INVALID'],
    ['madhhab', 'zahiri', 'MADHHAB_INVALID'],
    ['community', 'sufi', 'COMMUNITY_INVALID'],
    ['prayer', 'never', 'PRAYER_INVALID'],
    ['hijab', 'turban', 'HIJAB_INVALID'],
    ['halal', 'maybe', 'HALAL_INVALID'],
    ['revert', 'true', 'REVERT_INVALID'],
    ['revertSince', '1850', 'REVERT_SINCE_INVALID'],
    ['revertSince', String(new Date().getUTCFullYear() + 1), 'REVERT_SINCE_INVALID'],
    ['marriageTimeline', 'tomorrow', 'MARRIAGE_TIMELINE_INVALID'],
    ['polygamy', 'open', 'POLYGAMY_INVALID'],
    ['childrenWanted', 'maybe', 'CHILDREN_WANTED_INVALID'],
    ['relocation', 'mars', 'RELOCATION_INVALID'],
    ['education', 'phd', 'EDUCATION_INVALID'],
    ['languages', ['fr', 'klingon'], 'LANGUAGES_INVALID'],
    ['languages', ['fr', 'fr'], 'LANGUAGES_INVALID'],
    ['profession', 'x'.repeat(81), 'PROFESSION_TOO_LONG'],
    ['profession', 'Nurse\u0000', 'CONTROL_CHARACTERS'],
    ['nationality', 'ZZ', 'NATIONALITY_INVALID'],
    ['origin', 'Senegal', 'ORIGIN_INVALID'],
    ['faithMatchesOnly', ['education'], 'FAITH_MATCHES_ONLY_INVALID'],
  ])('refuses %s = %j with %s, storing nothing', async (field, value, code) => {
    const her = await member('femme', 'Awa');
    const before = await her.me();
    const response = await her.edit({ ...herAnswers, [field]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([expect.objectContaining({ path: field, code })]);
    expect(await her.me()).toEqual(before);
  });

  it('asks hijab of women and beard of men only, refusing the other with the field’s code', async () => {
    const him = await member('homme', 'Ibrahima');
    const hijab = await him.edit({ hijab: 'always' });
    expect([hijab.statusCode, hijab.json().errors?.[0]?.code]).toEqual([400, 'HIJAB_INVALID']);
    const her = await member('femme', 'Khady');
    const beard = await her.edit({ beard: 'yes' });
    expect([beard.statusCode, beard.json().errors?.[0]?.code]).toEqual([400, 'BEARD_INVALID']);
    const long = await him.edit({ beard: 'long' });
    expect([long.statusCode, long.json().errors?.[0]?.code]).toEqual([400, 'BEARD_INVALID']);
    expect(await him.me()).toMatchObject({ beard: null, hijab: null });
    expect(await her.me()).toMatchObject({ beard: null, hijab: null });
    expect((await him.edit({ beard: 'yes' })).statusCode).toBe(200);
    expect(await him.me()).toMatchObject({ beard: 'yes', hijab: null });
  });

  it('refuses a year of reversion without "revert: yes"', async () => {
    const her = await member('femme', 'Fatou');
    const response = await her.edit({ revert: 'no', revertSince: '2010' });
    expect(response.json().errors).toEqual([
      expect.objectContaining({ path: 'revertSince', code: 'REVERT_SINCE_INVALID' }),
    ]);
  });
});

describe('faith fields shown to matches only', () => {
  it('hides them from a member she has not matched with, and shows them to her match and to her', async () => {
    const her = await member('femme', 'Aminata');
    const matchOnly = ['prayer', 'community', 'revert'];
    expect((await her.edit({ ...herAnswers, faithMatchesOnly: matchOnly })).statusCode).toBe(200);
    const match = await member('homme', 'Cheikh');
    const stranger = await member('homme', 'Modou');
    await her.like(match);
    await match.like(her);

    const seenByStranger = await stranger.details(her);
    expect(seenByStranger).toMatchObject({
      prayer: null,
      community: null,
      revert: null,
      revertSince: null,
      // Fields she did not restrict, and what is not faith, stay visible.
      madhhab: 'maliki',
      languages: ['fr', 'wo'],
      faithMatchesOnly: ['community', 'prayer', 'revert'],
    });
    expect(JSON.stringify(seenByStranger)).not.toMatch(/tijaniyya|2015/);

    const seenByMatch = await match.details(her);
    expect(seenByMatch).toMatchObject({
      prayer: 'always',
      community: 'tijaniyya',
      revert: 'yes',
      revertSince: 2015,
    });
    expect(await her.me()).toMatchObject({ prayer: 'always', community: 'tijaniyya' });
  });
});

describe('faith and family in the account’s data', () => {
  it('are in her export, and gone with her account', async () => {
    const her = await member('femme', 'Bineta');
    expect((await her.edit({ ...herAnswers, profession: 'Pharmacienne à Thiès' })).statusCode).toBe(
      200,
    );
    const headers = bearer(her.token);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/users/me/export', headers })).statusCode,
    ).toBe(202);
    await t.app.dataExports.runPending();
    const file = await t.app.inject({ url: '/api/users/me/export/file', headers });
    const zip = unzipSync(new Uint8Array(file.rawPayload));
    const data = JSON.parse(Buffer.from(zip['data.json'] ?? []).toString('utf8'));
    expect(data.profile).toMatchObject({
      ...herAnswers,
      revertSince: 2015,
      nationality: 'SN',
      profession: 'Pharmacienne à Thiès',
      faithMatchesOnly: [],
    });

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers,
      payload: { password: her.fields.password },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await t.database.db.select().from(members).where(eq(members.id, her.id))).toEqual([]);
    const left = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from members where profession = 'Pharmacienne à Thiès'`,
    );
    expect(left.rows[0]?.n).toBe(0);
  });
});

describe('the database', () => {
  it('refuses a value outside a set, whatever writes it', async () => {
    const her = await member('femme', 'Ndeye');
    for (const change of [
      sql`prayer = 'never'`,
      sql`beard = 'yes'`,
      sql`languages = array['fr', 'xx']`,
      sql`nationality = 'Senegal'`,
      sql`revert = 'no', revert_since = 2001`,
    ]) {
      await expect(
        t.database.db.execute(sql`update members set ${change} where id = ${her.id}`),
      ).rejects.toThrow();
    }
  });
});

describe('the countries of nationality and origin', () => {
  it('are the ISO codes the geo module names, every one of them', async () => {
    const { COUNTRY_CODES } = await import('@mawadda/contract');
    const { default: countries } = await import('i18n-iso-countries');
    expect([...COUNTRY_CODES].sort()).toEqual(Object.keys(countries.getAlpha2Codes()).sort());
  });
});

describe('what you share, on member details', () => {
  const hisAnswers: RegistrationInput = {
    madhhab: 'maliki',
    community: 'tijaniyya',
    beard: 'yes',
    marriageTimeline: 'within-6-months',
    childrenWanted: 'yes',
    relocation: 'diaspora-and-home',
    languages: ['wo', 'ar', 'fr'],
    origin: 'SN',
  };

  it('names at most four things both answered alike, the languages in the viewer’s order', async () => {
    const her = await member('femme', 'Khady');
    const him = await member('homme', 'Babacar');
    expect((await her.edit({ ...herAnswers, faithMatchesOnly: [] })).statusCode).toBe(200);
    expect((await him.edit(hisAnswers)).statusCode).toBe(200);

    // Seven things hold (languages, madhhab, community, children, within a year, relocation,
    // origin): the first four are named.
    expect((await him.details(her)).shared).toEqual([
      { kind: 'languages', languages: ['wo', 'fr'] },
      { kind: 'madhhab', value: 'maliki' },
      { kind: 'community', value: 'tijaniyya' },
      { kind: 'childrenWanted' },
    ]);
    // Her own profile shares nothing with herself.
    expect((await her.details(her)).shared).toEqual([]);
  });

  it('names a timeline both within a year, the same relocation answer and the same origin', async () => {
    const her = await member('femme', 'Coumba');
    const him = await member('homme', 'Alioune');
    expect((await her.edit({ ...herAnswers, faithMatchesOnly: [] })).statusCode).toBe(200);
    expect(
      (
        await him.edit({
          marriageTimeline: 'within-6-months',
          relocation: 'diaspora-and-home',
          origin: 'sn',
          childrenWanted: 'open',
        })
      ).statusCode,
    ).toBe(200);
    expect((await him.details(her)).shared).toEqual([
      { kind: 'marriageTimeline' },
      { kind: 'relocation', value: 'diaspora-and-home' },
      { kind: 'origin', country: 'SN' },
    ]);
  });

  it('shares nothing the viewer did not answer, nor "prefer not to say", nor a different answer', async () => {
    const her = await member('femme', 'Ndeye');
    const him = await member('homme', 'Pape');
    expect((await her.edit({ ...herAnswers, faithMatchesOnly: [] })).statusCode).toBe(200);
    expect(
      (
        await him.edit({
          madhhab: 'prefer-not-to-say',
          childrenWanted: 'open',
          marriageTimeline: 'within-2-years',
          relocation: 'abroad',
          origin: 'prefer-not-to-say',
          languages: ['en', 'other'],
        })
      ).statusCode,
    ).toBe(200);
    expect((await him.details(her)).shared).toEqual([]);
    // Both said "prefer not to say" on the same question: still nothing shared.
    expect((await her.edit({ madhhab: 'prefer-not-to-say' })).statusCode).toBe(200);
    expect((await him.details(her)).shared).toEqual([]);
  });

  it('uses a matches-only answer for her match, never for a member she has not matched', async () => {
    const her = await member('femme', 'Awa');
    const match = await member('homme', 'Lamine');
    const stranger = await member('homme', 'Ibrahima');
    // Only the faith answers they have in common, the madhhab and the community kept to matches.
    const faith = { madhhab: 'maliki', community: 'tijaniyya', beard: 'yes' };
    expect(
      (
        await her.edit({
          madhhab: 'maliki',
          community: 'tijaniyya',
          faithMatchesOnly: ['madhhab', 'community'],
        })
      ).statusCode,
    ).toBe(200);
    expect((await match.edit(faith)).statusCode).toBe(200);
    expect((await stranger.edit(faith)).statusCode).toBe(200);
    await her.like(match);
    await match.like(her);

    const seenByStranger = await stranger.details(her);
    expect(seenByStranger.shared).toEqual([]);
    expect(JSON.stringify(seenByStranger)).not.toMatch(/maliki|tijaniyya/);
    expect((await match.details(her)).shared).toEqual([
      { kind: 'madhhab', value: 'maliki' },
      { kind: 'community', value: 'tijaniyya' },
    ]);
  });
});

describe('faith and family in the registration wizard’s optional step', () => {
  const memberCount = async () =>
    (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(members))[0]?.n ?? 0;

  it('stores the answers sent with the registration, as the edit form would', async () => {
    const { response, fields } = await register(t.app, {
      gender: 'femme',
      faithFamily: 'true',
      ...herAnswers,
      faithMatchesOnly: ['prayer'],
    });
    expect(response.statusCode, response.body).toBe(201);
    const loggedIn = await login(t.app, fields.username as string, fields.password as string);
    const me = await t.app.inject({
      url: '/api/users/me',
      headers: bearer(loggedIn.json().token),
    });
    expect(me.json()).toMatchObject({
      ...herAnswers,
      revertSince: 2015,
      nationality: 'SN',
      beard: null,
      faithMatchesOnly: ['prayer'],
    });
  });

  it('registers with nothing answered when the step was skipped', async () => {
    const { response, fields } = await register(t.app, { faithFamily: 'true' });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(members)
      .where(eq(members.email, String(fields.username)));
    expect(row).toMatchObject({ madhhab: null, languages: [], faithMatchesOnly: [] });
  });

  it.each([
    ['madhhab', 'zahiri', 'MADHHAB_INVALID'],
    ['languages', ['fr', 'klingon'], 'LANGUAGES_INVALID'],
    ['beard', 'yes', 'BEARD_INVALID'],
    ['revertSince', '2010', 'REVERT_SINCE_INVALID'],
    ['origin', 'Senegal', 'ORIGIN_INVALID'],
  ])('refuses %s = %j with %s, creating no account', async (field, value, code) => {
    const before = await memberCount();
    const { response } = await register(t.app, {
      gender: 'femme',
      faithFamily: 'true',
      revert: 'no',
      [field]: value,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([expect.objectContaining({ path: field, code })]);
    expect(await memberCount()).toBe(before);
  });
});
