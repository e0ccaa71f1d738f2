import type { PushPayload } from '@mawadda/contract';
import { describe, expect, it, vi } from 'vitest';
import { SUBSCRIPTION_CHANGED_MESSAGE } from '@/lib/worker-messages.ts';
import {
  type AppWindow,
  openNotification,
  renewSubscription,
  showPush,
  type WorkerScope,
} from './push-handlers.ts';

function fakeScope(windows: AppWindow[] = []) {
  const scope = {
    location: { origin: 'https://mawadda.test' },
    registration: {
      showNotification: vi.fn(async () => undefined),
      pushManager: { subscribe: vi.fn(async (_options: unknown) => ({})) },
    },
    clients: {
      matchAll: vi.fn(async () => windows),
      openWindow: vi.fn(async () => null),
    },
    navigator: { setAppBadge: vi.fn(async () => undefined) },
  } satisfies WorkerScope;
  return scope;
}

function fakeWindow(focused: boolean) {
  return {
    url: 'https://mawadda.test/fr/suggestions',
    focused,
    focus: vi.fn(async () => undefined),
    postMessage: vi.fn((_message: unknown) => undefined),
  } satisfies AppWindow;
}

const message: PushPayload = {
  kind: 'message',
  tag: 'conversation:m2',
  title: 'Aïcha',
  body: 'vous a envoyé une photo',
  url: '/fr/chat?with=m2',
  icon: '/media/photos/p1?sig=x',
  badge: 3,
  at: '2026-11-26T10:00:00.000Z',
};

describe('the worker’s push', () => {
  it('shows the server’s text as is, with the sender’s photo, and sets the badge', async () => {
    const scope = fakeScope();
    await showPush(scope, message);
    expect(scope.registration.showNotification).toHaveBeenCalledWith('Aïcha', {
      body: 'vous a envoyé une photo',
      icon: '/media/photos/p1?sig=x',
      badge: '/badge-96x96.png',
      tag: 'conversation:m2',
      renotify: false,
      requireInteraction: false,
      timestamp: Date.parse(message.at),
      data: { url: '/fr/chat?with=m2', kind: 'message' },
    });
    expect(scope.navigator.setAppBadge).toHaveBeenCalledWith(3);
  });

  it('rings again and stays for a call; its end replaces it under the same tag, quietly', async () => {
    const scope = fakeScope();
    const call = {
      ...message,
      kind: 'call',
      tag: 'call:c1',
      url: '/chat?with=m2&call=c1',
    } as const;
    await showPush(scope, call);
    await showPush(scope, {
      ...call,
      kind: 'call-ended',
      body: 'Appel manqué',
      url: '/chat?with=m2',
    });
    const [ringing, ended] = scope.registration.showNotification.mock.calls as unknown as [
      string,
      Record<string, unknown>,
    ][];
    expect(ringing?.[1]).toMatchObject({
      tag: 'call:c1',
      renotify: true,
      requireInteraction: true,
    });
    expect(ended?.[1]).toMatchObject({
      tag: 'call:c1',
      renotify: false,
      requireInteraction: false,
      body: 'Appel manqué',
      data: { url: '/chat?with=m2', kind: 'call-ended' },
    });
  });

  it('still rings for a call without a tag, without asking the browser to renotify', async () => {
    const scope = fakeScope();
    await showPush(scope, { ...message, kind: 'call', tag: '' });
    expect(scope.registration.showNotification).toHaveBeenCalledWith(
      'Aïcha',
      expect.objectContaining({ renotify: false, requireInteraction: true }),
    );
  });

  it('clears the badge at 0, and uses the app icon when no photo is named', async () => {
    const scope = fakeScope();
    await showPush(scope, { ...message, kind: 'test', icon: null, badge: 0 });
    expect(scope.registration.showNotification).toHaveBeenCalledWith(
      'Aïcha',
      expect.objectContaining({ icon: '/pwa-192x192.png' }),
    );
    expect(scope.navigator.setAppBadge).toHaveBeenCalledWith(0);
  });

  it('shows nothing for a payload that is not the server’s (another site’s address included)', async () => {
    const scope = fakeScope();
    await showPush(scope, null);
    await showPush(scope, { title: 'x' });
    await showPush(scope, { ...message, url: '//evil.test/' });
    expect(scope.registration.showNotification).not.toHaveBeenCalled();
  });
});

describe('a click on a notification', () => {
  it('opens its screen in the focused window of the app rather than a second one', async () => {
    const background = fakeWindow(false);
    const focused = fakeWindow(true);
    const scope = fakeScope([background, focused]);
    const close = vi.fn();
    await openNotification(scope, { data: { url: '/fr/chat?with=m2', kind: 'message' }, close });
    expect(close).toHaveBeenCalled();
    expect(focused.postMessage).toHaveBeenCalledWith({ type: 'OPEN_URL', url: '/fr/chat?with=m2' });
    expect(focused.focus).toHaveBeenCalled();
    expect(background.postMessage).not.toHaveBeenCalled();
    expect(scope.clients.openWindow).not.toHaveBeenCalled();
  });

  it('opens a window on its screen when the app is closed', async () => {
    const scope = fakeScope();
    await openNotification(scope, { data: { url: '/en/suggestions', kind: 'like' }, close() {} });
    expect(scope.clients.openWindow).toHaveBeenCalledWith('https://mawadda.test/en/suggestions');
  });

  it('never leaves the app for an address of another site', async () => {
    const scope = fakeScope();
    await openNotification(scope, { data: { url: '//evil.test/x' }, close() {} });
    expect(scope.clients.openWindow).toHaveBeenCalledWith('https://mawadda.test/');
  });
});

describe('the worker when the push service rotates the subscription', () => {
  const key = new Uint8Array([4, 1, 2, 3]).buffer;

  it('subscribes again with the same server key and tells every open window to send it', async () => {
    const windows = [fakeWindow(false), fakeWindow(true)];
    const scope = fakeScope(windows);
    await renewSubscription(scope, {
      oldSubscription: { options: { applicationServerKey: key } },
      newSubscription: null,
    });
    expect(scope.registration.pushManager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: key,
    });
    // The worker has no session token: the windows send it to the server.
    for (const window of windows) {
      expect(window.postMessage).toHaveBeenCalledWith({ type: SUBSCRIPTION_CHANGED_MESSAGE });
    }
  });

  it('keeps the browser’s new subscription, and goes on when subscribing is refused', async () => {
    const open = fakeWindow(true);
    const scope = fakeScope([open]);
    await renewSubscription(scope, {
      oldSubscription: { options: { applicationServerKey: key } },
      newSubscription: { endpoint: 'https://push.example.net/send/device-2' },
    });
    expect(scope.registration.pushManager.subscribe).not.toHaveBeenCalled();
    expect(open.postMessage).toHaveBeenCalledWith({ type: SUBSCRIPTION_CHANGED_MESSAGE });

    scope.registration.pushManager.subscribe.mockRejectedValueOnce(new Error('NotAllowedError'));
    await renewSubscription(scope, { oldSubscription: { options: { applicationServerKey: key } } });
    expect(open.postMessage).toHaveBeenCalledTimes(2);
  });
});
