import type { DataExport } from '@mawadda/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@/lib/session.ts';
import {
  accountKeys,
  deleteAccount,
  fetchDataExport,
  requestDataExport,
} from '../api/account-api.ts';

/** While a copy is being prepared, how often the page asks whether it is ready. */
const PENDING_POLL_MS = 3000;

/** My latest copy of my data; asked again every few seconds while it is being prepared. */
export function useDataExport() {
  const me = useSession()?.user?.id ?? '';
  return useQuery({
    queryKey: accountKeys.dataExport(me),
    queryFn: ({ signal }) => fetchDataExport(signal),
    enabled: me !== '',
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? PENDING_POLL_MS : false),
  });
}

/** Asks for a copy; the section shows it as being prepared at once. */
export function useRequestDataExport() {
  const me = useSession()?.user?.id ?? '';
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestDataExport,
    onSuccess: (answer) => queryClient.setQueryData<DataExport>(accountKeys.dataExport(me), answer),
  });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
