import type { ComplimentRequest, UserDetails } from '@mawadda/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { matchMoment } from '@/lib/match-moment.ts';
import { discoveryKeys } from '@/lib/query-keys.ts';
import { sendLike } from '../api/likes-api.ts';
import { type LikeTarget, useLikeFeedback } from './like-feedback.tsx';
import { likedUsers } from './liked-users.ts';

/**
 * A like with a compliment (ADR 071). Unlike a plain like, the heart fills only once the server
 * took both: a refused compliment (today's allowance, a photo no longer there) leaves the member
 * free to send the like without it. A like back makes a match, told as any like's.
 */
export function useCompliment(member: LikeTarget) {
  const feedback = useLikeFeedback();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (compliment: ComplimentRequest) => sendLike(member.id, 'like', compliment),
    onSuccess: (result) => {
      likedUsers.add(member.id);
      queryClient.setQueryData<UserDetails>(discoveryKeys.details(member.id), (details) =>
        details
          ? { ...details, likedByMe: true, matched: result.mutualLike, sentLike: 'like' }
          : details,
      );
      if (!result.mutualLike) return;
      feedback.celebrate(member);
      matchMoment.show(result.match ?? { id: member.id, name: member.name, photoUrl: null });
    },
  });
}
