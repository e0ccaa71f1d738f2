import { lazy, Suspense, useSyncExternalStore } from 'react';
import { TOAST_BOTTOM } from '@/components/layouts/toast-place.ts';
import { updateStore } from './update-store.ts';

const UpdateCard = lazy(() => import('./update-card.tsx').then((m) => ({ default: m.UpdateCard })));

/**
 * Where "a new version is ready" appears, on every screen. The live region stays mounted (so the
 * offer is announced); the card itself is loaded only when an update is waiting, so it costs the
 * first route nothing.
 */
export function UpdateToast() {
  const ready = useSyncExternalStore(updateStore.subscribe, updateStore.isReady, () => false);
  return (
    <div
      role="status"
      className={`pointer-events-none fixed inset-x-3 z-50 flex justify-center ${TOAST_BOTTOM}`}
    >
      {ready ? (
        <Suspense fallback={null}>
          <UpdateCard />
        </Suspense>
      ) : null}
    </div>
  );
}
