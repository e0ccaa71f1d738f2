import { useClearNotificationCount } from '@/features/notifications/hooks/use-notification-counts.ts';
import { ProfileViewsPage } from '@/features/profile-views/components/profile-views-page.tsx';
import { useSafetyDialogs } from '../safety-dialogs.tsx';

/**
 * Once the page has marked the views seen, the views badge clears. Each entry's menu opens the
 * block and report dialogs (safety-dialogs.tsx).
 */
export function Component() {
  const clearCount = useClearNotificationCount();
  return <ProfileViewsPage onSeen={() => clearCount('views')} safety={useSafetyDialogs()} />;
}
