import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sessionsKeys } from '@/lib/query-keys.ts';
import { useSession } from '@/lib/session.ts';
import {
  changePassword,
  endOtherDevices,
  endSignedInDevice,
  fetchSignedInDevices,
} from '../api/sessions-api.ts';

/** My signed-in devices, asked again whenever the page comes back into view. */
export function useSignedInDevices() {
  const me = useSession()?.user?.id ?? '';
  return useQuery({
    queryKey: sessionsKeys.devices(me),
    queryFn: ({ signal }) => fetchSignedInDevices(signal),
    enabled: me !== '',
  });
}

/** After a sign-out or a password change, the list is asked again: the server's word counts. */
function useRefreshDevices() {
  const me = useSession()?.user?.id ?? '';
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: sessionsKeys.devices(me) });
}

export function useEndSignedInDevice() {
  const refresh = useRefreshDevices();
  return useMutation({ mutationFn: endSignedInDevice, onSettled: refresh });
}

export function useEndOtherDevices() {
  const refresh = useRefreshDevices();
  return useMutation({ mutationFn: endOtherDevices, onSettled: refresh });
}

export function useChangePassword() {
  const refresh = useRefreshDevices();
  return useMutation({ mutationFn: changePassword, onSuccess: refresh });
}
