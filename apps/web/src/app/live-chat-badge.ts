import { destinations } from '@mawadda/contract/destinations';
import { useEffect } from 'react';
import { useRefreshNotificationCounts } from '@/features/notifications/hooks/use-notification-counts.ts';
import { realtime } from '@/lib/realtime/realtime-client.ts';
import { useRealtimeSubscription } from '@/lib/realtime/use-realtime.ts';
import { useSession } from '@/lib/session.ts';

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
