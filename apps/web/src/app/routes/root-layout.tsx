import { Outlet, ScrollRestoration } from 'react-router';
import { OfflineBanner } from '@/components/offline-banner.tsx';
import { UpdateToast } from '@/features/pwa/update-toast.tsx';
import { usePwa } from '@/features/pwa/use-pwa.ts';

/**
 * Wraps every route, login included: the offline banner, the new-version toast, the service
 * worker check and the install prompt capture (docs/spec.md §1), and scroll restoration.
 */
export function RootLayout() {
  usePwa();
  return (
    <>
      <OfflineBanner />
      <Outlet />
      <UpdateToast />
      <ScrollRestoration />
    </>
  );
}
