import {
  CHOICE_FIELDS,
  DEALBREAKER_FIELDS,
  type DealbreakerField,
  type Dealbreakers,
  dealbreakerValues,
  FAITH_FIELDS,
  PREFER_NOT_TO_SAY,
} from '@mawadda/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, seedLikes, seedMembers, sessionFor } from '../../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import type { members } from '../../db/schema.ts';
import { findViewer } from './discovery.repository.ts';
import { estimateAudience } from './suggestions.repository.ts';

/**
 * The two-way rule (ADR 042), on both engines: a member is suggested X only if X meets
 * the member's dealbreakers and the member meets X's. Each case seeds its members at its own
 * age and the viewer filters on that age alone, so cases never see each other's members.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ config: { profilesPerMinute: 1000, suggestionPagesPerMinute: 1000 } });
});

type Profile = Partial<typeof members.$inferInsert>;
type Gender = 'homme' | 'femme';
const other = (g: Gender): Gender => (g === 'homme' ? 'femme' : 'homme');
/** Who may make a dealbreaker of a field: a man asks about hijab, a woman about beards. */
const setterOf = (field: DealbreakerField): Gender => (field === 'beard' ? 'femme' : 'homme');

function answer(field: DealbreakerField, value: string | null): Profile {
  if (field === 'languages') return { languages: value === null ? [] : [value] } as Profile;
  // Children already is always answered, "not specified" being its "not answered".
  if (field === 'hasChildren') return { hasChildren: value ?? 'not specified' } as Profile;
  return { [field]: value } as Profile;
}

/** The ways of not meeting a dealbreaker on `field` without answering another value. */
function silentAnswers(field: DealbreakerField, accepted: string): Record<string, Profile> {
  const silent: Record<string, Profile> = { 'not answered': answer(field, null) };
  if (field in CHOICE_FIELDS || field === 'nationality' || field === 'origin') {
    silent['prefer not to say'] = answer(field, PREFER_NOT_TO_SAY);
  }
  if ((FAITH_FIELDS as readonly string[]).includes(field)) {
    silent['kept to matches'] = {
      ...answer(field, accepted),
      faithMatchesOnly: [field],
    } as Profile;
  }
  return silent;
}

let nextAge = 19;
/** An age no other case uses, so a viewer filtering on it sees only their case's members. */
const freshAge = () => nextAge++;

async function viewerWith(gender: Gender, age: number, profile: Profile = {}) {
  const [id] = await seedMembers(t.database.db, [
    {
      gender,
      name: 'Viewer',
      // No case's age: a viewer is never among another case's members.
      age: 18,
      profile: { preferredMinAge: age, preferredMaxAge: age, ...profile },
    },
  ]);
  return { id: id ?? '', token: await sessionFor(t.database.db, id ?? '') };
}

async function seedNamed(gender: Gender, age: number, named: Record<string, Profile>) {
  const names = Object.keys(named);
  const ids = await seedMembers(
    t.database.db,
    names.map((name) => ({ gender, name, age, profile: named[name] })),
  );
  return Object.fromEntries(names.map((name, i) => [name, ids[i] ?? '']));
}

async function suggestedNames(token: string): Promise<string[]> {
  const response = await t.app.inject({
    url: '/api/users/suggestions?page=0&size=100',
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().content as Array<{ name: string }>).map((m) => m.name).sort();
}

async function putPreferences(token: string, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/users/preferences',
    headers: bearer(token),
    payload: body,
  });
}

async function savedPreferences(token: string) {
  const response = await t.app.inject({ url: '/api/users/preferences', headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const filtersAt = (age: number) => ({ minAge: age, maxAge: age, maxDistanceKm: null });

describe.each(DEALBREAKER_FIELDS)('a dealbreaker on %s', (field) => {
  const [accepted = '', refused = ''] = dealbreakerValues(field);
  const setter = setterOf(field);

  it('shows only the members who answered an accepted value, openly', async () => {
    const age = freshAge();
    const viewer = await viewerWith(setter, age);
    await seedNamed(other(setter), age, {
      meets: answer(field, accepted),
      'answers another value': answer(field, refused),
      ...silentAnswers(field, accepted),
    });
    expect(await suggestedNames(viewer.token)).toHaveLength(
      2 + Object.keys(silentAnswers(field, accepted)).length,
    );

    const saved = await putPreferences(viewer.token, {
      ...filtersAt(age),
      dealbreakers: { [field]: [accepted] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await suggestedNames(viewer.token)).toEqual(['meets']);
  });

  it('hides a member whose own dealbreaker the viewer does not meet', async () => {
    const age = freshAge();
    await seedNamed(setter, age, {
      strict: { dealbreakers: { [field]: [accepted] } as Dealbreakers },
      open: {},
    });
    const meets = await viewerWith(other(setter), age, answer(field, accepted));
    expect(await suggestedNames(meets.token)).toEqual(['open', 'strict']);
    for (const profile of [
      answer(field, refused),
      ...Object.values(silentAnswers(field, accepted)),
    ]) {
      const viewer = await viewerWith(other(setter), age, profile);
      expect(await suggestedNames(viewer.token)).toEqual(['open']);
    }
  });
});

describe('dealbreakers', () => {
  it('on languages are met by any one language in common', async () => {
    const age = freshAge();
    const viewer = await viewerWith('homme', age, {
      dealbreakers: { languages: ['fr', 'wo'] },
    });
    await seedNamed('femme', age, {
      'wolof and arabic': { languages: ['wo', 'ar'] },
      'arabic only': { languages: ['ar'] },
      'no language given': { languages: [] },
    });
    expect(await suggestedNames(viewer.token)).toEqual(['wolof and arabic']);
  });

  it('combine: a member must meet all of them, and the viewer all of theirs', async () => {
    const age = freshAge();
    const viewer = await viewerWith('femme', age, {
      prayer: 'always',
      languages: ['fr'],
      nationality: 'SN',
      dealbreakers: { prayer: ['always', 'usually'], polygamy: ['no'], origin: ['SN', 'ML'] },
    });
    const fits = { prayer: 'usually', polygamy: 'no', origin: 'ML' } as const;
    await seedNamed('homme', age, {
      fits,
      'open to polygamy': { ...fits, polygamy: 'yes' },
      'from Guinea': { ...fits, origin: 'GN' },
      'wants a Malian wife': { ...fits, dealbreakers: { nationality: ['ML'] } },
      'wants a wife who prays': { ...fits, dealbreakers: { prayer: ['always'] } },
    });
    expect(await suggestedNames(viewer.token)).toEqual(['fits', 'wants a wife who prays']);
  });

  it('do not filter likes nor profiles: a member may still answer someone who liked them', async () => {
    const age = freshAge();
    const viewer = await viewerWith('homme', age, { dealbreakers: { prayer: ['always'] } });
    const { liker = '' } = await seedNamed('femme', age, { liker: { prayer: 'sometimes' } });
    await seedLikes(t.database.db, [[liker, viewer.id]]);
    expect(await suggestedNames(viewer.token)).toEqual([]);
    const likes = await t.app.inject({ url: '/likes', headers: bearer(viewer.token) });
    expect(likes.json().map((like: { id: string }) => like.id)).toEqual([liker]);
    const details = await t.app.inject({
      url: `/api/users/${liker}/details`,
      headers: bearer(viewer.token),
    });
    expect(details.statusCode).toBe(200);
  });
});

describe('saving dealbreakers', () => {
  it.each([
    ['a value twice', { prayer: ['always', 'always'] }],
    ['"prefer not to say" as accepted', { prayer: [PREFER_NOT_TO_SAY] }],
    ['no value at all', { prayer: [] }],
    ['a value of another field', { prayer: ['maliki'] }],
    ['a field that is not one', { profession: ['imam'] }],
    ['an unknown country', { origin: ['ZZ'] }],
    ['a list instead of a set', ['prayer']],
  ])('refuses %s with DEALBREAKER_INVALID and keeps the saved ones', async (_, dealbreakers) => {
    const age = freshAge();
    const viewer = await viewerWith('homme', age, { dealbreakers: { halal: ['yes'] } });
    const response = await putPreferences(viewer.token, { ...filtersAt(age), dealbreakers });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('DEALBREAKER_INVALID');
    expect((await savedPreferences(viewer.token)).dealbreakers).toEqual({ halal: ['yes'] });
  });

  it('refuses a field the audience is never asked (a woman cannot require a hijab answer)', async () => {
    const woman = await viewerWith('femme', freshAge());
    const response = await putPreferences(woman.token, {
      ...filtersAt(30),
      dealbreakers: { hijab: ['always'] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      expect.objectContaining({ path: 'dealbreakers.hijab', code: 'DEALBREAKER_INVALID' }),
    ]);
    expect((await savedPreferences(woman.token)).dealbreakers).toEqual({});
  });

  it('keeps them when the form sends none (an older app), removes them all with {}', async () => {
    const viewer = await viewerWith('homme', freshAge(), {
      dealbreakers: { prayer: ['always'] },
    });
    expect((await putPreferences(viewer.token, filtersAt(30))).json().dealbreakers).toEqual({
      prayer: ['always'],
    });
    expect((await savedPreferences(viewer.token)).dealbreakers).toEqual({ prayer: ['always'] });
    await putPreferences(viewer.token, { ...filtersAt(30), dealbreakers: {} });
    expect((await savedPreferences(viewer.token)).dealbreakers).toEqual({});
  });
});

describe('the estimate before saving', () => {
  async function estimate(token: string, body: Record<string, unknown>) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/preferences/estimate',
      headers: bearer(token),
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  it('counts what the unsaved filters would leave, both ways, and saves nothing', async () => {
    const age = freshAge();
    const viewer = await viewerWith('homme', age, { prayer: 'always' });
    await seedNamed('femme', age, {
      'prays always': { prayer: 'always' },
      'prays usually': { prayer: 'usually' },
      'prays sometimes': { prayer: 'sometimes' },
      'wants a man who prays usually': { prayer: 'always', dealbreakers: { prayer: ['usually'] } },
    });
    expect(await estimate(viewer.token, filtersAt(age))).toEqual({ about: 3, exact: true });
    expect(
      await estimate(viewer.token, {
        ...filtersAt(age),
        dealbreakers: { prayer: ['always', 'usually'] },
      }),
    ).toEqual({ about: 2, exact: true });
    expect((await savedPreferences(viewer.token)).dealbreakers).toEqual({});
    expect(await suggestedNames(viewer.token)).toHaveLength(3);
  });

  it('refuses bad dealbreakers like saving does', async () => {
    const viewer = await viewerWith('homme', freshAge());
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/preferences/estimate',
      headers: bearer(viewer.token),
      payload: { ...filtersAt(30), dealbreakers: { prayer: ['never'] } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('DEALBREAKER_INVALID');
  });

  it('on a large table counts a sample, scaled and rounded, near the true count', async () => {
    const age = 99;
    const [viewerId = ''] = await seedMembers(t.database.db, [{ gender: 'homme', age: 18 }]);
    // 3,000 women of that age, a third of whom pray always.
    await t.database.db.execute(sql`
      insert into members (email, name, gender, age, location, latitude, longitude, prayer,
        religious_data_consent_at, religious_data_consent_version)
      select 'sample' || g || '@example.com', 'Sample ' || g, 'femme', ${age}, 'Dakar', 14.69,
        -17.44, case when g % 3 = 0 then 'always' else 'sometimes' end, now(),
        (select religious_data_consent_version from members where id = ${viewerId})
      from generate_series(1, 3000) g`);
    await t.database.db.execute(sql`analyze members`);
    const viewer = await findViewer(t.database.db, viewerId);
    if (!viewer) throw new Error('no viewer');
    const query = { viewer, minAge: age, maxAge: age, maxDistanceKm: null, verifiedOnly: false };
    const all = await estimateAudience(
      t.database.db,
      { ...query, compatibility: viewer.compatibility },
      t.clock.now().toISOString().slice(0, 10),
      500,
    );
    expect(all.exact).toBe(false);
    expect(all.about).toBeGreaterThan(2000);
    expect(all.about).toBeLessThan(4500);
    expect(all.about % 10).toBe(0);
  });
});
