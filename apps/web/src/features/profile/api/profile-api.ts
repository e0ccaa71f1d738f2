import type { CurrentUser, GeoPlace } from '@mawadda/contract';
import { api } from '../../../lib/api-client.ts';

export type GeoLanguage = 'en' | 'fr';

export const profileKeys = {
  /** Per member: the next member on the same device never sees the last one's profile. */
  me: (memberId: string) => ['profile', memberId, 'me'] as const,
  placeSearch: (text: string, language: GeoLanguage) =>
    ['profile', 'place-search', text, language] as const,
};

/** GET /api/users/me: the member's own profile, photos and completeness included. */
export function fetchCurrentUser(signal?: AbortSignal) {
  return api.get<CurrentUser>('/api/users/me', signal);
}

/** PUT /api/users/update (multipart): answers the updated profile. */
export function updateProfile(form: FormData) {
  return api.put<CurrentUser>('/api/users/update', form);
}

/** GET /api/geo/search: towns matching a typed location, the most likely first. */
export function searchPlaces(text: string, language: GeoLanguage, signal?: AbortSignal) {
  const query = new URLSearchParams({ q: text, lang: language });
  return api.get<{ results: GeoPlace[] }>(`/api/geo/search?${query}`, signal);
}
