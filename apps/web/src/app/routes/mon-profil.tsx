import { lazy, Suspense } from 'react';
import { SubscriptionSummary } from '@/features/payments/components/subscription-summary.tsx';
import { EditProfilePage } from '@/features/profile/components/edit-profile-page.tsx';
import { BlockedMembers } from '@/features/safety/components/blocked-members.tsx';
import { AccountSections } from '../account-sections.tsx';
import { usePaymentDialogs } from '../payment-dialogs.tsx';

/** Loaded with its own chunk when the page shows it, and its texts with it. */
const NotificationsSection = lazy(() =>
  import('@/features/notifications/components/notifications-section.tsx').then((module) => ({
    default: module.NotificationsSection,
  })),
);

/** Family mode's section, in its own chunk with its texts. */
const GuardiansSection = lazy(() =>
  import('@/features/guardians/components/guardians-section.tsx').then((module) => ({
    default: module.GuardiansSection,
  })),
);

/** The signed-in devices and the password change (ADR 075), in their own chunk with their texts. */
const SessionsSections = lazy(() =>
  import('@/features/sessions/components/sessions-sections.tsx').then((module) => ({
    default: module.SessionsSections,
  })),
);

/**
 * Below the form: the member's subscription, its button opening the subscription modal, their
 * notifications while the app is closed, their guardians (family mode), the members they blocked, their signed-in devices and password, then downloading their data
 * and deleting their account.
 */
export function Component() {
  const { openSubscription } = usePaymentDialogs();
  return (
    <EditProfilePage
      after={
        <>
          <SubscriptionSummary onChoosePlan={openSubscription} />
          {/* One boundary: the sections below appear together once the lazy ones have come, so
              none of them (nor the account's buttons) moves under a finger after it shows. */}
          <Suspense fallback={null}>
            <NotificationsSection />
            <GuardiansSection />
            <BlockedMembers />
            <SessionsSections />
            <AccountSections />
          </Suspense>
        </>
      }
    />
  );
}
