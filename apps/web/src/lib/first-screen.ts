import { type ReactNode, useEffect, useLayoutEffect, useSyncExternalStore } from 'react';

/**
 * After the first screen: the one place where the app schedules by hand (ADR 058). React draws
 * the screens, in slices of a transition, and loads their chunks (`lazy`, `Suspense`); what it
 * cannot know is which requests a member's first screen is waiting for on a slow line.
 *
 * The screen a visit opens on, shown before the rest of the app asks for anything (ADR 055). On
 * a phone's slow line the first card's photo, what the member waits for, shared the line with
 * what the app starts beside it: the socket, the badge counts, the service worker and its
 * precache, the chunks loaded ahead of a tap. Those wait here until the first route has rendered,
 * the page has loaded, no screen holds the gate (the suggestions hold it until their first photo
 * is painted or there is none to wait for) and the browser is idle; never longer than
 * `CEILING_MS` after the first render, so a photo that never comes keeps nothing shut.
 */
const CEILING_MS = 3000;

type State = 'waiting' | 'opening' | 'open';
let state: State = 'waiting';
let rendered = false;
let holds = 0;
const waiting = new Set<() => void>();

function open(force = false) {
  if (state === 'open') return;
  // A screen drawn in turns may be held again before the browser was idle: it lets go later.
  if (!force && holds > 0) {
    state = 'waiting';
    return;
  }
  state = 'open';
  // Each in a task of its own: together (a render of the shell, the socket, a dozen chunks) they
  // held a phone's main thread for a quarter of a second, and a tap with it.
  for (const run of waiting) {
    void nextTask().then(() => {
      if (waiting.delete(run)) run();
    });
  }
}

function openWhenReady() {
  if (state !== 'waiting' || !rendered || holds > 0) return;
  if (document.readyState !== 'complete') {
    window.addEventListener('load', openWhenReady, { once: true });
    return;
  }
  state = 'opening';
  // After the frame that paints what the screen was waiting for.
  whenIdle(() => open());
}

/**
 * Runs `run` once the browser is idle (within a second), or shortly where it cannot say when it
 * is; returns a cancel.
 */
function whenIdle(run: () => void): () => void {
  if (!('requestIdleCallback' in window)) {
    const timer = setTimeout(run, 50);
    return () => clearTimeout(timer);
  }
  const idle = requestIdleCallback(run, { timeout: 1000 });
  return () => cancelIdleCallback(idle);
}

export const firstScreen = {
  /** Whether the first screen has been shown (what waited may start). */
  isShown: () => state === 'open',

  /** Called once the first route has rendered (the root layout), after the page's own holds. */
  rendered() {
    if (rendered) return;
    rendered = true;
    setTimeout(() => open(true), CEILING_MS);
    openWhenReady();
  },

  /**
   * Keeps the gate shut while the screen's main content is on its way; the returned function
   * lets it go (once). A screen shown after the first one holds nothing.
   */
  hold(): () => void {
    if (state === 'open') return () => undefined;
    holds++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      holds--;
      openWhenReady();
    };
  },

  /** Runs `run` once the first screen is shown (at once if it is); returns a cancel. */
  after(run: () => void): () => void {
    if (state === 'open') {
      run();
      return () => undefined;
    }
    const once = () => run();
    waiting.add(once);
    return () => waiting.delete(once);
  },

  /** A subscription for `useSyncExternalStore`: told once, when the gate opens. */
  subscribe(onChange: () => void): () => void {
    return firstScreen.after(onChange);
  },
};

/** A promise of the next task: what follows it runs after the browser has had its turn. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve));
}

/**
 * Runs `steps` one after the other, each in a task of its own, and answers what each gave. For
 * imports whose evaluation is long: a module graph is evaluated in one task however it is split
 * into files, and the browser cannot handle a tap meanwhile (registration's checks, ADR 057).
 */
export async function inTasks<T extends readonly unknown[]>(
  steps: {
    [K in keyof T]: () => Promise<T[K]>;
  },
): Promise<T> {
  const results: unknown[] = [];
  for (const step of steps) {
    if (results.length > 0) await nextTask();
    results.push(await step());
  }
  return results as unknown as T;
}

/** Whether the visit's first screen has been shown, so what waited for it may start. */
export function useFirstScreenShown(): boolean {
  return useSyncExternalStore(firstScreen.subscribe, firstScreen.isShown, () => false);
}

/**
 * Holds the first screen's gate from the render that mounts the caller until `shown` (its main
 * content is painted, or there is none to wait for). A layout effect: held before the root
 * layout says the first route has rendered.
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
 * Loads a chunk once the browser is idle after the first screen has been shown: a part of the
 * screen that waits for a tap is there by then, without taking from what the member waits for.
 * A failure shows when the part is used.
 */
export function useLoadAfterFirstScreen(load: () => Promise<unknown>, enabled = true) {
  useEffect(() => {
    if (!enabled) return;
    let cancelIdle = () => {};
    const cancelWait = firstScreen.after(() => {
      cancelIdle = whenIdle(() => void load().catch(() => undefined));
    });
    return () => {
      cancelWait();
      cancelIdle();
    };
  }, [load, enabled]);
}
