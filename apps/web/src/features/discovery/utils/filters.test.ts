import { describe, expect, it } from 'vitest';
import { activeFilterCount, draftOf, parseFilters } from './filters.ts';

const draft = (minAge: string, maxAge: string, maxDistanceKm = '') => ({
  minAge,
  maxAge,
  maxDistanceKm,
});

describe('parseFilters', () => {
  it('turns the fields into preferences, an empty field removing its filter', () => {
    expect(parseFilters(draft('25', '35', '100'))).toEqual({
      ok: true,
      preferences: { minAge: 25, maxAge: 35, maxDistanceKm: 100 },
    });
    expect(parseFilters(draft('', ' ', ''))).toEqual({
      ok: true,
      preferences: { minAge: null, maxAge: null, maxDistanceKm: null },
    });
  });

  it('refuses an age under 18, above 120, not whole, or a minimum above the maximum', () => {
    expect(parseFilters(draft('17', ''))).toMatchObject({
      ok: false,
      field: 'minAge',
      error: { key: 'minAgeTooLow', values: { min: 18 } },
    });
    expect(parseFilters(draft('', '12'))).toMatchObject({ ok: false, field: 'maxAge' });
    expect(parseFilters(draft('', '121'))).toMatchObject({ error: { key: 'ageTooHigh' } });
    expect(parseFilters(draft('25.5', ''))).toMatchObject({ error: { key: 'notWhole' } });
    expect(parseFilters(draft('40', '30'))).toMatchObject({
      ok: false,
      field: 'maxAge',
      error: { key: 'minAboveMax' },
    });
  });

  it('reads saved preferences back into the fields', () => {
    expect(draftOf({ minAge: 20, maxAge: null, maxDistanceKm: 50 })).toEqual(draft('20', '', '50'));
    expect(draftOf(undefined)).toEqual(draft('', ''));
  });
});

describe('activeFilterCount', () => {
  it('counts the age range once and the distance once', () => {
    expect(activeFilterCount({ minAge: 20, maxAge: 30, maxDistanceKm: 10 })).toBe(2);
    expect(activeFilterCount({ minAge: null, maxAge: 30, maxDistanceKm: null })).toBe(1);
    expect(activeFilterCount({ minAge: null, maxAge: null, maxDistanceKm: null })).toBe(0);
  });
});
