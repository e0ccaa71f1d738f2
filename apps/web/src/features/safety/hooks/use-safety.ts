import type { BlockedMember } from '@mawadda/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client.ts';
import { useSession } from '@/lib/session.ts';
import { translateError } from '@/lib/translate-error.ts';
import { fetchBlockedMembers, safetyKeys, unblockMember } from '../api/safety-api.ts';

/**
 * What a failed action tells the member: the server's refusal in their language by its code (a
 * daily limit, a member who is gone), else the screen's own words (`fallback`: offline, a 5xx).
 */
export function useFailureText() {
  const { t } = useTranslation();
  return (error: unknown, fallback: string) =>
    (error instanceof ApiError ? translateError(t, error.body) : undefined) ?? fallback;
}

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
