import { Suspense, useEffect, useRef } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { languagePrefixOf, withLanguagePrefix } from '@/components/layouts/paths.ts';
import { OfflineBanner } from '@/components/offline-banner.tsx';
import type { LoginLocationState } from '@/features/auth/components/login-page.tsx';
import { UpdateToast } from '@/features/pwa/update-toast.tsx';
import { usePwa } from '@/features/pwa/use-pwa.ts';
import { setSessionExpiredHandler } from '@/lib/api-client.ts';
import { firstScreen } from '@/lib/first-screen.ts';
import { BrandSplash } from '../brand-splash.tsx';
import { RootErrorScreen } from '../root-error-screen.tsx';
import { useScrollRestoration } from '../use-scroll-restoration.ts';

/**
 * Wraps every route, login included: the offline banner, the new-version toast, the service
 * worker check and the install prompt capture (docs/spec.md §1), and scroll restoration. While a
 * visit's first screen loads its chunks, the brand index.html painted stays; a screen that fails
 * to render or to load shows the root error screen (ADR 047), until the member goes elsewhere.
 */
export function RootLayout() {
  usePwa();
  useScrollRestoration();
  useLoginOnSessionEnd();
  const { pathname } = useLocation();
  return (
    <>
      <OfflineBanner />
      <ErrorBoundary FallbackComponent={RootErrorScreen} resetKeys={[pathname]}>
        <Suspense fallback={<BrandSplash />}>
          <Outlet />
          <FirstRouteRendered />
        </Suspense>
      </ErrorBoundary>
      <UpdateToast />
    </>
  );
}

/**
 * Its effect runs once the first route is drawn: after the screen's own effects (those that hold
 * the gate), and never while the screen's chunks are still loading (its Suspense boundary shows
 * the brand meanwhile). What waits for the first screen may then start once it is shown
 * (ADR 055).
 */
function FirstRouteRendered() {
  useEffect(() => firstScreen.rendered(), []);
  return null;
}

/** To login in the language of the address when the session ends; a suspension or a ban is said there. */
function useLoginOnSessionEnd() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const where = useRef(pathname);
  where.current = pathname;
  useEffect(
    () =>
      setSessionExpiredHandler((closedBy) => {
        const state: LoginLocationState = closedBy ? { accountClosed: closedBy } : null;
        void navigate(withLanguagePrefix(languagePrefixOf(where.current), '/'), { state });
      }),
    [navigate],
  );
}
