import type { BlockedMember } from '@mawadda/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { safetyKeys } from '@/lib/query-keys.ts';
import { useSession } from '@/lib/session.ts';
import { fetchBlockedMembers, unblockMember } from '../api/safety-api.ts';

/** The members I blocked, the latest first (the settings' list). */
export function useBlockedMembers() {
  const me = useSession()?.user?.id ?? '';
  return useQuery({
    queryKey: safetyKeys.blocked(me),
    queryFn: ({ signal }) => fetchBlockedMembers(signal),
    enabled: me !== '',
  });
}

/** Lifts a block; the member leaves the list at once. */
export function useUnblock() {
  const me = useSession()?.user?.id ?? '';
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (member: BlockedMember) => unblockMember(member.id),
    onSuccess: (_answer, member) =>
      queryClient.setQueryData<BlockedMember[]>(safetyKeys.blocked(me), (list) =>
        list?.filter((m) => m.id !== member.id),
      ),
  });
}
