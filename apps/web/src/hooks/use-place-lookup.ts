import type { GeoPlace } from '@mawadda/contract';
import { GEOCODE_DEBOUNCE_MS } from '@mawadda/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type Coordinates, type GeoLanguage, reverseGeocode, searchPlaces } from '@/lib/geo-api.ts';
import { geoKeys } from '@/lib/query-keys.ts';
import { useDebouncedValue } from './use-debounced-value.ts';

export type PlaceStatus =
  /** The member's saved place (profile editor): nothing to look up. */
  | { kind: 'saved' }
  | { kind: 'locating' }
  /** Filled from the device's position: read-only until the member asks to type another. */
  | { kind: 'detected'; place: string }
  | { kind: 'typing' }
  | { kind: 'searching' }
  | { kind: 'found'; place: string }
  | { kind: 'notFound' };

/**
 * The member's town, for the registration wizard and the profile editor (docs/spec.md §4): the
 * device's position (when `locate` is called) reverse-looked-up into 'city, country', or a typed
 * text looked up 800 ms after the last keystroke, the first town found being the one. The town
 * from the device is read-only (docs/spec.md §4): `retype` forgets it and empties the field
 * (`clear`), for the member to type another. `place` is what the form saves: the town as found,
 * with its coordinates (never the device's exact position). Geolocation and lookup failures are
 * only logged (docs/spec.md §8); the server looks the text up again and refuses a place it does
 * not know.
 */
export function usePlaceLookup({
  text,
  saved,
  language,
  onDetected,
  clear,
}: {
  text: string;
  /** The place already saved, left as it is while the text does not change. */
  saved?: string | undefined;
  language: GeoLanguage;
  onDetected: (place: GeoPlace) => void;
  /** Empties the field. */
  clear: () => void;
}) {
  const [position, setPosition] = useState<Coordinates | null>(null);
  const [asking, setAsking] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const canLocate = typeof navigator !== 'undefined' && 'geolocation' in navigator;
  const locate = useCallback(() => {
    if (!('geolocation' in navigator)) {
      console.info('Geolocation is not available: the location is typed.');
      return;
    }
    setAsking(true);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        if (!mounted.current) return;
        setPosition({ latitude: coords.latitude, longitude: coords.longitude });
        setAsking(false);
      },
      (error) => {
        if (!mounted.current) return;
        console.warn('Geolocation refused or failed; the location is typed.', error.message);
        setAsking(false);
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 10 * 60_000 },
    );
  }, []);

  const retype = () => {
    setPosition(null);
    clear();
  };

  const reverse = useQuery({
    queryKey: geoKeys.reverse(position, language),
    queryFn: ({ signal }) => reverseGeocode(position as Coordinates, language, signal),
    enabled: position !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const detected = reverse.data ?? null;
  useEffect(() => {
    if (reverse.error) console.warn('Reverse lookup failed; the location is typed.', reverse.error);
  }, [reverse.error]);

  // Once per position: the same place named again in the other language fills nothing.
  const latestOnDetected = useRef(onDetected);
  latestOnDetected.current = onDetected;
  const filledFor = useRef<Coordinates | null>(null);
  useEffect(() => {
    if (!detected || filledFor.current === position) return;
    filledFor.current = position;
    latestOnDetected.current(detected);
  }, [detected, position]);

  const typed = text.trim();
  const settled = useDebouncedValue(typed, GEOCODE_DEBOUNCE_MS);
  const locating = asking || reverse.isFetching;
  const isDetected = detected !== null && typed === detected.location;
  const isSaved = saved !== undefined && typed === saved.trim();
  const query =
    !locating && !isDetected && !isSaved && settled === typed && typed.length >= 2 ? typed : '';
  const search = useQuery({
    queryKey: geoKeys.search(query, language),
    queryFn: ({ signal }) => searchPlaces(query, language, signal),
    enabled: query !== '',
    retry: false,
    staleTime: 5 * 60_000,
  });
  useEffect(() => {
    if (search.error) console.warn('Looking up the typed location failed.', search.error);
  }, [search.error]);
  const first = query !== '' ? search.data?.results[0] : undefined;

  let status: PlaceStatus;
  if (locating) status = { kind: 'locating' };
  else if (isDetected) status = { kind: 'detected', place: detected.location };
  else if (isSaved) status = { kind: 'saved' };
  else if (query === '') status = { kind: 'typing' };
  else if (search.isFetching) status = { kind: 'searching' };
  else if (first) status = { kind: 'found', place: first.location };
  else if (search.isSuccess) status = { kind: 'notFound' };
  else status = { kind: 'typing' };

  const place: GeoPlace | null = isDetected ? detected : (first ?? null);
  return { status, place, locate, canLocate, retype };
}
