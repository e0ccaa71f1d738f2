import { WifiOff } from 'lucide-react';
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

const loadNotice = () => import('./offline-since-notice.tsx');

const OfflineSinceNotice = lazy(() =>
  loadNotice().then(
    (module) => ({ default: module.OfflineSinceNotice }),
    // Offline before its chunk came: the general note, rather than a page the failure empties.
    () => ({ default: OfflineNote }),
  ),
);

function OfflineNote() {
  const { t } = useTranslation();
  return t('offline.body');
}

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** `navigator.onLine`, kept current by the browser's online and offline events. */
function useOnlineStatus(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * Tells the member the app is offline: the shell still opens from the service worker's cache,
 * a member's screens show their last answers (lib/member-cache.ts) and the banner says from
 * when; the rest waits for the server. The live region (polite) stays mounted so the change is
 * announced.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnlineStatus();
  // The notice's chunk is fetched while the connection is up, after the first screen: asked for
  // only once it drops, it cannot come where no service worker serves it yet (a first visit, a
  // browser without one), and the failure emptied the page.
  useEffect(() => {
    if (navigator.onLine) void loadNotice().catch(() => undefined);
  }, []);
  return (
    <div role="status">
      {online ? null : (
        <p className="flex animate-fade items-center justify-center gap-2 bg-amber-note px-4 py-2 text-center text-sm font-medium text-amber-ink">
          <WifiOff aria-hidden="true" className="size-4 shrink-0" />
          <span>
            <strong className="font-semibold">{t('offline.title')}</strong>{' '}
            <Suspense fallback={<OfflineNote />}>
              <OfflineSinceNotice />
            </Suspense>
          </span>
        </p>
      )}
    </div>
  );
}
