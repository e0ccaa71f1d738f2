import type { NotificationSettings } from '@mawadda/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pushKeys } from '@/lib/query-keys.ts';
import { useSession } from '@/lib/session.ts';
import {
  fetchNotificationSettings,
  saveNotificationSettings,
  sendTestNotification,
} from '../api/push-api.ts';

/** The member's notification settings. */
export function useNotificationSettings() {
  const me = useSession()?.user?.id ?? '';
  return useQuery({
    queryKey: pushKeys.settings(me),
    queryFn: ({ signal }) => fetchNotificationSettings(signal),
    enabled: me !== '',
  });
}

/** Saves them whole; the answer is what the server kept. */
export function useSaveNotificationSettings() {
  const me = useSession()?.user?.id ?? '';
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: NotificationSettings) => saveNotificationSettings(settings),
    onSuccess: (saved) => queryClient.setQueryData(pushKeys.settings(me), saved),
  });
}

/** "Send me a test notification": answers how many devices it went to. */
export function useTestNotification() {
  return useMutation({ mutationFn: sendTestNotification });
}
