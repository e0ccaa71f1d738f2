/**
 * docs/spec.md §1: on every page load the worker file at the root is fetched; a 404 or an answer
 * that is not JavaScript means the site no longer ships a worker (or something in front of it
 * answers in its place, such as an HTML fallback), so every registration is removed and the page
 * reloads to run without one. Otherwise the worker is registered.
 *
 * The decision is kept pure here; `service-worker.ts` does the fetching and the side effects.
 */

/** What fetching `/sw.js` gave. */
export type WorkerProbe =
  | { kind: 'response'; status: number; contentType: string | null }
  | { kind: 'network-error' };

export type WorkerPlan =
  | { action: 'register' }
  | { action: 'unregister'; reload: boolean }
  /** Nothing is known (offline, a server error): leave any worker as it is, it serves offline. */
  | { action: 'keep' };

const JAVASCRIPT_TYPES = new Set([
  'text/javascript',
  'application/javascript',
  'application/x-javascript',
  'application/ecmascript',
  'text/ecmascript',
]);

/** `text/javascript; charset=utf-8` is JavaScript; `text/html` (an SPA fallback) is not. */
export function isJavaScript(contentType: string | null): boolean {
  if (!contentType) return false;
  const mediaType = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return JAVASCRIPT_TYPES.has(mediaType);
}

export function planServiceWorker(
  probe: WorkerProbe,
  context: {
    /** A registration exists or a worker controls this page: there is something to undo. */
    hasWorker: boolean;
    /** This tab already reloaded once to drop a worker (the guard against a reload loop). */
    reloadedAlready: boolean;
  },
): WorkerPlan {
  // Offline, or the server failing for a moment, says nothing about the worker: unregistering
  // then would take the offline app away exactly when it is needed.
  if (probe.kind === 'network-error' || probe.status >= 500) return { action: 'keep' };
  if (probe.status >= 200 && probe.status < 300 && isJavaScript(probe.contentType)) {
    return { action: 'register' };
  }
  // 404 (and any other refusal), or an answer that is not JavaScript.
  return { action: 'unregister', reload: context.hasWorker && !context.reloadedAlready };
}
