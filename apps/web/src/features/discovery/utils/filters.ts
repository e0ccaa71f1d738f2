import type { Dealbreakers, Preferences, PreferencesInput } from '@mawadda/contract';
import { MAX_AGE, MIN_AGE } from '@mawadda/contract/constants';

/** The maximum distances offered (km); `null` is "any distance". */
export const DISTANCE_CHOICES = [10, 25, 50, 100, 250, 500, 1000] as const;

/**
 * What the filter form holds: the fields' text, as typed, and the dealbreakers as ticked (a field
 * with no accepted value is no dealbreaker). `dealbreakers` is null while the saved filters are
 * not known yet: the form then sends none, so the server keeps the saved ones rather than a form
 * that never showed them wiping them.
 */
export type FilterDraft = {
  minAge: string;
  maxAge: string;
  maxDistanceKm: string;
  dealbreakers: Dealbreakers | null;
  /** Verified members only (ADR 044); null, like the dealbreakers, until the saved one is known. */
  verifiedOnly: boolean | null;
};

/** The fields a rule of the draft can name. */
export type FilterField = 'minAge' | 'maxAge' | 'maxDistanceKm';

export type FilterError =
  | { key: 'minAgeTooLow' | 'maxAgeTooLow'; values: { min: number } }
  | { key: 'ageTooHigh'; values: { max: number } }
  | { key: 'notWhole' | 'minAboveMax' | 'distance'; values?: undefined };

export function draftOf(preferences: Preferences | undefined): FilterDraft {
  return {
    minAge: preferences?.minAge == null ? '' : String(preferences.minAge),
    maxAge: preferences?.maxAge == null ? '' : String(preferences.maxAge),
    maxDistanceKm: preferences?.maxDistanceKm == null ? '' : String(preferences.maxDistanceKm),
    dealbreakers: preferences ? { ...preferences.dealbreakers } : null,
    verifiedOnly: preferences ? (preferences.verifiedOnly ?? false) : null,
  };
}

/** The draft with no filter at all: what "clear all" saves. */
export const EMPTY_DRAFT: FilterDraft = {
  minAge: '',
  maxAge: '',
  maxDistanceKm: '',
  dealbreakers: {},
  verifiedOnly: false,
};

function age(text: string): number | null | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d+$/.test(trimmed)) return 'invalid';
  return Number(trimmed);
}

/** Only the fields with at least one accepted value: an empty list is "no dealbreaker". */
export function activeDealbreakers(dealbreakers: Dealbreakers): Dealbreakers {
  return Object.fromEntries(
    Object.entries(dealbreakers).filter(([, values]) => values && values.length > 0),
  ) as Dealbreakers;
}

/**
 * The draft as preferences, or the first rule it breaks (the server checks the same rules; this
 * only answers sooner). An empty field removes that filter; no dealbreaker ticked sends `{}`,
 * which removes the saved ones.
 */
export function parseFilters(
  draft: FilterDraft,
):
  | { ok: true; preferences: PreferencesInput }
  | { ok: false; error: FilterError; field: FilterField } {
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
  const preferences: PreferencesInput = { minAge, maxAge, maxDistanceKm };
  if (draft.dealbreakers) preferences.dealbreakers = activeDealbreakers(draft.dealbreakers);
  if (draft.verifiedOnly !== null) preferences.verifiedOnly = draft.verifiedOnly;
  return { ok: true, preferences };
}

/** How many dealbreakers are on. */
export function dealbreakerCount(dealbreakers: Dealbreakers | undefined): number {
  return Object.keys(activeDealbreakers(dealbreakers ?? {})).length;
}

/** How many filters are on, for the button's badge: each dealbreaker counts as one. */
export function activeFilterCount(preferences: Preferences | undefined): number {
  if (!preferences) return 0;
  const age = preferences.minAge !== null || preferences.maxAge !== null ? 1 : 0;
  return (
    age +
    (preferences.maxDistanceKm !== null ? 1 : 0) +
    (preferences.verifiedOnly ? 1 : 0) +
    dealbreakerCount(preferences.dealbreakers)
  );
}
