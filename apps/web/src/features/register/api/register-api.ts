import type { GeoPlace } from '@mawadda/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type GeoLanguage = 'en' | 'fr';

export function useRegisterMutation() {
  return useMutation({
    mutationFn: (form: FormData) => api.post<{ id: string }>('/api/users/register', form),
  });
}

/** The town nearest to the device's position, as 'city, country'. */
export function useReverseGeocode(
  position: { latitude: number; longitude: number } | null,
  lang: GeoLanguage,
) {
  return useQuery({
    queryKey: ['geo', 'reverse', position?.latitude, position?.longitude, lang],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({
        lat: String(position?.latitude),
        lon: String(position?.longitude),
        lang,
      });
      return api.get<GeoPlace>(`/api/geo/reverse?${query}`, signal);
    },
    enabled: position !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Towns matching a typed location, biggest first (spec section 7: the first one is used). */
export function useGeoSearch(text: string, lang: GeoLanguage) {
  return useQuery({
    queryKey: ['geo', 'search', text, lang],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ q: text, lang });
      return api.get<{ results: GeoPlace[] }>(`/api/geo/search?${query}`, signal);
    },
    enabled: text.length >= 2,
    retry: false,
    staleTime: 5 * 60_000,
  });
}
