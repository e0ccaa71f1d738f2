import fs from 'node:fs/promises';
import path from 'node:path';
import type { OpenReport, UserSummary } from '@mawadda/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { members } from '../src/db/schema.ts';
import { bearer, seedMembers, sessionFor } from './fixtures.ts';
import { createTestApp, type TestContext } from './test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});

const FRENCH = 'fr-FR,fr;q=0.9';
const ENGLISH = 'en-GB,en;q=0.9';

async function getAs(memberId: string, language: string, url: string) {
  const headers = {
    ...bearer(await sessionFor(t.database.db, memberId)),
    'accept-language': language,
  };
  const answer = await t.app.inject({ url, headers });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

describe('members’ places stored as typed, through migration 0031', () => {
  it('become the town and its country’s code where the country reads, one spelling per reader; the rest stays as typed', async () => {
    const typed = [
      "Abidjan, Côte-d'Ivoire",
      "Abidjan, Cote d'Ivoire",
      'Abidjan, Côte d’Ivoire',
      'Abidjan , IVORY COAST',
      'Dakar, Senegal',
      'Dakar, Sénégal',
      'Paris, Île-de-France, France',
      // Nothing the migration can read as a country: kept as they were typed.
      'Dakar',
      'Brazzaville, Congo',
      'Atlanta, GA',
      ', France',
    ];
    const [viewer = '', ...ids] = await seedMembers(t.database.db, [
      { gender: 'homme' },
      ...typed.map(() => ({ gender: 'femme' as const })),
    ]);
    // The rows as they were before the migration; then its statement that reads them.
    for (const [i, id] of ids.entries()) {
      await t.database.db
        .update(members)
        .set({ location: typed[i], countryCode: null })
        .where(eq(members.id, id));
    }
    const migration = await fs.readFile(
      path.join(import.meta.dirname, '../drizzle/0031_member_country_code.sql'),
      'utf8',
    );
    const reading = migration
      .split('--> statement-breakpoint')
      .find((statement) => statement.includes('UPDATE "members"'));
    expect(reading).toBeDefined();
    await t.database.db.execute(sql.raw(reading ?? ''));

    const rows = await t.database.db
      .select({ id: members.id, location: members.location, countryCode: members.countryCode })
      .from(members)
      .where(inArray(members.id, ids));
    const stored = ids.map((id) => {
      const row = rows.find((r) => r.id === id);
      return [row?.location, row?.countryCode];
    });
    expect(stored).toEqual([
      ['Abidjan', 'CI'],
      ['Abidjan', 'CI'],
      ['Abidjan', 'CI'],
      ['Abidjan', 'CI'],
      ['Dakar', 'SN'],
      ['Dakar', 'SN'],
      ['Paris, Île-de-France', 'FR'],
      ['Dakar', null],
      ['Brazzaville, Congo', null],
      ['Atlanta, GA', null],
      [', France', null],
    ]);

    const cards = async (language: string) => {
      const page = await getAs(viewer, language, '/api/users/suggestions');
      return ids.map((id) => page.content.find((m: UserSummary) => m.id === id)?.location);
    };
    const keptAsTyped = ['Dakar', 'Brazzaville, Congo', 'Atlanta, GA', ', France'];
    expect(await cards(FRENCH)).toEqual([
      ...Array(4).fill('Abidjan, Côte d’Ivoire'),
      'Dakar, Sénégal',
      'Dakar, Sénégal',
      'Paris, Île-de-France, France',
      ...keptAsTyped,
    ]);
    expect(await cards(ENGLISH)).toEqual([
      ...Array(4).fill('Abidjan, Côte d’Ivoire'),
      'Dakar, Senegal',
      'Dakar, Senegal',
      'Paris, Île-de-France, France',
      ...keptAsTyped,
    ]);
  });
});

describe('a reported member’s place', () => {
  it('reads in the moderator’s language', async () => {
    const [moderator = '', reporter = '', reported = ''] = await seedMembers(t.database.db, [
      { gender: 'femme' },
      { gender: 'femme' },
      { gender: 'homme', profile: { location: 'Thiès', countryCode: 'SN' } },
    ]);
    await t.database.db.update(members).set({ role: 'moderator' }).where(eq(members.id, moderator));
    const filed = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: bearer(await sessionFor(t.database.db, reporter)),
      payload: { reportedId: reported, reason: 'fake-profile' },
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const placeIn = async (language: string) =>
      ((await getAs(moderator, language, '/api/moderation/reports')) as OpenReport[]).find(
        (r) => r.reported.id === reported,
      )?.reported.location;
    expect(await placeIn(FRENCH)).toBe('Thiès, Sénégal');
    expect(await placeIn(ENGLISH)).toBe('Thiès, Senegal');
  });
});
