import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, registeredMember, seedMembers, sessionFor } from './fixtures.ts';
import { createTestApp, type TestContext } from './test-app.ts';

// The production defaults: a person's pace must pass them, a script's must not.
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});

/** A woman reading men's profiles: her token, and `count` men to read. */
async function reader(count: number) {
  const [her = '', ...men] = await seedMembers(t.database.db, [
    { gender: 'femme' },
    ...Array.from({ length: count }, () => ({ gender: 'homme' }) as const),
  ]);
  return { token: await sessionFor(t.database.db, her), men };
}

const get = (token: string, url: string) => t.app.inject({ url, headers: bearer(token) });

/** A 429 saying to slow down and when to try again: within the minute. */
function expectTooFast(answer: Awaited<ReturnType<typeof get>>) {
  expect([answer.statusCode, answer.json().code]).toEqual([429, 'READING_TOO_FAST']);
  const retryAfter = Number(answer.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(answer.json().params).toEqual({ retryAfter });
}

describe('the pace of reading other members', () => {
  it('lets a person open profiles one after the other, and stops a script within the minute', async () => {
    const { token, men } = await reader(41);
    // A person reading fast: twenty profiles in a minute.
    for (const man of men.slice(0, 20)) {
      expect((await get(token, `/api/users/${man}/details`)).statusCode).toBe(200);
    }
    // The same account going on at a script's speed: forty in the minute, then refused.
    for (const man of men.slice(20, 40)) {
      expect((await get(token, `/api/users/${man}/details`)).statusCode).toBe(200);
    }
    expectTooFast(await get(token, `/api/users/${men[40]}/details`));
    // Another member is not held back.
    const other = await reader(1);
    expect((await get(other.token, `/api/users/${men[40]}/details`)).statusCode).toBe(200);
  });

  it('lets a person scroll a few pages of suggestions a minute, not a script', async () => {
    const { token } = await reader(1);
    const page = (n: number) => get(token, `/api/users/suggestions?page=${n}&size=100`);
    for (let n = 0; n < 10; n++) expect((await page(n)).statusCode).toBe(200);
    expectTooFast(await page(10));
  });

  it('lets a person tick dealbreakers and see each estimate, not a script counting the membership', async () => {
    const { token } = await reader(1);
    const estimate = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/preferences/estimate',
        headers: bearer(token),
        payload: { minAge: null, maxAge: null, maxDistanceKm: null, dealbreakers: {} },
      });
    for (let n = 0; n < 30; n++) expect((await estimate()).statusCode).toBe(200);
    expectTooFast(await estimate());
  });

  it('lets a person see a screen full of photos, and stops a script fetching them all', async () => {
    const owner = await registeredMember(t.app, { gender: 'homme' });
    const { token } = await reader(0);
    const [link = ''] = (await get(token, `/api/users/${owner.id}/details`)).json().mediaUrls;
    const photo = () => t.app.inject({ url: link });
    // Three pages of suggestions scrolled and twenty profiles opened are some 420 photos: a
    // person's busiest minute. A hundred at a time, as a page's grid asks for them.
    for (let batch = 0; batch < 6; batch++) {
      const answers = await Promise.all(Array.from({ length: 100 }, photo));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(100).fill(200));
    }
    const refused = await photo();
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expectTooFast(refused);
    // The owner's own link to the photo is theirs to count.
    const [own = ''] = (await get(owner.token, '/api/users/me')).json().mediaUrls;
    expect((await t.app.inject({ url: own })).statusCode).toBe(200);
    // 600 photos checked and served: past 30 s at a load of 15 on two cores.
  }, 60_000);
});
