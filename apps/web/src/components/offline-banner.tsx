import { WifiOff } from 'lucide-react';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

const OfflineSinceNotice = lazy(() =>
  import('./offline-since-notice.tsx').then((module) => ({ default: module.OfflineSinceNotice })),
);

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
  return (
    <div role="status">
      {online ? null : (
        <p className="flex animate-fade items-center justify-center gap-2 bg-amber-note px-4 py-2 text-center text-sm font-medium text-amber-ink">
          <WifiOff aria-hidden="true" className="size-4 shrink-0" />
          <span>
            <strong className="font-semibold">{t('offline.title')}</strong>{' '}
            <Suspense fallback={t('offline.body')}>
              <OfflineSinceNotice />
            </Suspense>
          </span>
        </p>
      )}
    </div>
  );
}
