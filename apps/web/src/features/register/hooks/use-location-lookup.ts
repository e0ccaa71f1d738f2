import type { GeoPlace } from '@mawadda/contract';
import { GEOCODE_DEBOUNCE_MS } from '@mawadda/contract/constants';
import { useEffect, useRef, useState } from 'react';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { type GeoLanguage, useGeoSearch, useReverseGeocode } from '../api/register-api.ts';
import type { Coordinates } from '../utils/registration-values.ts';

export type LocationStatus =
  | { kind: 'locating' }
  | { kind: 'detected' }
  | { kind: 'idle' }
  | { kind: 'searching' }
  | { kind: 'found'; place: string }
  | { kind: 'notFound' };

/**
 * Spec section 4: on load the device position, reverse-geocoded to 'city, country', fills the
 * location (then read-only). When the position is refused or the lookup fails, the member types
 * it, and 800 ms after the last keystroke it is geocoded: the first result gives the coordinates.
 * Geolocation and geocoding failures are only logged (spec section 8).
 */
export function useLocationLookup({
  location,
  language,
  onDetected,
}: {
  location: string;
  language: GeoLanguage;
  onDetected: (place: GeoPlace) => void;
}) {
  const [position, setPosition] = useState<Coordinates | null>(null);
  const [asking, setAsking] = useState(
    () => typeof navigator !== 'undefined' && 'geolocation' in navigator,
  );

  useEffect(() => {
    if (!('geolocation' in navigator)) {
      console.info('Geolocation is not available: the location is typed.');
      return;
    }
    let cancelled = false;
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        if (cancelled) return;
        setPosition({ latitude: coords.latitude, longitude: coords.longitude });
        setAsking(false);
      },
      (error) => {
        if (cancelled) return;
        console.warn('Geolocation refused or failed; the location is typed.', error.message);
        setAsking(false);
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 10 * 60_000 },
    );
    return () => {
      cancelled = true;
    };
  }, []);

  const reverse = useReverseGeocode(position, language);
  const detected = reverse.data ?? null;

  const latestOnDetected = useRef(onDetected);
  latestOnDetected.current = onDetected;
  useEffect(() => {
    if (detected) latestOnDetected.current(detected);
  }, [detected]);
  useEffect(() => {
    if (reverse.error)
      console.warn('Reverse geocoding failed; the location is typed.', reverse.error);
  }, [reverse.error]);

  const typed = location.trim();
  const settled = useDebouncedValue(typed, GEOCODE_DEBOUNCE_MS);
  const manual = !asking && !detected && !reverse.isFetching;
  const search = useGeoSearch(manual ? settled : '', language);
  useEffect(() => {
    if (search.error) console.warn('Geocoding the typed location failed.', search.error);
  }, [search.error]);

  const first = manual && settled === typed ? search.data?.results[0] : undefined;

  let status: LocationStatus;
  if (detected) status = { kind: 'detected' };
  else if (asking || reverse.isFetching) status = { kind: 'locating' };
  else if (typed.length < 2 || settled !== typed) status = { kind: 'idle' };
  else if (search.isFetching) status = { kind: 'searching' };
  else if (first) status = { kind: 'found', place: first.location };
  else if (search.isSuccess) status = { kind: 'notFound' };
  else status = { kind: 'idle' };

  // The town's coordinates, never the device's exact position: the member is placed by town.
  const coordinates: Coordinates | null = detected
    ? { latitude: detected.latitude, longitude: detected.longitude }
    : first
      ? { latitude: first.latitude, longitude: first.longitude }
      : null;

  return { status, coordinates, readOnly: detected !== null };
}
