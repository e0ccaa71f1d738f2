import type { Preferences } from '@mawadda/contract';
import { MAX_AGE, MIN_AGE } from '@mawadda/contract/constants';

/** The maximum distances offered (km); `null` is "any distance". */
export const DISTANCE_CHOICES = [10, 25, 50, 100, 250, 500, 1000] as const;

/** What the filter form holds: the fields' text, as typed. */
export type FilterDraft = { minAge: string; maxAge: string; maxDistanceKm: string };

export type FilterError =
  | { key: 'minAgeTooLow' | 'maxAgeTooLow'; values: { min: number } }
  | { key: 'ageTooHigh'; values: { max: number } }
  | { key: 'notWhole' | 'minAboveMax' | 'distance'; values?: undefined };

export function draftOf(preferences: Preferences | undefined): FilterDraft {
  return {
    minAge: preferences?.minAge == null ? '' : String(preferences.minAge),
    maxAge: preferences?.maxAge == null ? '' : String(preferences.maxAge),
    maxDistanceKm: preferences?.maxDistanceKm == null ? '' : String(preferences.maxDistanceKm),
  };
}

function age(text: string): number | null | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d+$/.test(trimmed)) return 'invalid';
  return Number(trimmed);
}

/**
 * The draft as preferences, or the first rule it breaks (the server checks the same rules; this
 * only answers sooner). An empty field removes that filter.
 */
export function parseFilters(
  draft: FilterDraft,
):
  | { ok: true; preferences: Preferences }
  | { ok: false; error: FilterError; field: keyof FilterDraft } {
  const minAge = age(draft.minAge);
  const maxAge = age(draft.maxAge);
  if (minAge === 'invalid') return { ok: false, error: { key: 'notWhole' }, field: 'minAge' };
  if (maxAge === 'invalid') return { ok: false, error: { key: 'notWhole' }, field: 'maxAge' };
  if (minAge !== null && minAge < MIN_AGE) {
    return { ok: false, error: { key: 'minAgeTooLow', values: { min: MIN_AGE } }, field: 'minAge' };
  }
  if (maxAge !== null && maxAge < MIN_AGE) {
    return { ok: false, error: { key: 'maxAgeTooLow', values: { min: MIN_AGE } }, field: 'maxAge' };
  }
  if (minAge !== null && minAge > MAX_AGE) {
    return { ok: false, error: { key: 'ageTooHigh', values: { max: MAX_AGE } }, field: 'minAge' };
  }
  if (maxAge !== null && maxAge > MAX_AGE) {
    return { ok: false, error: { key: 'ageTooHigh', values: { max: MAX_AGE } }, field: 'maxAge' };
  }
  if (minAge !== null && maxAge !== null && minAge > maxAge) {
    return { ok: false, error: { key: 'minAboveMax' }, field: 'maxAge' };
  }
  let maxDistanceKm: number | null = null;
  if (draft.maxDistanceKm !== '') {
    maxDistanceKm = Number(draft.maxDistanceKm);
    if (!Number.isInteger(maxDistanceKm) || maxDistanceKm < 1) {
      return { ok: false, error: { key: 'distance' }, field: 'maxDistanceKm' };
    }
  }
  return { ok: true, preferences: { minAge, maxAge, maxDistanceKm } };
}

/** How many filters are on, for the button's badge. */
export function activeFilterCount(preferences: Preferences | undefined): number {
  if (!preferences) return 0;
  const age = preferences.minAge !== null || preferences.maxAge !== null ? 1 : 0;
  return age + (preferences.maxDistanceKm !== null ? 1 : 0);
}
