import { APP_ROUTES } from '@mawadda/contract/app-routes';
import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  type PrecacheEntry,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import {
  openNotification,
  renewSubscription,
  type SubscriptionChange,
  showPush,
  type WorkerScope,
} from './push-handlers.ts';

/**
 * The service worker, `/sw.js` (vite.config.ts builds it with `injectManifest`): the app shell
 * precached (every chunk, so any screen opens offline), navigations to the app's routes answered
 * with index.html, no API answer, medium or socket cached (a member's last answers are kept by the
 * page, ADR 010); and Web Push (ADR 040): notifications and the app badge.
 */

type ExtendableEvent = { waitUntil(promise: Promise<unknown>): void };
type Scope = WorkerScope & {
  __WB_MANIFEST: (string | PrecacheEntry)[];
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  addEventListener(
    type: 'push',
    listener: (event: ExtendableEvent & { data: { json(): unknown } | null }) => void,
  ): void;
  addEventListener(
    type: 'notificationclick',
    listener: (event: ExtendableEvent & { notification: { data: unknown; close(): void } }) => void,
  ): void;
  addEventListener(
    type: 'pushsubscriptionchange',
    listener: (event: ExtendableEvent & SubscriptionChange) => void,
  ): void;
};
declare const self: Scope;

/** Server paths a navigation may reach that are never the app (and never cached). */
const SERVER_PATHS = /^\/(api|media|docs|ws|healthz|readyz)(\/|\?|$)/;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    allowlist: [APP_ROUTES],
    denylist: [SERVER_PATHS],
  }),
);

// Update policy: a prompt, not skipWaiting. A new worker waits while an older one controls open
// pages, so those pages keep loading the chunks they were built with (the server no longer has
// the old hashed files); the member gets a "new version" toast and chooses when to refresh (the
// page then posts SKIP_WAITING). clientsClaim makes the very first install control the open page
// at once, so it works offline from the first visit.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
clientsClaim();

self.addEventListener('push', (event) => {
  let data: unknown = null;
  try {
    data = event.data?.json() ?? null;
  } catch {
    // Not JSON: not from our server, nothing to show.
  }
  event.waitUntil(showPush(self, data));
});

self.addEventListener('notificationclick', (event) => {
  event.waitUntil(openNotification(self, event.notification));
});

self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(renewSubscription(self, event));
});
