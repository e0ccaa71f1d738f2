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

  // Real places, where GeoNames' nearest entry is a neighbourhood or a suburb of the town.
  it.each([
    ['Mermoz, Dakar', 14.7065, -17.4758, 'Dakar, Sénégal'],
    ['Ouakam, Dakar', 14.7236, -17.49, 'Dakar, Sénégal'],
    ['Almadies, Dakar', 14.745, -17.52, 'Dakar, Sénégal'],
    ['Parcelles Assainies, Dakar', 14.7617, -17.4414, 'Dakar, Sénégal'],
    ['Cocody, Abidjan', 5.3599, -3.9676, 'Abidjan, Côte d’Ivoire'],
    ['Plateau, Abidjan', 5.3236, -4.0196, 'Abidjan, Côte d’Ivoire'],
    ['Angré, Abidjan', 5.39, -3.99, 'Abidjan, Côte d’Ivoire'],
    ['Port-Bouët, Abidjan', 5.255, -3.926, 'Abidjan, Côte d’Ivoire'],
    ['ACI 2000, Bamako', 12.62, -8.02, 'Bamako, Mali'],
    ['Kalaban Coura, Bamako', 12.58, -7.99, 'Bamako, Mali'],
    ['Paris 12e', 48.84, 2.388, 'Paris, France'],
    ['Paris 16e', 48.8637, 2.2769, 'Paris, France'],
    ['Paris 18e', 48.892, 2.348, 'Paris, France'],
    ['Marseille 15e', 43.37, 5.354, 'Marseille, France'],
  ])('names the town of a neighbourhood: %s', async (_, lat, lon, location) => {
    const response = await get(`/api/geo/reverse?lat=${lat}&lon=${lon}&lang=fr`);
    expect(response.json().location).toBe(location);
  });

  it.each([
    ['Pikine', 14.7646, -17.3907],
    ['Kayar', 14.9186, -17.1211],
    ['Abobo', 5.416, -4.016],
    ['Bingerville', 5.355, -3.885],
    ['Kati', 12.744, -8.074],
    ['Boulogne-Billancourt', 48.8352, 2.241],
    ['Saint-Denis', 48.9362, 2.3574],
    ['Montreuil', 48.8611, 2.4437],
  ])('keeps a town or a village beside a big town its own: %s', async (city, lat, lon) => {
    const response = await get(`/api/geo/reverse?lat=${lat}&lon=${lon}&lang=fr`);
    expect(response.json().city).toBe(city);
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

  it('names a country with one spelling per language, the one cards show, and reads it back', async () => {
    const names = async (q: string, lang: string) =>
      (await get(`/api/geo/search?q=${encodeURIComponent(q)}&lang=${lang}`))
        .json()
        .results.slice(0, 1)
        .map((p: { location: string }) => p.location);
    for (const typed of [
      "Abidjan, Côte-d'Ivoire",
      "abidjan, Cote d'Ivoire",
      'Abidjan, Ivory Coast',
    ]) {
      expect(await names(typed, 'fr'), typed).toEqual(['Abidjan, Côte d’Ivoire']);
      expect(await names(typed, 'en'), typed).toEqual(['Abidjan, Côte d’Ivoire']);
    }
    expect(await names('Chicago', 'fr')).toEqual(['Chicago, États-Unis']);
    expect(await names('Chicago', 'en')).toEqual(['Chicago, United States']);
    // What the form showed is looked up again as the member leaves it.
    expect(await names('Chicago, États-Unis', 'fr')).toEqual(['Chicago, États-Unis']);
  });

  it('answers an empty list for an unknown place and a 400 for one letter', async () => {
    expect((await get('/api/geo/search?q=qqqqzzzz')).json()).toEqual({ results: [] });
    const short = await get('/api/geo/search?q=a');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Type at least 2 letters');
  });
});
