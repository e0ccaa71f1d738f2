import { callApi } from '@/lib/api-client.ts';

/** GET /likes: who liked me, newest first, `isNew` for likes since I last looked. */
export function fetchLikes(signal?: AbortSignal) {
  return callApi('likes', {}, signal);
}

/** POST /like: liking back someone who liked me (with a like, whatever they sent) makes a match. */
export function likeBack(memberId: string) {
  return callApi('like', { body: { likedUserId: memberId } });
}

/** POST /api/users/likes/mark-seen: every like so far counts as seen. */
export function markLikesSeen() {
  return callApi('markLikesSeen');
}

/** POST /api/users/likes/{id}/open: the like of this member was opened, and leaves the list. */
export function openLike(memberId: string) {
  return callApi('openLike', { params: { id: memberId } });
}
