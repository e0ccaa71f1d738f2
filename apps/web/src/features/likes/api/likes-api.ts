import type { ComplimentRequest, LikeKind } from '@mawadda/contract';
import { callApi } from '@/lib/api-client.ts';

/** GET /likes: who liked me, newest first, `isNew` for likes since I last looked. */
export function fetchLikes(signal?: AbortSignal) {
  return callApi('likes', {}, signal);
}

/**
 * POST /like (a card, the profile dialog, a like back from the list) or POST /lovely (the profile
 * page): both are a like, and the member who receives it sees which it was. Liking back someone
 * who liked me (with a like, whatever they sent) makes a match. A like may carry a compliment
 * (ADR 071): both are stored, or neither.
 */
export function sendLike(memberId: string, kind: LikeKind, compliment?: ComplimentRequest) {
  if (kind === 'lovely') return callApi('lovely', { body: { receiverId: memberId } });
  return callApi('like', {
    body: compliment ? { likedUserId: memberId, compliment } : { likedUserId: memberId },
  });
}

/** POST /api/users/likes/mark-seen: every like so far counts as seen. */
export function markLikesSeen() {
  return callApi('markLikesSeen');
}

/** POST /api/users/likes/{id}/open: the like of this member was opened, and leaves the list. */
export function openLike(memberId: string) {
  return callApi('openLike', { params: { id: memberId } });
}
