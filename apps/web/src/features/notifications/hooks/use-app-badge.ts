import { useEffect } from 'react';
import type { NavCounts } from '@/components/layouts/member-nav.tsx';

/**
 * The installed app's icon shows unread conversations plus new likes (`navigator.setAppBadge`),
 * as the server's pushes set it while the app is closed; 0 clears it as they are read.
 */
export function useAppBadge(counts: NavCounts) {
  const count = counts.chat + counts.likes;
  useEffect(() => {
    // Not every browser has a badge (Firefox, Safari outside the Home Screen): nothing to do.
    void navigator.setAppBadge?.(count).catch(() => undefined);
  }, [count]);
}
