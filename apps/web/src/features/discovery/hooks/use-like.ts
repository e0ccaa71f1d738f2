import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError, NetworkError } from '@/lib/api-client.ts';
import { isMemberGone } from '@/lib/member-gone.ts';
import { sendLike } from '../api/discovery-api.ts';
import { type LikeFailure, type LikeTarget, useLikeFeedback } from './like-feedback.tsx';
import { likedUsers, useLikedUsers } from './liked-users.ts';

/** A failed like in words the member can act on (a 429 is today's limit of likes). */
export function likeFailureOf(error: unknown): LikeFailure {
  if (error instanceof NetworkError) return { key: 'network' };
  if (isMemberGone(error)) return { key: 'unavailable' };
  if (error instanceof ApiError && error.status === 429) return { key: 'dailyLimit' };
  return { key: 'failed' };
}

/**
 * Liking (POST /like) or sending a Lovely (POST /lovely). The heart fills at once and the member
 * joins the local liked set, so a like cannot be repeated; if the call fails, the heart empties
 * again and a message says why. A mutual like shakes the card and says "It's a match!".
 */
export function useLike(kind: 'like' | 'lovely' = 'like') {
  const feedback = useLikeFeedback();
  const liked = useLikedUsers();
  const { mutate } = useMutation({
    mutationFn: (member: LikeTarget) => sendLike(member.id, kind),
    onSuccess: (result, member) => {
      if (result?.mutualLike) feedback.celebrate(member);
    },
    onError: (error, member) => {
      likedUsers.remove(member.id);
      feedback.fail(likeFailureOf(error));
    },
  });
  const like = useCallback(
    (member: LikeTarget) => {
      if (likedUsers.has(member.id)) return;
      // Added before the call leaves, so a second tap, however quick, finds it liked.
      likedUsers.add(member.id);
      feedback.dismissFailure();
      mutate(member);
    },
    [mutate, feedback.dismissFailure],
  );
  return { liked, like };
}
