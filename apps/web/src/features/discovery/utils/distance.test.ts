import { describe, expect, it } from 'vitest';
import { distanceLabel } from './distance.ts';

describe('distanceLabel', () => {
  it('reads "near you" for the same grid cell', () => {
    expect(distanceLabel(0, 'en')).toEqual({ kind: 'near' });
    expect(distanceLabel(0.4, 'fr')).toEqual({ kind: 'near' });
  });

  it('gives whole kilometres in the member’s number format', () => {
    expect(distanceLabel(12, 'en')).toEqual({ kind: 'km', distance: '12' });
    expect(distanceLabel(1250, 'en')).toEqual({ kind: 'km', distance: '1,250' });
    expect(distanceLabel(1250, 'fr')).toEqual({ kind: 'km', distance: '1\u202f250' });
  });

  it('gives nothing when the distance is unknown', () => {
    expect(distanceLabel(null, 'en')).toBeNull();
    expect(distanceLabel(undefined, 'en')).toBeNull();
    expect(distanceLabel(-3, 'en')).toBeNull();
  });
});
