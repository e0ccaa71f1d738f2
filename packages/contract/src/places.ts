import type { LANGUAGES } from './constants.ts';

export type PlaceLanguage = (typeof LANGUAGES)[number];

/**
 * Where a member lives, as stored: the town as the offline index names it and its country's
 * ISO 3166-1 alpha-2 code. A place stored before towns were read from the index, whose country
 * could not be read, has no code: `location` is then the text as the member typed it, shown so.
 */
export type StoredPlace = { location: string | null; countryCode: string | null };

const displayNames: Partial<Record<PlaceLanguage, Intl.DisplayNames>> = {};
// Each list of suggestions names a country per card: a map read, not a call into ICU.
const named: Record<PlaceLanguage, Map<string, string>> = { en: new Map(), fr: new Map() };

/**
 * A country's name in the reader's language from the runtime's own data (CLDR through
 * `Intl.DisplayNames`): the server names a member's country with it and the web its lists of
 * countries, so a place and a nationality read the same words, and no list of names ships.
 */
export function countryName(code: string, language: PlaceLanguage): string {
  const known = named[language].get(code);
  if (known !== undefined) return known;
  displayNames[language] ??= new Intl.DisplayNames([language], {
    type: 'region',
    fallback: 'code',
  });
  const name = displayNames[language].of(code) ?? code;
  named[language].set(code, name);
  return name;
}

/**
 * The `location` a reader is shown (docs/spec.md §3): "town, country" with the country in the
 * reader's language, whoever registered it and in whichever language; a place typed before
 * towns were read, as typed.
 */
export function placeText(
  place: { location: string; countryCode: string | null },
  language: PlaceLanguage,
): string;
export function placeText(place: StoredPlace, language: PlaceLanguage): string | null;
export function placeText(place: StoredPlace, language: PlaceLanguage): string | null {
  if (place.location === null || place.countryCode === null) return place.location;
  return `${place.location}, ${countryName(place.countryCode, language)}`;
}
