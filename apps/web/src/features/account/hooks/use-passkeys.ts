import type { PasskeysOverview } from '@mawadda/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountKeys } from '@/lib/query-keys.ts';
import { useSession } from '@/lib/session.ts';
import { addPasskey, fetchPasskeys, removePasskey, turnPasswordOff } from '../api/passkeys-api.ts';

export function usePasskeys() {
  const me = useSession()?.user?.id ?? '';
  return useQuery({
    queryKey: accountKeys.passkeys(me),
    queryFn: ({ signal }) => fetchPasskeys(signal),
    enabled: me !== '',
  });
}

/** Adding, removing, and the password off: each answer, or a fresh list, replaces the list. */
export function usePasskeyActions() {
  const me = useSession()?.user?.id ?? '';
  const queryClient = useQueryClient();
  const key = accountKeys.passkeys(me);
  const put = (overview: PasskeysOverview) => queryClient.setQueryData(key, overview);
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  return {
    add: useMutation({ mutationFn: addPasskey, onSuccess: refresh }),
    remove: useMutation({ mutationFn: removePasskey, onSuccess: put }),
    passwordOff: useMutation({ mutationFn: turnPasswordOff, onSuccess: put }),
  };
}
