import { type ReactNode, useLayoutEffect, useSyncExternalStore } from 'react';
import { firstScreen } from './first-screen.ts';

/** Whether the visit's first screen has been shown, so what waited for it may start. */
export function useFirstScreenShown(): boolean {
  return useSyncExternalStore(firstScreen.subscribe, firstScreen.isShown, () => false);
}

/**
 * Holds the first screen's gate from the render that mounts the caller until `shown` (its main
 * content is painted, or there is none to wait for). A layout effect: held before the root
 * layout's effect says the first route has rendered.
 */
export function useFirstScreenHold(shown: boolean) {
  useLayoutEffect(() => (shown ? undefined : firstScreen.hold()), [shown]);
}

/**
 * Its children once the first screen has been shown, nothing before. Each one waits on its own,
 * so that what several of them start is drawn in as many tasks.
 */
export function AfterFirstScreen({ children }: { children: ReactNode }): ReactNode {
  return useFirstScreenShown() ? children : null;
}
