import type { LikeEntry } from '@mawadda/contract';
import { api } from '../../../lib/api-client.ts';

export const likesKeys = {
  /** Per member: the next member on the same device never sees the last one's list. */
  list: (memberId: string) => ['likes', memberId, 'list'] as const,
  opened: (memberId: string) => ['likes', memberId, 'opened'] as const,
};

/** GET /likes: who liked me, newest first, `isNew` for likes since I last looked. */
export function fetchLikes(signal?: AbortSignal) {
  return api.get<LikeEntry[]>('/likes', signal);
}

/** POST /api/users/likes/mark-seen: every like so far counts as seen. */
export function markLikesSeen() {
  return api.post<unknown>('/api/users/likes/mark-seen');
}
