import { callApi } from '@/lib/api-client.ts';

/** GET /api/users/profile-views: who viewed my profile, each once at their latest view. */
export function fetchProfileViews(signal?: AbortSignal) {
  return callApi('profileViews', {}, signal);
}

/** POST /api/users/profile-views/mark-seen: every view so far counts as seen. */
export function markProfileViewsSeen() {
  return callApi('markProfileViewsSeen');
}
