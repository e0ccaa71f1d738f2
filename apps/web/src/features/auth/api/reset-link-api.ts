import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client.ts';
import { authKeys } from '@/lib/query-keys.ts';

/**
 * Whether a reset link can still be used, asked once when its page opens: a link that cannot is
 * refused with RESET_LINK_INVALID (a 400), whatever the reason.
 */
export function useResetLinkCheck(token: string) {
  return useQuery({
    queryKey: authKeys.resetLink(token),
    queryFn: ({ signal }) => callApi('checkResetLink', { params: { token } }, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
