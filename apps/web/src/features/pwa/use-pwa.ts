import { useEffect } from 'react';
import { firstScreen } from '@/lib/first-screen.ts';
import { installPrompt } from './install-prompt-store.ts';

/**
 * Started once by the root layout, on every screen:
 * - the install prompt is captured from the first render (the browser may offer it early);
 * - once the first screen is shown (ADR 055), the service-worker check of docs/spec.md §1 runs:
 *   the worker's precache then takes nothing from that screen's photo. Its code loads then, in
 *   its own chunk, so it costs the first route nothing. Skipped in development, where Vite
 *   serves no worker.
 */
let checkStarted = false;

export function usePwa() {
  useEffect(() => installPrompt.start(), []);

  useEffect(() => {
    if (import.meta.env.DEV) return;
    return firstScreen.after(() => {
      if (checkStarted) return;
      checkStarted = true;
      void import('./service-worker.ts')
        .then(({ checkServiceWorker }) => checkServiceWorker())
        .catch(() => undefined);
    });
  }, []);
}
