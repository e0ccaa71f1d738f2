import { useClearNotificationCount } from '@/features/notifications/hooks/use-notification-counts.ts';
import { ProfileViewsPage } from '@/features/profile-views/components/profile-views-page.tsx';

/** Once the page has marked the views seen, the views badge clears. */
export function Component() {
  const clearCount = useClearNotificationCount();
  return <ProfileViewsPage onSeen={() => clearCount('views')} />;
}
