import { vi } from 'vitest';

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** A subscription as a browser's push service hands it out. */
export const FAKE_SUBSCRIPTION = {
  endpoint: 'https://push.example.net/send/device-1',
  expirationTime: null,
  keys: {
    p256dh: base64url(Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : i))),
    auth: base64url(Uint8Array.from({ length: 16 }, (_, i) => i)),
  },
};

/**
 * jsdom has no Web Push: this stands in for a browser that has it (Notification, the service
 * worker's registration and its PushManager), answering the permission prompt with `answer`.
 * The setup file removes what it sets on window and navigator after the file.
 */
export function fakePushBrowser({
  permission = 'default',
  answer = 'granted',
  subscribed = false,
}: {
  permission?: NotificationPermission;
  answer?: NotificationPermission;
  subscribed?: boolean;
} = {}) {
  let current: PushSubscriptionJSON | null = subscribed ? FAKE_SUBSCRIPTION : null;
  const listeners = new Set<(event: MessageEvent) => void>();
  const asSubscription = (json: PushSubscriptionJSON) => ({
    endpoint: json.endpoint,
    toJSON: () => json,
    unsubscribe: vi.fn(async () => {
      current = null;
      return true;
    }),
  });
  const pushManager = {
    getSubscription: vi.fn(async () => (current ? asSubscription(current) : null)),
    subscribe: vi.fn(async (_options: PushSubscriptionOptionsInit) => {
      current = FAKE_SUBSCRIPTION;
      return asSubscription(current);
    }),
  };
  const registration = { pushManager };
  const requestPermission = vi.fn(async () => {
    notification.permission = answer;
    return answer;
  });
  const notification = { permission, requestPermission };
  Object.assign(window, { Notification: notification, PushManager: class {} });
  // The Permissions API says `prompt` where Notification says `default`.
  Object.defineProperty(navigator, 'permissions', {
    configurable: true,
    value: {
      query: async () => ({
        state: notification.permission === 'default' ? 'prompt' : notification.permission,
      }),
    },
  });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      ready: Promise.resolve(registration),
      getRegistration: async () => registration,
      addEventListener: (_type: 'message', listener: (event: MessageEvent) => void) =>
        listeners.add(listener),
      removeEventListener: (_type: 'message', listener: (event: MessageEvent) => void) =>
        listeners.delete(listener),
    },
  });
  return {
    pushManager,
    requestPermission,
    subscription: () => current,
    /** The push service hands out another subscription (as the worker's renewal leaves it). */
    rotate(json: PushSubscriptionJSON) {
      current = json;
    },
    /** A message of the service worker to this window. */
    fromWorker(data: unknown) {
      for (const listener of listeners) listener(new MessageEvent('message', { data }));
    },
  };
}

/** Safari on an iPhone, in a tab: no PushManager until the app is on the Home Screen. */
export function fakeIphoneSafari() {
  Object.defineProperty(navigator, 'userAgent', {
    configurable: true,
    value:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  });
  Object.defineProperty(navigator, 'standalone', { configurable: true, value: false });
}

/** Back to jsdom's browser without push, between the tests of a file. */
export function removePushBrowser() {
  for (const name of ['Notification', 'PushManager']) Reflect.deleteProperty(window, name);
  for (const name of ['serviceWorker', 'permissions', 'userAgent', 'standalone']) {
    Reflect.deleteProperty(navigator, name);
  }
}
