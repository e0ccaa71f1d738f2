import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { memberClient, seedMembers } from '../../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { blocks, memberStays, members } from '../../db/schema.ts';

const ONE_DAY = 86_400_000;
const DAKAR = { latitude: 14.69, longitude: -17.44 };
const PARIS = { latitude: 48.85, longitude: 2.35 };

let t: TestContext;
/** A day from the test clock's today, `YYYY-MM-DD`. */
const day = (fromToday: number) =>
  new Date(t.clock.now().getTime() + fromToday * ONE_DAY).toISOString().slice(0, 10);

type Suggestion = {
  id: string;
  distanceKm: number | null;
  stay?: { town: string; location: string; arrivesOn: string; departsOn: string };
};

/** Aïcha lives in Paris; Youssef and Ousmane in Dakar, Karim in Paris. */
async function seedTravellers() {
  const [aicha = '', youssef = '', ousmane = '', karim = ''] = await seedMembers(t.database.db, [
    { gender: 'femme', name: 'Aïcha', ...PARIS },
    { gender: 'homme', name: 'Youssef', ...DAKAR },
    { gender: 'homme', name: 'Ousmane', ...DAKAR },
    { gender: 'homme', name: 'Karim', ...PARIS },
  ]);
  const db = t.database.db;
  return {
    aicha: await memberClient(t.app, db, aicha),
    youssef: await memberClient(t.app, db, youssef),
    ousmane: await memberClient(t.app, db, ousmane),
    karim: await memberClient(t.app, db, karim),
  };
}

type Client = Awaited<ReturnType<typeof memberClient>>;

async function suggested(viewer: Client, query = ''): Promise<Suggestion[]> {
  const answer = await viewer.get(`/api/users/suggestions?page=0&size=100${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.content;
}

const dakarStay = (arrives = 3, days = 20) => ({
  location: 'Dakar',
  arrivesOn: day(arrives),
  departsOn: day(arrives + days - 1),
});

beforeAll(async () => {
  t = await createTestApp({ config: { suggestionPagesPerMinute: 1000 } });
  return () => t.app.close();
});
// Each test its own members (their stays, sessions and blocks go with them): the lists are exact.
beforeEach(async () => {
  await t.database.db.delete(members);
});

describe('travel mode', () => {
  it('shows a member near the town of her stay, with its dates and the distance to it, once', async () => {
    const { aicha, youssef } = await seedTravellers();
    const before = await suggested(youssef);
    expect(before.map((m) => m.id)).toEqual([aicha.id]);
    expect(before[0]?.distanceKm).toBeGreaterThan(4000);
    expect(before[0]?.stay).toBeUndefined();

    const created = await aicha.post('/api/users/stays', dakarStay());
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({
      town: 'Dakar',
      countryCode: 'SN',
      location: 'Dakar, Senegal',
      arrivesOn: day(3),
      departsOn: day(22),
    });

    const during = await suggested(youssef);
    // Once, at her stay: never a second time from her home.
    expect(during.map((m) => m.id)).toEqual([aicha.id]);
    expect(during[0]?.distanceKm).toBe(0);
    expect(during[0]?.stay).toEqual({
      town: 'Dakar',
      countryCode: 'SN',
      location: 'Dakar, Senegal',
      arrivesOn: day(3),
      departsOn: day(22),
    });
    // In French the country is named in French.
    const fr = await t.app.inject({
      url: '/api/users/suggestions?page=0&size=10',
      headers: { authorization: `Bearer ${youssef.token}`, 'accept-language': 'fr' },
    });
    expect(fr.json().content[0].stay.location).toBe('Dakar, Sénégal');

    // Her profile says so too, the distance to the town.
    const details = await youssef.get(`/api/users/${aicha.id}/details`);
    expect(details.body.stay?.town).toBe('Dakar');
    expect(details.body.distanceKm).toBe(0);

    const deleted = await aicha.del(`/api/users/stays/${created.body.id}`);
    expect(deleted.status).toBe(200);
    const after = await suggested(youssef);
    expect(after.map((m) => m.id)).toEqual([aicha.id]);
    expect(after[0]?.stay).toBeUndefined();
    expect(after[0]?.distanceKm).toBeGreaterThan(4000);
    expect((await aicha.get('/api/users/stays')).body).toEqual([]);
    const detailsAfter = await youssef.get(`/api/users/${aicha.id}/details`);
    expect(detailsAfter.body.stay).toBeUndefined();
  });

  it('places a visitor among the members of the town as her activity would, and a distance filter that leaves her home out still has her there', async () => {
    const { aicha, youssef } = await seedTravellers();
    const [fatou = ''] = await seedMembers(t.database.db, [
      { gender: 'femme', name: 'Fatou', ...DAKAR },
    ]);
    await t.database.db
      .update(members)
      .set({ preferredMaxDistanceKm: 300 })
      .where(eq(members.id, youssef.id));
    const today = Math.floor(t.clock.now().getTime() / ONE_DAY);
    const activeOn = async (id: string, activityDay: number) =>
      t.database.db.update(members).set({ activityDay }).where(eq(members.id, id));
    await activeOn(fatou, today);
    expect((await suggested(youssef)).map((m) => m.id)).not.toContain(aicha.id);
    const { body: stay } = await aicha.post('/api/users/stays', dakarStay());
    // Her request made her active today, written within a second; then she leaves the app.
    await expect
      .poll(async () => {
        const [row] = await t.database.db
          .select({ activityDay: members.activityDay })
          .from(members)
          .where(eq(members.id, aicha.id));
        return row?.activityDay;
      })
      .toBe(today);
    await activeOn(aicha.id, today - 30);
    // Away for a month: after Fatou of Dakar, who was here today, as a member of Dakar would be.
    expect((await suggested(youssef)).map((m) => m.id)).toEqual([fatou, aicha.id]);
    // Back today: her stay follows her activity (a trigger, whichever path moves it).
    await activeOn(aicha.id, today + 1);
    expect((await suggested(youssef)).map((m) => m.id)).toEqual([aicha.id, fatou]);
    await aicha.del(`/api/users/stays/${stay.id}`);
    expect((await suggested(youssef)).map((m) => m.id)).not.toContain(aicha.id);
  });

  it('counts her among those he may meet while she is shown near him', async () => {
    const { aicha, youssef } = await seedTravellers();
    const estimate = async () => {
      const answer = await youssef.post('/api/users/preferences/estimate', {
        minAge: null,
        maxAge: null,
        maxDistanceKm: 300,
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body;
    };
    expect(await estimate()).toEqual({ about: 0, exact: true });
    const { body: stay } = await aicha.post('/api/users/stays', dakarStay());
    expect(await estimate()).toEqual({ about: 1, exact: true });
    await aicha.del(`/api/users/stays/${stay.id}`);
    expect(await estimate()).toEqual({ about: 0, exact: true });
  });

  it('shows her once when two of her stays in one town are shown at once', async () => {
    const { aicha, youssef } = await seedTravellers();
    for (const arrives of [3, 12]) {
      const created = await aicha.post('/api/users/stays', dakarStay(arrives, 5));
      expect(created.status, JSON.stringify(created.body)).toBe(200);
    }
    const during = await suggested(youssef);
    expect(during.map((m) => m.id)).toEqual([aicha.id]);
    expect(during[0]?.stay?.arrivesOn).toBeDefined();
  });

  it('shows her from two weeks before her arrival until her departure, then no more', async () => {
    const { aicha, youssef } = await seedTravellers();
    await aicha.post('/api/users/stays', dakarStay(20, 10));
    expect((await suggested(youssef))[0]?.stay).toBeUndefined();
    t.clock.advance(6 * ONE_DAY);
    expect((await suggested(youssef))[0]?.stay?.town).toBe('Dakar');
    t.clock.advance(23 * ONE_DAY); // her last day
    expect((await suggested(youssef))[0]?.stay?.town).toBe('Dakar');
    t.clock.advance(ONE_DAY);
    expect((await suggested(youssef))[0]?.stay).toBeUndefined();
    expect((await aicha.get('/api/users/stays')).body).toEqual([]);
    // Where she went is not kept once the stay is over: the hourly sweep drops it.
    const kept = () =>
      t.database.db.select().from(memberStays).where(eq(memberStays.memberId, aicha.id));
    expect(await kept()).toHaveLength(1);
    expect(await t.app.endedStays.drop()).toBe(1);
    expect(await kept()).toEqual([]);
    const [row] = await t.database.db
      .select({ staysUntil: members.staysUntil })
      .from(members)
      .where(eq(members.id, aicha.id));
    expect(row?.staysUntil).toBeNull();
    expect(await t.app.endedStays.drop()).toBe(0);
  });

  it('keeps blocks, dealbreakers both ways and verified-only as for members near him', async () => {
    const { aicha, youssef, ousmane, karim } = await seedTravellers();
    await aicha.post('/api/users/stays', dakarStay());
    const db = t.database.db;
    await db.insert(blocks).values({ blockerId: aicha.id, blockedId: youssef.id });
    expect(await suggested(youssef)).toEqual([]);
    // His dealbreaker she does not meet (she did not answer): not suggested, at home or there.
    await db
      .update(members)
      .set({ dealbreakers: { prayer: ['always'] } })
      .where(eq(members.id, ousmane.id));
    expect(await suggested(ousmane)).toEqual([]);
    // She answers it while away: he meets her there.
    await db.update(members).set({ prayer: 'always' }).where(eq(members.id, aicha.id));
    expect((await suggested(ousmane)).map((m) => m.id)).toEqual([aicha.id]);
    // Hers he does not meet: neither.
    await db
      .update(members)
      .set({ dealbreakers: { prayer: ['always'] } })
      .where(eq(members.id, aicha.id));
    await db.update(members).set({ preferredVerifiedOnly: true }).where(eq(members.id, karim.id));
    expect(await suggested(karim)).toEqual([]);
    await db.update(members).set({ dealbreakers: {} }).where(eq(members.id, ousmane.id));
    expect(await suggested(ousmane)).toEqual([]);
  });

  it('lets her browse there: the suggestions around the town, the distance to it', async () => {
    const { aicha, youssef, ousmane, karim } = await seedTravellers();
    const home = await suggested(aicha);
    expect(home[0]?.id).toBe(karim.id);
    const { body: stay } = await aicha.post('/api/users/stays', dakarStay());
    const there = await suggested(aicha, `&stay=${stay.id}`);
    // The two men of Dakar first (one cell: their order is their activity's), then Karim.
    expect(new Set(there.slice(0, 2).map((m) => m.id))).toEqual(new Set([youssef.id, ousmane.id]));
    expect(there.slice(0, 2).map((m) => m.distanceKm)).toEqual([0, 0]);
    expect(there.map((m) => m.id)[2]).toBe(karim.id);
    // Someone else's stay, or an unknown one, is not hers to browse from.
    const other = await youssef.get(`/api/users/suggestions?page=0&stay=${stay.id}`);
    expect(other.status).toBe(404);
    expect(other.body.code).toBe('STAY_NOT_FOUND');
  });

  it('refuses a stay that is not browsable yet as a place to browse from', async () => {
    const { aicha } = await seedTravellers();
    const { body: stay } = await aicha.post('/api/users/stays', dakarStay(30, 5));
    const answer = await aicha.get(`/api/users/suggestions?page=0&stay=${stay.id}`);
    expect(answer.status).toBe(404);
  });
});

describe('travel mode refuses, and changes nothing', () => {
  const cases: Array<[string, () => object, number, string]> = [
    ['a stay in the past', () => dakarStay(-3, 5), 400, 'STAY_IN_PAST'],
    ['a stay longer than 60 days', () => dakarStay(1, 61), 400, 'STAY_TOO_LONG'],
    [
      'a departure before the arrival',
      () => ({ location: 'Dakar', arrivesOn: day(5), departsOn: day(4) }),
      400,
      'STAY_DATES_INVALID',
    ],
    [
      'a day that does not exist',
      () => ({ location: 'Dakar', arrivesOn: '2027-02-30', departsOn: '2027-03-02' }),
      400,
      'STAY_DATES_INVALID',
    ],
    [
      'an unknown town',
      () => ({ ...dakarStay(), location: 'Nowhereville-sur-Rien' }),
      400,
      'LOCATION_UNKNOWN',
    ],
  ];
  for (const [what, body, status, code] of cases) {
    it(`refuses ${what}`, async () => {
      const { aicha } = await seedTravellers();
      const answer = await aicha.post('/api/users/stays', body());
      expect(answer.status).toBe(status);
      expect(answer.body.code).toBe(code);
      expect(await t.database.db.select().from(memberStays)).toEqual([]);
    });
  }

  it('accepts 60 days exactly, and a stay arriving today', async () => {
    const { aicha } = await seedTravellers();
    expect((await aicha.post('/api/users/stays', dakarStay(0, 60))).status).toBe(200);
  });

  it('refuses a third stay at once', async () => {
    const { aicha } = await seedTravellers();
    expect((await aicha.post('/api/users/stays', dakarStay(1, 5))).status).toBe(200);
    expect(
      (await aicha.post('/api/users/stays', { ...dakarStay(10, 5), location: 'Bamako' })).status,
    ).toBe(200);
    const third = await aicha.post('/api/users/stays', dakarStay(20, 5));
    expect(third.status).toBe(409);
    expect(third.body.code).toBe('STAYS_TOO_MANY');
    expect((await aicha.get('/api/users/stays')).body).toHaveLength(2);
  });

  it('deletes only her own stays', async () => {
    const { aicha, youssef } = await seedTravellers();
    const { body: stay } = await aicha.post('/api/users/stays', dakarStay());
    const answer = await youssef.del(`/api/users/stays/${stay.id}`);
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe('STAY_NOT_FOUND');
    const kept = await t.database.db
      .select()
      .from(memberStays)
      .where(and(eq(memberStays.id, stay.id), eq(memberStays.memberId, aicha.id)));
    expect(kept).toHaveLength(1);
    expect((await youssef.get('/api/users/stays')).body).toEqual([]);
  });

  it('asks for a session', async () => {
    const answer = await t.app.inject({ url: '/api/users/stays' });
    expect(answer.statusCode).toBe(401);
  });
});
