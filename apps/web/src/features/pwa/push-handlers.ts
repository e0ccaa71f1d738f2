import type { PushKind, PushPayload } from '@mawadda/contract';
import { SUBSCRIPTION_CHANGED_MESSAGE } from '@/lib/worker-messages.ts';

/**
 * What the service worker (sw.ts) does with a push and with a click on its notification, kept
 * apart from the worker's global scope so the tests can call it. The server writes every text in
 * the member's language (the contract's `PushPayload`): the worker only shows it. No zod here:
 * the worker stays a few kilobytes.
 */

/** The app's icon when the push names no member's photo. */
export const APP_ICON = '/pwa-192x192.png';
/** Android draws the status bar's small icon from this one's alpha: the mark alone, white. */
export const BADGE_ICON = '/badge-96x96.png';
/** The message a window gets to open a notification's screen with its own router. */
export const OPEN_URL_MESSAGE = 'OPEN_URL';

/** A window of the app, as `clients.matchAll` gives it (typed here: the app is built with DOM's lib). */
export type AppWindow = {
  url: string;
  focused: boolean;
  focus(): Promise<unknown>;
  postMessage(message: unknown): void;
};

/** The parts of the worker's global scope the handlers use. */
export type WorkerScope = {
  location: { origin: string };
  registration: {
    showNotification(title: string, options: Record<string, unknown>): Promise<void>;
    pushManager: {
      subscribe(options: {
        userVisibleOnly: true;
        applicationServerKey: BufferSource | string;
      }): Promise<unknown>;
    };
  };
  clients: {
    matchAll(options: {
      type: 'window';
      includeUncontrolled: boolean;
    }): Promise<readonly AppWindow[]>;
    openWindow(url: string): Promise<unknown>;
  };
  navigator: { setAppBadge?: (count: number) => Promise<void> };
};

/** What a notification keeps for its click. */
export type NotificationData = { url: string; kind: PushKind };

/** The payload when it has what a notification needs; anything else is not from our server. */
function payloadOf(data: unknown): PushPayload | null {
  const payload = data as Partial<PushPayload> | null;
  if (!payload || typeof payload !== 'object') return null;
  const { title, body, tag, url } = payload;
  if ([title, body, tag, url].some((text) => typeof text !== 'string')) return null;
  if (!url?.startsWith('/') || url.startsWith('//')) return null;
  return payload as PushPayload;
}

/** The home screen icon's count: unread conversations plus new likes; 0 clears it. */
export async function setBadge(scope: Pick<WorkerScope, 'navigator'>, count: number) {
  // Not every browser has a badge (Firefox, Safari outside the Home Screen): nothing to do.
  await scope.navigator.setAppBadge?.(Math.max(0, count)).catch(() => undefined);
}

/**
 * A push: its notification, and the badge. A call rings again and stays until answered (a new
 * call must not pass silently); its `call-ended` push has the same tag, so it replaces the
 * ringing notification with a quiet "missed call" leading to the conversation.
 */
export async function showPush(scope: WorkerScope, data: unknown): Promise<void> {
  const payload = payloadOf(data);
  if (!payload) return;
  const ringing = payload.kind === 'call';
  const at = Date.parse(payload.at);
  const shown: NotificationData = { url: payload.url, kind: payload.kind };
  await Promise.all([
    scope.registration.showNotification(payload.title, {
      body: payload.body,
      icon: payload.icon ?? APP_ICON,
      badge: BADGE_ICON,
      tag: payload.tag,
      // Browsers refuse `renotify` without a tag (showNotification throws).
      renotify: ringing && payload.tag !== '',
      requireInteraction: ringing,
      ...(Number.isNaN(at) ? {} : { timestamp: at }),
      data: shown,
    }),
    typeof payload.badge === 'number' ? setBadge(scope, payload.badge) : undefined,
  ]);
}

/**
 * A click on a notification: its screen in a window of the app already open (the focused one
 * first), through that window's router so a call or a draft in it survives; a new window only
 * when none is open. A ringing call's notification leads to the call; once the call ended, its
 * notification was replaced by one leading to the conversation.
 */
export async function openNotification(
  scope: WorkerScope,
  notification: { data: unknown; close(): void },
): Promise<void> {
  notification.close();
  const wanted = (notification.data as Partial<NotificationData> | null)?.url;
  const path =
    typeof wanted === 'string' && wanted.startsWith('/') && !wanted.startsWith('//') ? wanted : '/';
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((window) => window.focused) ?? windows[0];
  if (!open) {
    await scope.clients.openWindow(new URL(path, scope.location.origin).href);
    return;
  }
  open.postMessage({ type: OPEN_URL_MESSAGE, url: path });
  await open.focus();
}

/** `pushsubscriptionchange`: the subscriptions before and after, as far as the browser says. */
export type SubscriptionChange = {
  oldSubscription?: { options?: { applicationServerKey?: ArrayBuffer | null } } | null;
  newSubscription?: unknown;
};

/**
 * The push service rotated this device's subscription (ADR 040). Without a new one (Chromium
 * gives none), the worker subscribes again with the old one's key, the server's VAPID key, so the
 * device keeps a subscription. The worker cannot send it to the server: the session's token is in
 * the page's storage. Every open window of the app is told and sends it; with none open, the
 * member shell sends it on its next load, as it does on each.
 */
export async function renewSubscription(
  scope: Pick<WorkerScope, 'registration' | 'clients'>,
  change: SubscriptionChange,
): Promise<void> {
  const key = change.oldSubscription?.options?.applicationServerKey;
  if (!change.newSubscription && key) {
    // Refused (permission withdrawn meanwhile): the windows find no subscription, and send none.
    await scope.registration.pushManager
      .subscribe({ userVisibleOnly: true, applicationServerKey: key })
      .catch(() => undefined);
  }
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const window of windows) window.postMessage({ type: SUBSCRIPTION_CHANGED_MESSAGE });
}
