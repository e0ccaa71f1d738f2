import { callApi } from '@/lib/api-client.ts';

export const profileViewsKeys = {
  /** Per member: the next member on the same device never sees the last one's list. */
  list: (memberId: string) => ['profile-views', memberId, 'list'] as const,
  opened: (memberId: string) => ['profile-views', memberId, 'opened'] as const,
};

/** GET /api/users/profile-views: who viewed my profile, each once at their latest view. */
export function fetchProfileViews(signal?: AbortSignal) {
  return callApi('profileViews', {}, signal);
}

/** POST /api/users/profile-views/mark-seen: every view so far counts as seen. */
export function markProfileViewsSeen() {
  return callApi('markProfileViewsSeen');
}
