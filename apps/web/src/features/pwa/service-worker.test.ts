import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkServiceWorker, RELOAD_GUARD_KEY } from './service-worker.ts';

type Registration = { unregister: ReturnType<typeof vi.fn>; addEventListener: () => void };

function fakeWorkerContainer(registrations: Registration[], controlled: boolean) {
  const registered = {
    waiting: null,
    installing: null,
    addEventListener: vi.fn(),
    update: vi.fn(async () => undefined),
  };
  const container = {
    controller: controlled ? {} : null,
    getRegistrations: vi.fn(async () => registrations),
    register: vi.fn(async () => registered),
    addEventListener: vi.fn(),
  };
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  return container;
}

function installedWorker(): Registration {
  return { unregister: vi.fn(async () => true), addEventListener: () => undefined };
}

function serve(status: number, contentType: string) {
  const fetchMock = vi.fn(
    async () => new Response('', { status, headers: { 'content-type': contentType } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  sessionStorage.clear();
  vi.stubGlobal('caches', {
    keys: vi.fn(async () => ['workbox-precache-v2-http://localhost/']),
    delete: vi.fn(async () => true),
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('checkServiceWorker (docs/spec.md §1)', () => {
  it('fetches /sw.js uncached and registers it when it is JavaScript', async () => {
    const fetchMock = serve(200, 'text/javascript; charset=utf-8');
    const container = fakeWorkerContainer([], false);
    const reload = vi.fn();
    await checkServiceWorker(reload);
    expect(fetchMock).toHaveBeenCalledWith(
      '/sw.js',
      expect.objectContaining({ cache: 'no-store' }),
    );
    expect(container.register).toHaveBeenCalledWith(
      '/sw.js',
      expect.objectContaining({ scope: '/' }),
    );
    expect(reload).not.toHaveBeenCalled();
  });

  it('on a 404 unregisters every worker, drops their caches and reloads once', async () => {
    serve(404, 'application/json');
    const workers = [installedWorker(), installedWorker()];
    const container = fakeWorkerContainer(workers, true);
    const reload = vi.fn();
    await checkServiceWorker(reload);
    for (const worker of workers) expect(worker.unregister).toHaveBeenCalled();
    expect(caches.delete).toHaveBeenCalledWith('workbox-precache-v2-http://localhost/');
    expect(container.register).not.toHaveBeenCalled();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(RELOAD_GUARD_KEY)).toBe('1');

    // After the reload, the same answer does not reload again: no loop.
    await checkServiceWorker(reload);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('unregisters when /sw.js answers with a page instead of JavaScript', async () => {
    serve(200, 'text/html; charset=utf-8');
    const worker = installedWorker();
    fakeWorkerContainer([worker], true);
    const reload = vi.fn();
    await checkServiceWorker(reload);
    expect(worker.unregister).toHaveBeenCalled();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('keeps the worker while offline', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const worker = installedWorker();
    const container = fakeWorkerContainer([worker], true);
    const reload = vi.fn();
    await checkServiceWorker(reload);
    expect(worker.unregister).not.toHaveBeenCalled();
    expect(container.register).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it('clears the guard once the worker is back, so a later clean-up may reload again', async () => {
    sessionStorage.setItem(RELOAD_GUARD_KEY, '1');
    serve(200, 'application/javascript');
    fakeWorkerContainer([], false);
    await checkServiceWorker(vi.fn());
    expect(sessionStorage.getItem(RELOAD_GUARD_KEY)).toBeNull();
  });
});
