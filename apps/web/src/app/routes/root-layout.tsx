import { useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { OfflineBanner } from '@/components/offline-banner.tsx';
import { UpdateToast } from '@/features/pwa/update-toast.tsx';
import { usePwa } from '@/features/pwa/use-pwa.ts';
import { firstScreen } from '@/lib/first-screen.ts';

/**
 * Wraps every route, login included: the offline banner, the new-version toast, the service
 * worker check and the install prompt capture (docs/spec.md §1), and scroll restoration. Its
 * first effect runs once the first route has rendered (after the page's own layout effects):
 * what waits for the first screen may then start once that screen is shown (ADR 055).
 */
export function RootLayout() {
  usePwa();
  useEffect(() => firstScreen.rendered(), []);
  return (
    <>
      <OfflineBanner />
      <Outlet />
      <UpdateToast />
      <ScrollRestoration />
    </>
  );
}
