import { destinations } from '@mawadda/contract/destinations';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { notificationKeys } from '@/lib/query-keys.ts';
import { realtime } from '@/lib/realtime/realtime-client.ts';
import { useRealtimeSubscription } from '@/lib/realtime/use-realtime.ts';
import { useSession } from '@/lib/session.ts';

/** Asks the navbar's badge counts again (a message came in, a conversation was read). */
export function useRefreshNotificationCounts() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  }, [queryClient]);
}

/**
 * Around every page with the navigation bar: the tab's real-time connection opens once a member
 * is signed in (it follows the session, closing at logout; a visitor loads nothing of it), and a
 * message from another member updates the chat badge at once, on whatever screen.
 */
export function useLiveChatBadge() {
  const me = useSession()?.user?.id;
  const refreshCounts = useRefreshNotificationCounts();
  useEffect(() => realtime.start(), []);
  useRealtimeSubscription(me ? destinations.chat(me) : null, (message) => {
    if (message.senderId !== me) refreshCounts();
  });
}
