import type { EndpointAnswer, PreferencesInput } from '@mawadda/contract';
import { SUGGESTIONS_PAGE_SIZE } from '@mawadda/contract/constants';
import { callApi } from '@/lib/api-client.ts';

export type SuggestionsPage = EndpointAnswer<'suggestions'>;

/**
 * GET /api/users/suggestions: nearest first, then most recently active; empty past the end.
 * With `stay`, around the town of one of my stays (ADR 077).
 */
export function fetchSuggestions(page: number, signal?: AbortSignal, stay?: string) {
  const query = { page, size: SUGGESTIONS_PAGE_SIZE, ...(stay ? { stay } : {}) };
  return callApi('suggestions', { query }, signal);
}

/** GET /api/users/{id}/details: records a profile view; 404 when the member is unavailable. */
export function fetchMemberDetails(id: string, signal?: AbortSignal) {
  return callApi('memberDetails', { params: { id } }, signal);
}

export function fetchPreferences(signal?: AbortSignal) {
  return callApi('preferences', {}, signal);
}

export function savePreferences(preferences: PreferencesInput) {
  return callApi('savePreferences', { body: preferences });
}

/**
 * POST /api/users/preferences/estimate: about how many members the unsaved filters leave, both
 * ways. Cheap on the server (a sample), but still one request per settled change.
 */
export function estimateAudience(preferences: PreferencesInput, signal?: AbortSignal) {
  return callApi('estimateAudience', { body: preferences }, signal);
}

/** GET /api/users/me: the filters need the member's own gender (hijab or beard dealbreakers). */
export function fetchCurrentUser(signal?: AbortSignal) {
  return callApi('currentUser', {}, signal);
}
