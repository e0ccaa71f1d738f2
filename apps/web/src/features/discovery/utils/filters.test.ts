import { describe, expect, it } from 'vitest';
import { activeFilterCount, draftOf, type FilterDraft, parseFilters } from './filters.ts';

const draft = (
  minAge: string,
  maxAge: string,
  maxDistanceKm = '',
  dealbreakers: FilterDraft['dealbreakers'] = {},
): FilterDraft => ({
  minAge,
  maxAge,
  maxDistanceKm,
  dealbreakers,
  verifiedOnly: dealbreakers === null ? null : false,
});

const saved = (minAge: number | null, maxAge: number | null, maxDistanceKm: number | null) => ({
  minAge,
  maxAge,
  maxDistanceKm,
  dealbreakers: {},
  verifiedOnly: false,
});

describe('parseFilters', () => {
  it('turns the fields into preferences, an empty field removing its filter', () => {
    expect(parseFilters(draft('25', '35', '100'))).toEqual({
      ok: true,
      preferences: {
        minAge: 25,
        maxAge: 35,
        maxDistanceKm: 100,
        dealbreakers: {},
        verifiedOnly: false,
      },
    });
    expect(parseFilters(draft('', ' ', ''))).toEqual({
      ok: true,
      preferences: {
        minAge: null,
        maxAge: null,
        maxDistanceKm: null,
        dealbreakers: {},
        verifiedOnly: false,
      },
    });
  });

  it('sends the dealbreakers with at least one accepted answer; an emptied one is lifted', () => {
    expect(
      parseFilters(
        draft('', '', '', { prayer: ['always', 'usually'], polygamy: [], origin: ['SN'] }),
      ),
    ).toEqual({
      ok: true,
      preferences: {
        minAge: null,
        maxAge: null,
        maxDistanceKm: null,
        dealbreakers: { prayer: ['always', 'usually'], origin: ['SN'] },
        verifiedOnly: false,
      },
    });
  });

  it('sends no dealbreakers at all while the saved ones are unknown, so the server keeps them', () => {
    const parsed = parseFilters(draft('20', '', '', null));
    expect(parsed).toEqual({
      ok: true,
      preferences: { minAge: 20, maxAge: null, maxDistanceKm: null },
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
    expect(draftOf({ ...saved(20, null, 50), dealbreakers: { languages: ['fr', 'wo'] } })).toEqual(
      draft('20', '', '50', { languages: ['fr', 'wo'] }),
    );
    expect(draftOf(undefined)).toEqual(draft('', '', '', null));
  });
});

describe('activeFilterCount', () => {
  it('counts the age range once, the distance once and each dealbreaker once', () => {
    expect(activeFilterCount(saved(20, 30, 10))).toBe(2);
    expect(activeFilterCount(saved(null, 30, null))).toBe(1);
    expect(activeFilterCount(saved(null, null, null))).toBe(0);
    expect(
      activeFilterCount({
        ...saved(null, 30, null),
        dealbreakers: { prayer: ['always'], nationality: ['SN'] },
      }),
    ).toBe(3);
  });
});
