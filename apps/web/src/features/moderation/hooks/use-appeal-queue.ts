import type { AppealAnswer, AppealQueue } from '@mawadda/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { moderationKeys } from '@/lib/query-keys.ts';
import { useSession } from '@/lib/session.ts';
import { answerAppeal, fetchAppealQueue } from '../api/moderation-api.ts';

function useQueueKey() {
  return moderationKeys.appeals(useSession()?.user?.id ?? '');
}

/** The appeals waiting, asked again each time the tab opens (kept out of the offline copy). */
export function useAppealQueue() {
  return useQuery({
    queryKey: useQueueKey(),
    queryFn: ({ signal }) => fetchAppealQueue(signal),
    staleTime: 0,
  });
}

/** An answer; the appeal leaves the queue once it is recorded. */
export function useAppealAnswer(appealId: string) {
  const key = useQueueKey();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: AppealAnswer) => answerAppeal(appealId, answer),
    onSuccess: (_, answer) =>
      queryClient.setQueryData<AppealQueue>(
        key,
        (queue) =>
          queue && {
            appeals: queue.appeals.filter((appeal) => appeal.id !== appealId),
            figures: {
              ...queue.figures,
              pending: queue.figures.pending - 1,
              [answer.outcome]: queue.figures[answer.outcome] + 1,
            },
          },
      ),
  });
}
