import type { LikeKind, UserDetails } from '@mawadda/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError, NetworkError } from '@/lib/api-client.ts';
import { matchMoment } from '@/lib/match-moment.ts';
import { isMemberGone } from '@/lib/member-gone.ts';
import { discoveryKeys } from '@/lib/query-keys.ts';
import { sendLike } from '../api/likes-api.ts';
import { type LikeFailure, type LikeTarget, useLikeFeedback } from './like-feedback.tsx';
import { likedUsers, useLikedUsers } from './liked-users.ts';

/** A failed like or Lovely in words the member can act on (a 429 is today's limit of likes). */
export function likeFailureOf(error: unknown, kind: LikeKind): LikeFailure {
  if (error instanceof NetworkError) return { key: 'network', kind };
  if (isMemberGone(error)) return { key: 'unavailable', kind };
  if (error instanceof ApiError && error.status === 429) return { key: 'dailyLimit', kind };
  return { key: 'failed', kind };
}

/**
 * Liking (POST /like) or sending a Lovely (POST /lovely). The heart fills at once and the member
 * joins the local liked set, so a like cannot be repeated; if the call fails, the heart empties
 * again and a message says why. A mutual like shakes the card and shows "It's a match!".
 */
export function useLike(kind: LikeKind = 'like') {
  const feedback = useLikeFeedback();
  const liked = useLikedUsers();
  const queryClient = useQueryClient();
  const { mutate } = useMutation({
    mutationFn: (member: LikeTarget) => sendLike(member.id, kind),
    onSuccess: (result, member) => {
      // The member's details already in memory say what was sent (the first like stays).
      queryClient.setQueryData<UserDetails>(discoveryKeys.details(member.id), (details) =>
        details
          ? {
              ...details,
              likedByMe: true,
              matched: result.mutualLike,
              sentLike: details.sentLike ?? kind,
            }
          : details,
      );
      if (!result.mutualLike) return;
      feedback.celebrate(member);
      matchMoment.show(result.match ?? { id: member.id, name: member.name, photoUrl: null });
    },
    onError: (error, member) => {
      likedUsers.remove(member.id);
      feedback.fail(likeFailureOf(error, kind));
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
