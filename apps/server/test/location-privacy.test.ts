import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, registeredMember } from './fixtures.ts';
import { createTestApp, type TestContext } from './test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});

/** Every number and string anywhere in a JSON answer. */
function leaves(value: unknown): Array<number | string> {
  if (typeof value === 'number' || typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(leaves);
  if (value && typeof value === 'object') return Object.values(value).flatMap(leaves);
  return [];
}

const exactPositions = [
  { latitude: '14.716677', longitude: '-17.467686', gender: 'femme' },
  { latitude: '14.693425', longitude: '-17.447938', gender: 'homme' },
  { latitude: '14.764504', longitude: '-17.366029', gender: 'femme' },
  { latitude: '5.359952', longitude: '-4.008256', gender: 'homme' },
];

describe('location privacy', () => {
  it('no answer about another member carries their exact coordinates', async () => {
    const people: Array<Awaited<ReturnType<typeof registeredMember>> & { position: object }> = [];
    for (const position of exactPositions) {
      people.push({ ...(await registeredMember(t.app, position)), position });
    }
    const secrets = (except: number) =>
      exactPositions
        .filter((_, i) => i !== except)
        .flatMap((p) => [Number(p.latitude), Number(p.longitude)]);

    for (const [index, person] of people.entries()) {
      for (const other of people) {
        if (other === person) continue;
        await t.app.inject({
          method: 'POST',
          url: '/like',
          headers: bearer(other.token),
          payload: { likedUserId: person.id },
        });
        await t.app.inject({
          url: `/api/users/${person.id}/details`,
          headers: bearer(other.token),
        });
      }
      const answers = await Promise.all(
        [
          '/api/users/suggestions?page=0&size=100',
          // Details open for the members one may be suggested: the other gender.
          ...people
            .filter((p) => p.fields.gender !== person.fields.gender)
            .map((p) => `/api/users/${p.id}/details`),
          '/likes',
          '/api/users/profile-views',
          '/api/users/notifications',
        ].map(async (url) => {
          const response = await t.app.inject({ url, headers: bearer(person.token) });
          expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
          return { url, json: response.json() };
        }),
      );
      const forbidden = secrets(index);
      for (const { url, json } of answers) {
        const found = leaves(json).filter((leaf) =>
          forbidden.some((secret) =>
            typeof leaf === 'number'
              ? Math.abs(leaf - secret) < 1e-9
              : leaf.includes(String(secret)),
          ),
        );
        expect(found, url).toEqual([]);
      }
      // The walk really looked at answers about the others.
      expect(
        answers.find((a) => a.url.includes('suggestions'))?.json.content.length,
      ).toBeGreaterThan(0);
    }
  });

  it('a member sees their own exact position', async () => {
    const { token } = await registeredMember(t.app, exactPositions[0]);
    const me = (await t.app.inject({ url: '/api/users/me', headers: bearer(token) })).json();
    expect([me.latitude, me.longitude]).toEqual([14.716677, -17.467686]);
  });
});
