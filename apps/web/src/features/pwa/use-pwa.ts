import { useEffect } from 'react';
import { installPrompt } from './install-prompt-store.ts';

/**
 * Started once by the root layout, on every screen:
 * - the install prompt is captured from the first render (the browser may offer it early);
 * - after the page has loaded, the service-worker check of docs/spec.md §1 runs. Its code loads
 *   then, in its own chunk, so it costs the first route nothing. Skipped in development, where
 *   Vite serves no worker.
 */
let checkStarted = false;

export function usePwa() {
  useEffect(() => installPrompt.start(), []);

  useEffect(() => {
    if (import.meta.env.DEV) return;
    let cancelled = false;
    const run = () => {
      if (cancelled || checkStarted) return;
      checkStarted = true;
      void import('./service-worker.ts')
        .then(({ checkServiceWorker }) => checkServiceWorker())
        .catch(() => undefined);
    };
    if (document.readyState === 'complete') {
      run();
      return () => {
        cancelled = true;
      };
    }
    window.addEventListener('load', run, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener('load', run);
    };
  }, []);
}
