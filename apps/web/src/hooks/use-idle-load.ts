import { useEffect } from 'react';
import { firstScreen } from '@/lib/first-screen.ts';

/**
 * Loads a chunk once the browser is idle after the first screen has been shown (ADR 055; half a
 * second later where the browser cannot say when it is idle): a part of the screen that waits
 * for a tap is there by then, without taking from what the member waits for. A failure shows
 * when the part is used.
 */
export function useIdleLoad(load: () => Promise<unknown>, enabled = true) {
  useEffect(() => {
    if (!enabled) return;
    const run = () => void load().catch(() => undefined);
    let cancelIdle = () => {};
    const cancelWait = firstScreen.after(() => {
      if (!('requestIdleCallback' in window)) {
        const timer = setTimeout(run, 500);
        cancelIdle = () => clearTimeout(timer);
        return;
      }
      const idle = requestIdleCallback(run);
      cancelIdle = () => cancelIdleCallback(idle);
    });
    return () => {
      cancelWait();
      cancelIdle();
    };
  }, [load, enabled]);
}
