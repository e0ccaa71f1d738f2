import type { VerificationDecision, VerificationQueueItem } from '@mawadda/contract';
import { titleCase } from '@mawadda/contract/text';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { moderationKeys } from '@/lib/query-keys.ts';
import { useSession } from '@/lib/session.ts';
import { decideVerification, fetchVerificationQueue } from '../api/moderation-api.ts';

function useQueueKey() {
  return moderationKeys.verifications(useSession()?.user?.id ?? '');
}

/**
 * The selfies waiting, asked again each time the tab opens. Kept out of the offline copy, like
 * the reports: members' selfies have no place in a moderator's storage.
 */
export function useVerificationQueue() {
  return useQuery({
    queryKey: useQueueKey(),
    queryFn: ({ signal }) => fetchVerificationQueue(signal),
    select: (items) =>
      items.map((item) => ({
        ...item,
        member: { ...item.member, name: titleCase(item.member.name) },
        duplicateOf: item.duplicateOf && {
          ...item.duplicateOf,
          name: titleCase(item.duplicateOf.name),
        },
      })),
    staleTime: 0,
  });
}

/** A decision; the request leaves the queue once it is recorded (or another moderator's was). */
export function useVerificationDecision(requestId: string) {
  const key = useQueueKey();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: VerificationDecision) => decideVerification(requestId, decision),
    onSuccess: () =>
      queryClient.setQueryData<VerificationQueueItem[]>(key, (items) =>
        items?.filter((item) => item.id !== requestId),
      ),
  });
}
