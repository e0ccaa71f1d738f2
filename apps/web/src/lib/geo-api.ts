import type { GeoPlace } from '@mawadda/contract';
import { callApi } from './api-client.ts';

/** The language the country is named in ("Dakar, Sénégal" or "Dakar, Senegal"). */
export type GeoLanguage = 'en' | 'fr';

export type Coordinates = { latitude: number; longitude: number };

/** GET /api/geo/search: towns matching a typed location, the most likely first. */
export function searchPlaces(text: string, language: GeoLanguage, signal?: AbortSignal) {
  return callApi('searchPlaces', { query: { q: text, lang: language } }, signal);
}

/** GET /api/geo/reverse: the town nearest to a position, as 'city, country'. */
export function reverseGeocode(
  { latitude, longitude }: Coordinates,
  language: GeoLanguage,
  signal?: AbortSignal,
): Promise<GeoPlace> {
  return callApi(
    'reverseGeocode',
    { query: { lat: latitude, lon: longitude, lang: language } },
    signal,
  );
}
