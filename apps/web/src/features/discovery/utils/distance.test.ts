import { describe, expect, it } from 'vitest';
import { distanceLabel, NEAR_YOU_KM } from './distance.ts';

/** Haversine between two 0.1° cell centres, rounded as the server sends it. */
function cellDistanceKm(lat1: number, lon1: number, lat2: number, lon2: number) {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return Math.round(2 * 6371 * Math.asin(Math.sqrt(a)));
}

describe('distanceLabel', () => {
  it('reads "near you" for the same grid cell', () => {
    expect(distanceLabel(0, 'en')).toEqual({ kind: 'near' });
    expect(distanceLabel(0.4, 'fr')).toEqual({ kind: 'near' });
  });

  it('reads "near you" for a neighbouring cell too: one town, one wording', () => {
    // Dakar's Plateau and Pikine sit in cells side by side, and corner to corner at the equator.
    expect(distanceLabel(cellDistanceKm(14.7, -17.4, 14.7, -17.3), 'en')).toEqual({ kind: 'near' });
    expect(distanceLabel(cellDistanceKm(14.7, -17.4, 14.8, -17.4), 'en')).toEqual({ kind: 'near' });
    expect(distanceLabel(cellDistanceKm(0, 0, 0.1, 0.1), 'en')).toEqual({ kind: 'near' });
    expect(distanceLabel(11, 'en')).toEqual({ kind: 'near' });
    expect(distanceLabel(NEAR_YOU_KM, 'en')).toEqual({ kind: 'near' });
  });

  it('gives whole kilometres beyond the neighbouring cells, in the member’s number format', () => {
    expect(distanceLabel(cellDistanceKm(14.7, -17.4, 14.7, -17.2), 'en')).toEqual({
      kind: 'km',
      distance: '22',
    });
    expect(distanceLabel(NEAR_YOU_KM + 1, 'en')).toEqual({ kind: 'km', distance: '17' });
    expect(distanceLabel(1250, 'en')).toEqual({ kind: 'km', distance: '1,250' });
    expect(distanceLabel(1250, 'fr')).toEqual({ kind: 'km', distance: '1\u202f250' });
  });

  it('gives nothing when the distance is unknown', () => {
    expect(distanceLabel(null, 'en')).toBeNull();
    expect(distanceLabel(undefined, 'en')).toBeNull();
    expect(distanceLabel(-3, 'en')).toBeNull();
  });
});
