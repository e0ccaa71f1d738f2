import { Writable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { createLogger } from '../../lib/logger.ts';

let t: TestContext;
const logLines: string[] = [];

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({ logger: createLogger('info', sink) });
});

const get = (url: string) => t.app.inject({ url });

describe('reverse geocoding', () => {
  it('names the town at a position as "city, country", in the asked language', async () => {
    const dakar = await get('/api/geo/reverse?lat=14.70&lon=-17.45&lang=fr');
    expect(dakar.statusCode).toBe(200);
    expect(dakar.json()).toMatchObject({
      city: 'Dakar',
      countryCode: 'SN',
      location: 'Dakar, Sénégal',
    });
    const paris = await get('/api/geo/reverse?lat=48.857&lon=2.352');
    expect(paris.json().location).toBe('Paris, France');
    const abidjan = await get('/api/geo/reverse?lat=5.33&lon=-4.03&lang=en');
    expect(abidjan.json().city).toBe('Abidjan');
  });

  it('finds no town in the middle of the ocean', async () => {
    const response = await get('/api/geo/reverse?lat=-40&lon=-30');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(
      'No town found near this position. Please type your location.',
    );
  });

  it('refuses a position off the globe', async () => {
    const response = await get('/api/geo/reverse?lat=91&lon=0');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'GEO_LATITUDE_INVALID',
      message: 'lat must be a number between -90 and 90',
    });
    expect((await get('/api/geo/reverse?lat=abc&lon=0')).statusCode).toBe(400);
  });

  it('never writes the position into the log', async () => {
    await get('/api/geo/reverse?lat=14.7123&lon=-17.4456');
    const geoLines = logLines.filter((l) => l.includes('/api/geo/reverse'));
    expect(geoLines.length).toBeGreaterThan(0);
    expect(geoLines.join('\n')).not.toContain('14.7123');
  });
});

describe('location search', () => {
  it('finds a typed town, biggest first, with its coordinates', async () => {
    const response = await get('/api/geo/search?q=paris');
    expect(response.statusCode).toBe(200);
    const [first] = response.json().results;
    expect(first).toMatchObject({ city: 'Paris', countryCode: 'FR', location: 'Paris, France' });
    expect(first.latitude).toBeCloseTo(48.85, 1);
    expect(first.longitude).toBeCloseTo(2.35, 1);
  });

  it('reads "city, country" in either language and ignores accents', async () => {
    const us = (await get('/api/geo/search?q=Paris,%20United%20States')).json().results;
    expect(us.length).toBeGreaterThan(0);
    expect(us.every((p: { countryCode: string }) => p.countryCode === 'US')).toBe(true);
    for (const country of ['côte d’ivoire', "Cote d'Ivoire", 'CI', 'Côte-d’Ivoire']) {
      const q = encodeURIComponent(`abidjan, ${country}`);
      const found = (await get(`/api/geo/search?q=${q}&lang=fr`)).json().results;
      expect(found[0], country).toMatchObject({ city: 'Abidjan', countryCode: 'CI' });
    }
    const thies = (await get('/api/geo/search?q=thies&lang=fr')).json().results;
    expect(thies[0]).toMatchObject({ countryCode: 'SN' });
    expect(thies[0].location).toMatch(/, Sénégal$/);
  });

  it('answers an empty list for an unknown place and a 400 for one letter', async () => {
    expect((await get('/api/geo/search?q=qqqqzzzz')).json()).toEqual({ results: [] });
    const short = await get('/api/geo/search?q=a');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Type at least 2 letters');
  });
});
