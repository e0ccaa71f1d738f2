import { lazy, Suspense, useCallback } from 'react';
import { Outlet } from 'react-router';
import { AppShell } from '../../components/layouts/app-shell.tsx';
import { LikedYouLoading } from '../../components/layouts/liked-you-dialog.tsx';
import {
  useClearNotificationCount,
  useNotificationCounts,
} from '../../features/notifications/hooks/use-notification-counts.ts';
import { InstallPrompt } from '../../features/pwa/install-prompt.tsx';

/** The liked-you list loads with the dialog's first opening, not with every page. */
const LikedYouList = lazy(() =>
  import('../../features/likes/components/liked-you-list.tsx').then((module) => ({
    default: module.LikedYouList,
  })),
);

/**
 * Terms, privacy and every member screen: the top navigation bar around the page, with the
 * badge counts polled for a signed-in member and the liked-you list in its dialog.
 */
export function Component() {
  const counts = useNotificationCounts();
  const clearCount = useClearNotificationCount();
  const likedYou = useCallback(
    (close: () => void) => (
      <Suspense fallback={<LikedYouLoading />}>
        <LikedYouList onClose={close} onSeen={() => clearCount('likes')} />
      </Suspense>
    ),
    [clearCount],
  );
  return (
    <AppShell notice={<InstallPrompt />} counts={counts} likedYou={likedYou}>
      <Outlet />
    </AppShell>
  );
}
