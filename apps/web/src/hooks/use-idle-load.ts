import { useEffect } from 'react';

/**
 * Loads a chunk once the browser is idle after the first paint (half a second later where it
 * cannot say): a part of the screen that waits for a tap is there by then, without taking from
 * the first paint. A failure shows when the part is used.
 */
export function useIdleLoad(load: () => Promise<unknown>, enabled = true) {
  useEffect(() => {
    if (!enabled) return;
    const run = () => void load().catch(() => undefined);
    if (!('requestIdleCallback' in window)) {
      const timer = setTimeout(run, 500);
      return () => clearTimeout(timer);
    }
    const idle = requestIdleCallback(run);
    return () => cancelIdleCallback(idle);
  }, [load, enabled]);
}
