import { GEOCODE_DEBOUNCE_MS } from '@mawadda/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { type GeoLanguage, profileKeys, searchPlaces } from '../api/profile-api.ts';
import type { Coordinates } from '../utils/profile-form.ts';

export type LocationStatus =
  | { kind: 'unchanged' }
  | { kind: 'typing' }
  | { kind: 'searching' }
  | { kind: 'found'; place: string }
  | { kind: 'notFound' };

/**
 * A new location typed by the member is geocoded 800 ms after the last keystroke (spec section 4,
 * as in the register wizard): the first town found gives the coordinates sent with the form.
 * When nothing is found, or the member saves sooner, the server geocodes the text itself.
 * Geocoding failures are only logged (spec section 8).
 */
export function useLocationGeocode({
  location,
  saved,
  language,
}: {
  location: string;
  saved: string;
  language: GeoLanguage;
}): { status: LocationStatus; coordinates: Coordinates | null } {
  const typed = location.trim();
  const changed = typed !== saved.trim();
  const settled = useDebouncedValue(typed, GEOCODE_DEBOUNCE_MS);
  const text = changed && settled === typed && settled.length >= 2 ? settled : '';
  const search = useQuery({
    queryKey: profileKeys.placeSearch(text, language),
    queryFn: ({ signal }) => searchPlaces(text, language, signal),
    enabled: text !== '',
    retry: false,
    staleTime: 5 * 60_000,
  });
  useEffect(() => {
    if (search.error) console.warn('[profile] geocoding the typed location failed', search.error);
  }, [search.error]);

  if (!changed) return { status: { kind: 'unchanged' }, coordinates: null };
  if (text === '') return { status: { kind: 'typing' }, coordinates: null };
  if (search.isFetching) return { status: { kind: 'searching' }, coordinates: null };
  const first = search.data?.results[0];
  if (first) {
    return {
      status: { kind: 'found', place: first.location },
      coordinates: { latitude: first.latitude, longitude: first.longitude },
    };
  }
  if (search.isSuccess) return { status: { kind: 'notFound' }, coordinates: null };
  return { status: { kind: 'typing' }, coordinates: null };
}
