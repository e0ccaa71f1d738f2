import { type ReactNode, useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';
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

/**
 * Its children drawn in a task after the one that mounts it (`fallback` meanwhile, which keeps
 * their room) while the visit's first screen is being drawn; at once after. Drawing a screen in
 * one go held a phone's main thread for a fifth of a second, and a tap with it: in turns, the
 * browser may handle a tap or paint between them.
 */
export function InTurn({
  children,
  fallback = null,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}): ReactNode {
  const [drawn, setDrawn] = useState(firstScreen.isShown);
  // What it draws may hold the gate in turn (the suggestions, until their first photo).
  useFirstScreenHold(drawn);
  useEffect(() => {
    if (drawn) return;
    const turn = setTimeout(() => setDrawn(true));
    return () => clearTimeout(turn);
  }, [drawn]);
  return drawn ? children : fallback;
}
