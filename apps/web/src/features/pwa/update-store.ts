/**
 * A new release is waiting (the worker is built with `skipWaiting: false`): the member chooses
 * when to switch, from the update toast. Kept tiny, it loads with the first route; the worker
 * code that fills it loads later.
 */
type Listener = () => void;

const listeners = new Set<Listener>();
let ready = false;
let applyUpdate: (() => void) | null = null;

function emit() {
  for (const listener of listeners) listener();
}

export const updateStore = {
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  isReady: () => ready,
  /** The worker code offers an update, with the way to apply it. */
  offer(apply: () => void) {
    applyUpdate = apply;
    ready = true;
    emit();
  },
  /** "Refresh": the waiting worker takes over, then the page reloads on `controllerchange`. */
  apply() {
    const apply = applyUpdate;
    ready = false;
    applyUpdate = null;
    emit();
    apply?.();
  },
  /** "Later": the new version starts on the next visit, once every Mawadda tab is closed. */
  dismiss() {
    ready = false;
    emit();
  },
};
