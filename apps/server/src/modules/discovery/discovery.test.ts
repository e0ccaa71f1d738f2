import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, seedMembers, sessionFor } from '../../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { members, profileViews } from '../../db/schema.ts';

let t: TestContext;
beforeAll(async () => {
  // The daily caps are read here at a script's speed; the pace has its own test
  // (test/reading-pace.test.ts).
  t = await createTestApp({ config: { profilesPerMinute: 1000, suggestionPagesPerMinute: 1000 } });
});

const today = () => Math.floor(t.clock.now().getTime() / 86_400_000);

async function suggestions(token: string, page: number, size = 100) {
  const response = await t.app.inject({
    url: `/api/users/suggestions?page=${page}&size=${size}`,
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().content as Array<{
    id: string;
    distanceKm: number | null;
    gender: string;
  }>;
}

/** Cities a viewer in Dakar sees at growing distances. */
const places = [
  [14.69, -17.44], // Dakar
  [14.79, -16.93], // Thiès
  [14.15, -16.07], // Kaolack
  [12.58, -16.27], // Ziguinchor
  [5.35, -4.0], // Abidjan
  [48.85, 2.35], // Paris
];

describe('suggestions', () => {
  it('pages through every member of the other gender once, nearest first, then an empty page', async () => {
    const [viewer] = await seedMembers(t.database.db, [{ gender: 'homme', name: 'Viewer' }]);
    const women = await seedMembers(
      t.database.db,
      Array.from({ length: 230 }, (_, i) => {
        const [latitude, longitude] = places[i % places.length] ?? [0, 0];
        return { gender: 'femme' as const, latitude, longitude, activityDay: today() - (i % 9) };
      }),
    );
    await seedMembers(
      t.database.db,
      Array.from({ length: 20 }, () => ({ gender: 'homme' as const })),
    );
    const token = await sessionFor(t.database.db, viewer ?? '');

    const pages = [
      await suggestions(token, 0),
      await suggestions(token, 1),
      await suggestions(token, 2),
    ];
    expect(pages.map((p) => p.length)).toEqual([100, 100, 30]);
    expect(await suggestions(token, 3)).toEqual([]);
    const all = pages.flat();
    expect(new Set(all.map((m) => m.id)).size).toBe(230);
    expect(all.map((m) => m.id).sort()).toEqual([...women].sort());
    expect(all.every((m) => m.gender === 'femme')).toBe(true);
    const distances = all.map((m) => m.distanceKm ?? -1);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances[0]).toBe(0);
    expect(distances.at(-1)).toBeGreaterThan(4000);

    // Smaller pages cut the same order at other places: still no repeat and no gap.
    const small: string[] = [];
    for (let page = 0; ; page++) {
      const content = await suggestions(token, page, 37);
      if (content.length === 0) break;
      small.push(...content.map((m) => m.id));
    }
    expect(small).toEqual(all.map((m) => m.id));

    // As Chrome asks (ADR 039): about 40 kB of JSON compressed in one call, sent whole with its
    // length in one write, not as a chunked stream through a compressor.
    const compressed = await t.app.inject({
      url: '/api/users/suggestions?page=0&size=100',
      headers: { ...bearer(token), 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(compressed.headers['content-encoding']).toBe('zstd');
    expect(compressed.headers['transfer-encoding']).toBeUndefined();
    expect(Number(compressed.headers['content-length'])).toBe(compressed.rawPayload.length);
    const page = JSON.parse(zlib.zstdDecompressSync(compressed.rawPayload).toString());
    expect(page.content.map((m: { id: string }) => m.id)).toEqual(pages[0]?.map((m) => m.id));
  });

  it('puts the more recently active first among members of one place', async () => {
    const [viewer] = await seedMembers(t.database.db, [
      { gender: 'femme', latitude: 35.0, longitude: 135.0 },
    ]);
    const [idle, active] = await seedMembers(t.database.db, [
      { gender: 'homme', latitude: 35.01, longitude: 135.01, activityDay: today() - 30 },
      { gender: 'homme', latitude: 35.02, longitude: 135.02, activityDay: today() },
    ]);
    const token = await sessionFor(t.database.db, viewer ?? '');
    const ids = (await suggestions(token, 0, 2)).map((m) => m.id);
    expect(ids).toEqual([active, idle]);
  });

  it('follows filters changed outside this server at once (another node, ADR 053)', async () => {
    const [viewer] = await seedMembers(t.database.db, [
      { gender: 'homme', latitude: -54.8, longitude: -68.3 },
    ]);
    const [young, older] = await seedMembers(t.database.db, [
      { gender: 'femme', age: 25, latitude: -54.81, longitude: -68.31 },
      { gender: 'femme', age: 40, latitude: -54.82, longitude: -68.32 },
    ]);
    const token = await sessionFor(t.database.db, viewer ?? '');
    const ids = async () => (await suggestions(token, 0, 2)).map((m) => m.id);
    expect(await ids()).toEqual(expect.arrayContaining([young, older]));

    // The row written where this server cannot see it: only the database knows.
    const setAges = (minAge: number, maxAge: number) =>
      t.database.db
        .update(members)
        .set({ preferredMinAge: minAge, preferredMaxAge: maxAge, preferredMaxDistanceKm: 50 })
        .where(eq(members.id, viewer ?? ''));
    await setAges(35, 45);
    expect(await ids()).toEqual([older]);
    await setAges(18, 30);
    expect(await ids()).toEqual([young]);
    await setAges(90, 99);
    expect(await ids()).toEqual([]);
  });

  it('never suggests the viewer, nor a profile without gender or age', async () => {
    const [viewer] = await seedMembers(t.database.db, [
      { gender: 'femme', latitude: -33.9, longitude: 18.4 },
    ]);
    const [incomplete] = await seedMembers(t.database.db, [
      { gender: 'homme', latitude: -33.9, longitude: 18.4 },
    ]);
    await t.database.db
      .update(members)
      .set({ age: null })
      .where(eq(members.id, incomplete ?? ''));
    const token = await sessionFor(t.database.db, viewer ?? '');
    const ids = (await suggestions(token, 0)).map((m) => m.id);
    expect(ids).not.toContain(viewer);
    expect(ids).not.toContain(incomplete);
  });

  it('applies the saved age range and maximum distance', async () => {
    const [viewer] = await seedMembers(t.database.db, [
      { gender: 'homme', latitude: 64.1, longitude: -21.9 },
    ]);
    const [near25, near40, far25] = await seedMembers(t.database.db, [
      { gender: 'femme', age: 25, latitude: 64.12, longitude: -21.85 },
      { gender: 'femme', age: 40, latitude: 64.13, longitude: -21.8 },
      { gender: 'femme', age: 25, latitude: 65.68, longitude: -18.1 },
    ]);
    const token = await sessionFor(t.database.db, viewer ?? '');
    const save = (body: object) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/users/preferences',
        headers: bearer(token),
        payload: body,
      });

    expect((await save({ minAge: 20, maxAge: 30, maxDistanceKm: 50 })).statusCode).toBe(200);
    expect((await suggestions(token, 0)).map((m) => m.id)).toEqual([near25]);
    await save({ minAge: 20, maxAge: 30, maxDistanceKm: null });
    const ids = (await suggestions(token, 0)).map((m) => m.id);
    expect(ids).toContain(far25);
    expect(ids).not.toContain(near40);
    await save({ minAge: 95, maxAge: 99, maxDistanceKm: null });
    expect(await suggestions(token, 0)).toEqual([]);
    const read = await t.app.inject({ url: '/api/users/preferences', headers: bearer(token) });
    expect(read.json()).toEqual({
      minAge: 95,
      maxAge: 99,
      maxDistanceKm: null,
      dealbreakers: {},
      verifiedOnly: false,
    });
  });

  it('refuses preferences that make no sense', async () => {
    const [viewer] = await seedMembers(t.database.db, [{ gender: 'homme' }]);
    const token = await sessionFor(t.database.db, viewer ?? '');
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/users/preferences',
      headers: bearer(token),
      payload: { minAge: 40, maxAge: 30, maxDistanceKm: null },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('minAge must not be above maxAge');
  });

  it('refuses a bad page and needs a member', async () => {
    const [viewer] = await seedMembers(t.database.db, [{ gender: 'homme' }]);
    const token = await sessionFor(t.database.db, viewer ?? '');
    const bad = await t.app.inject({
      url: '/api/users/suggestions?page=-1',
      headers: bearer(token),
    });
    expect(bad.statusCode).toBe(400);
    const big = await t.app.inject({
      url: '/api/users/suggestions?size=500',
      headers: bearer(token),
    });
    expect(big.statusCode).toBe(400);
    expect(big.json()).toMatchObject({ code: 'PAGE_SIZE_INVALID', params: { max: 100 } });
    expect((await t.app.inject({ url: '/api/users/suggestions' })).statusCode).toBe(401);
  });
});

describe('member details and profile views', () => {
  it('shows a member and records one view a day, never of oneself', async () => {
    const [viewer, viewed] = await seedMembers(t.database.db, [
      { gender: 'homme', name: 'Moussa' },
      { gender: 'femme', name: 'Awa', photos: 2 },
    ]);
    const token = await sessionFor(t.database.db, viewer ?? '');
    const open = () =>
      t.app.inject({ url: `/api/users/${viewed}/details`, headers: bearer(token) });
    const first = await open();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      id: viewed,
      name: 'Awa',
      maritalStatus: 'celibataire',
      bio: 'Bio',
    });
    expect(first.json().mediaUrls).toHaveLength(2);
    await open();
    const views = () =>
      t.database.db
        .select()
        .from(profileViews)
        .where(eq(profileViews.viewedId, viewed ?? ''));
    expect(await views()).toHaveLength(1);
    t.clock.advance(86_400_000);
    await open();
    expect(await views()).toHaveLength(2);

    const own = await t.app.inject({ url: `/api/users/${viewer}/details`, headers: bearer(token) });
    expect(own.statusCode).toBe(200);
    expect(
      await t.database.db
        .select()
        .from(profileViews)
        .where(eq(profileViews.viewedId, viewer ?? '')),
    ).toHaveLength(0);

    const viewedToken = await sessionFor(t.database.db, viewed ?? '');
    const list = await t.app.inject({
      url: '/api/users/profile-views',
      headers: bearer(viewedToken),
    });
    expect(list.json()).toEqual([
      expect.objectContaining({
        id: viewer,
        name: 'Moussa',
        viewedAt: t.clock.now().toISOString(),
      }),
    ]);
  });

  it('answers 404 for an unknown or incomplete member and 400 for a bad id', async () => {
    const [viewer, incomplete] = await seedMembers(t.database.db, [
      { gender: 'homme' },
      { gender: 'femme' },
    ]);
    await t.database.db
      .update(members)
      .set({ gender: null })
      .where(eq(members.id, incomplete ?? ''));
    const token = await sessionFor(t.database.db, viewer ?? '');
    const unknown = await t.app.inject({
      url: '/api/users/00000000-0000-4000-8000-000000000000/details',
      headers: bearer(token),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('This member does not exist or is no longer available.');
    expect(
      (await t.app.inject({ url: `/api/users/${incomplete}/details`, headers: bearer(token) }))
        .statusCode,
    ).toBe(404);
    const bad = await t.app.inject({ url: '/api/users/42/details', headers: bearer(token) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Member id must be a UUID');
  });
});

describe('reading limits (scraping)', () => {
  it('answers 404 for a member of one’s own gender, exactly as for an unknown id', async () => {
    const [viewer, sameGender] = await seedMembers(t.database.db, [
      { gender: 'homme' },
      { gender: 'homme' },
    ]);
    const token = await sessionFor(t.database.db, viewer ?? '');
    const same = await t.app.inject({
      url: `/api/users/${sameGender}/details`,
      headers: bearer(token),
    });
    const unknown = await t.app.inject({
      url: '/api/users/00000000-0000-4000-8000-000000000000/details',
      headers: bearer(token),
    });
    expect(same.statusCode).toBe(404);
    expect(same.json()).toEqual(unknown.json());
    const like = await t.app.inject({
      method: 'POST',
      url: '/like',
      headers: bearer(token),
      payload: { likedUserId: sameGender },
    });
    expect(like.statusCode).toBe(404);
  });

  // The window itself (forgotten after 24 hours) is the rate-limit store's, tested there on both
  // stores; with Redis it runs on Redis's clock, not the test clock.
  it('lets one member open 300 profiles a day, then 429 for the rest of the day', async () => {
    const [viewer, other, woman] = await seedMembers(t.database.db, [
      { gender: 'homme' },
      { gender: 'homme' },
      { gender: 'femme' },
    ]);
    const token = await sessionFor(t.database.db, viewer ?? '');
    const open = (as: string) =>
      t.app.inject({ url: `/api/users/${woman}/details`, headers: bearer(as) });
    for (let i = 0; i < 300; i++) expect((await open(token)).statusCode).toBe(200);
    const refused = await open(token);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    // Another member is not held back, and one's own profile stays open.
    expect((await open(await sessionFor(t.database.db, other ?? ''))).statusCode).toBe(200);
    const own = await t.app.inject({ url: `/api/users/${viewer}/details`, headers: bearer(token) });
    expect(own.statusCode).toBe(200);
    // 300 profiles read one after another: 15 s at a load of 7 on two cores.
  }, 60_000);

  it('lets one member load 100 pages of suggestions a day', async () => {
    const [viewer] = await seedMembers(t.database.db, [{ gender: 'femme' }, { gender: 'homme' }]);
    const token = await sessionFor(t.database.db, viewer ?? '');
    const page = () =>
      t.app.inject({ url: '/api/users/suggestions?page=0&size=1', headers: bearer(token) });
    for (let i = 0; i < 100; i++) expect((await page()).statusCode).toBe(200);
    const refused = await page();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);
  });
});
