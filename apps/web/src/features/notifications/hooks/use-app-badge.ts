import { useEffect } from 'react';
import type { MemberCounts } from './use-notification-counts.ts';

/**
 * The installed app's icon shows unread conversations, waiting message requests (ADR 068) and
 * new likes (`navigator.setAppBadge`),
 * the number the server's pushes set while the app is closed (its `notifications.badge`), not
 * the navbar's unread messages; 0 clears it as they are read.
 */
export function useAppBadge(counts: Pick<MemberCounts, 'conversations' | 'requests' | 'likes'>) {
  const count = counts.conversations + counts.requests + counts.likes;
  useEffect(() => {
    // Not every browser has a badge (Firefox, Safari outside the Home Screen): nothing to do.
    void navigator.setAppBadge?.(count).catch(() => undefined);
  }, [count]);
}
