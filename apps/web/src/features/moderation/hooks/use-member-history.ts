import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { moderationKeys } from '@/lib/query-keys.ts';
import { useSession } from '@/lib/session.ts';
import { commentOn, escalate, fetchSubject, reverseDecision } from '../api/moderation-api.ts';

function useSubjectKey(memberId: string) {
  return moderationKeys.subject(useSession()?.user?.id ?? '', memberId);
}

/** A member's review state and every event on them, asked once the panel opens. */
export function useMemberHistory(memberId: string, open: boolean) {
  return useQuery({
    queryKey: useSubjectKey(memberId),
    queryFn: ({ signal }) => fetchSubject(memberId, signal),
    enabled: open,
    staleTime: 0,
  });
}

/**
 * A step on a member's record (a comment, an escalation, a reversal): once recorded, the history
 * and the queue (an escalation moves the review state) are asked again.
 */
function useHistoryStep<T>(memberId: string, step: (value: T) => Promise<unknown>) {
  const key = useSubjectKey(memberId);
  const moderatorId = useSession()?.user?.id ?? '';
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: step,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: moderationKeys.queue(moderatorId) });
      void queryClient.invalidateQueries({ queryKey: moderationKeys.figures(moderatorId) });
    },
  });
}

export const useComment = (memberId: string) =>
  useHistoryStep(memberId, (text: string) => commentOn(memberId, text));

export const useEscalation = (memberId: string) =>
  useHistoryStep(memberId, (reason: string) => escalate(memberId, reason));

export const useReversal = (memberId: string) =>
  useHistoryStep(memberId, ({ decisionId, reason }: { decisionId: string; reason: string }) =>
    reverseDecision(decisionId, reason),
  );
