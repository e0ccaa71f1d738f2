import type { Preferences, UserDetails, UserSummary } from '@mawadda/contract';
import { SUGGESTIONS_PAGE_SIZE } from '@mawadda/contract/constants';
import { api } from '../../../lib/api-client.ts';

export type SuggestionsPage = { content: UserSummary[]; page: number; size: number };
export type LikeResult = { mutualLike: boolean };

export const discoveryKeys = {
  all: ['discovery'] as const,
  suggestions: () => ['discovery', 'suggestions'] as const,
  details: (id: string) => ['discovery', 'details', id] as const,
  preferences: () => ['discovery', 'preferences'] as const,
};

/** GET /api/users/suggestions: nearest first, then most recently active; empty past the end. */
export function fetchSuggestions(page: number, signal?: AbortSignal) {
  return api.get<SuggestionsPage>(
    `/api/users/suggestions?page=${page}&size=${SUGGESTIONS_PAGE_SIZE}`,
    signal,
  );
}

/** GET /api/users/{id}/details: records a profile view; 404 when the member is unavailable. */
export function fetchMemberDetails(id: string, signal?: AbortSignal) {
  return api.get<UserDetails>(`/api/users/${encodeURIComponent(id)}/details`, signal);
}

/** POST /like (the cards and the modal) or POST /lovely (the profile page): both are a like. */
export function sendLike(memberId: string, kind: 'like' | 'lovely') {
  return kind === 'like'
    ? api.post<LikeResult>('/like', { likedUserId: memberId })
    : api.post<LikeResult>('/lovely', { receiverId: memberId });
}

export function fetchPreferences(signal?: AbortSignal) {
  return api.get<Preferences>('/api/users/preferences', signal);
}

export function savePreferences(preferences: Preferences) {
  return api.put<Preferences>('/api/users/preferences', preferences);
}
