import { planServiceWorker, type WorkerProbe } from './service-worker-plan.ts';
import { updateStore } from './update-store.ts';

/** The worker Workbox builds (vite.config.ts: `filename: 'sw.js'`), at the root so its scope is `/`. */
export const SERVICE_WORKER_URL = '/sw.js';
/** Set just before the clean-up reload; present means this tab already reloaded once. */
export const RELOAD_GUARD_KEY = 'swCleanupReloaded';
const UPDATE_CHECK_MS = 60 * 60 * 1000;

function readGuard(): boolean {
  try {
    return sessionStorage.getItem(RELOAD_GUARD_KEY) === '1';
  } catch {
    // Storage refused: never reload, so a loop cannot start.
    return true;
  }
}

function writeGuard(on: boolean) {
  try {
    if (on) sessionStorage.setItem(RELOAD_GUARD_KEY, '1');
    else sessionStorage.removeItem(RELOAD_GUARD_KEY);
  } catch {
    // Nothing to do: readGuard() then reports a reload already happened.
  }
}

async function probeWorker(): Promise<WorkerProbe> {
  try {
    const response = await fetch(SERVICE_WORKER_URL, {
      cache: 'no-store',
      credentials: 'same-origin',
    });
    void response.body?.cancel().catch(() => undefined);
    return {
      kind: 'response',
      status: response.status,
      contentType: response.headers.get('content-type'),
    };
  } catch {
    return { kind: 'network-error' };
  }
}

/** The worker's caches go with it: nothing of an old release is served after the reload. */
async function clearCaches() {
  if (!('caches' in window)) return;
  const names = await caches.keys();
  await Promise.all(names.map((name) => caches.delete(name)));
}

/**
 * A new worker that installs while an older one controls the page waits (no `skipWaiting`): the
 * open page keeps the files it was built with, and the member is offered to refresh.
 */
function watchForUpdates(registration: ServiceWorkerRegistration) {
  const container = navigator.serviceWorker;
  let accepted = false;
  const offer = (worker: ServiceWorker) =>
    updateStore.offer(() => {
      accepted = true;
      worker.postMessage({ type: 'SKIP_WAITING' });
    });

  if (registration.waiting && container.controller) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      // Without a controller this is the first install, not an update: nothing to offer.
      if (worker.state === 'installed' && container.controller) offer(worker);
    });
  });
  // The first install also changes the controller (clientsClaim): reload only on an accepted update.
  let reloading = false;
  container.addEventListener('controllerchange', () => {
    if (!accepted || reloading) return;
    reloading = true;
    window.location.reload();
  });
  // A member may keep the app open for days: look for a new release now and then.
  window.setInterval(() => {
    if (navigator.onLine) void registration.update().catch(() => undefined);
  }, UPDATE_CHECK_MS);
}

/**
 * docs/spec.md §1, run once per page load in production: fetch `/sw.js` uncached, then register
 * the worker, or unregister every worker (and drop their caches) and reload once.
 */
export async function checkServiceWorker(
  reload: () => void = () => window.location.reload(),
): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  const probe = await probeWorker();
  const registrations = await container.getRegistrations();
  const plan = planServiceWorker(probe, {
    hasWorker: registrations.length > 0 || container.controller !== null,
    reloadedAlready: readGuard(),
  });

  if (plan.action === 'register') {
    writeGuard(false);
    const registration = await container.register(SERVICE_WORKER_URL, {
      scope: '/',
      updateViaCache: 'none',
    });
    watchForUpdates(registration);
    return;
  }
  if (plan.action === 'unregister') {
    await Promise.all(registrations.map((registration) => registration.unregister()));
    await clearCaches();
    if (plan.reload) {
      writeGuard(true);
      reload();
    }
    return;
  }
  // 'keep': offline or a passing server error; the installed worker keeps serving.
  const existing = registrations[0];
  if (existing) watchForUpdates(existing);
}
