import type { PushSubscriptionRequest } from '@mawadda/contract';
import { fetchVapidPublicKey, forgetSubscription, sendSubscription } from '../api/push-api.ts';

/**
 * This device and Web Push (ADR 040): whether it can take pushes, the member's answers to the
 * question, and its subscription at the server. A subscription is tied to the session that sent
 * it (ADR 036): a logout ends it at the server, so each sign-in sends it again.
 */

/**
 * `push`: the browser takes Web Push. `home-screen`: an iPhone or iPad's Safari, which takes it
 * only for an app added to the Home Screen. `none`: no push here at all.
 */
export type PushSupport = 'push' | 'home-screen' | 'none';

/** The member said "not now" or the browser's prompt was denied: the app does not ask again. */
const DECLINED_KEY = 'pushDeclined';
/** The member turned this device's notifications off in the settings: no subscription at sign-in. */
const DEVICE_OFF_KEY = 'pushDeviceOff';

function isAppleMobile(env: Window): boolean {
  const { userAgent, maxTouchPoints } = env.navigator;
  // iPadOS's Safari says it is a Mac; a Mac has no touch screen.
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

export function pushSupport(env: Window = window): PushSupport {
  if ('PushManager' in env && 'serviceWorker' in env.navigator && 'Notification' in env) {
    return 'push';
  }
  const standalone = (env.navigator as Navigator & { standalone?: boolean }).standalone === true;
  return isAppleMobile(env) && !standalone ? 'home-screen' : 'none';
}

/**
 * The browser's answer so far: `default` until asked. The Permissions API first: where a browser
 * cannot ask (headless Chromium), `Notification.permission` says `denied` for a question never
 * asked, while the Permissions API says `prompt`, as a member's browser does.
 */
export async function notificationPermission(): Promise<NotificationPermission> {
  if (!('Notification' in window)) return 'denied';
  try {
    const { state } = await navigator.permissions.query({ name: 'notifications' });
    return state === 'prompt' ? 'default' : state;
  } catch {
    return Notification.permission;
  }
}

function readFlag(key: string): boolean {
  try {
    return localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

function writeFlag(key: string, on: boolean) {
  try {
    if (on) localStorage.setItem(key, '1');
    else localStorage.removeItem(key);
  } catch {
    // Storage refused: the question may come again, nothing worse.
  }
}

export const pushChoices = {
  declined: () => readFlag(DECLINED_KEY),
  decline: () => writeFlag(DECLINED_KEY, true),
  deviceOff: () => readFlag(DEVICE_OFF_KEY),
};

/** The worker's registration, once it is active (the first visit's install may still run). */
async function registration(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.ready;
}

/** This device's subscription, as the contract takes it. */
function asRequest(subscription: PushSubscription): PushSubscriptionRequest {
  const json = subscription.toJSON();
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

/**
 * Subscribes this device with the server's key (the one it had, if the key is the same) and
 * hands the subscription to the server for this session.
 */
export async function subscribeDevice(): Promise<void> {
  const [worker, publicKey] = await Promise.all([registration(), fetchVapidPublicKey()]);
  // Unpadded base64url; atob takes it without the padding.
  const key = Uint8Array.from(atob(publicKey.replace(/-/g, '+').replace(/_/g, '/')), (c) =>
    c.charCodeAt(0),
  );
  const subscription =
    (await worker.pushManager.getSubscription()) ??
    (await worker.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: key,
    }));
  await sendSubscription(asRequest(subscription));
  writeFlag(DEVICE_OFF_KEY, false);
}

/**
 * From the member's tap (a browser asks only then): the browser's prompt, then the
 * subscription when granted. A refusal is remembered; the settings say how to undo it.
 */
export async function enablePush(): Promise<NotificationPermission> {
  const permission = await Notification.requestPermission();
  if (permission === 'granted') {
    writeFlag(DECLINED_KEY, false);
    await subscribeDevice();
  } else if (permission === 'denied') {
    pushChoices.decline();
  }
  return permission;
}

/** Turned off in the settings: the server forgets this device, and so does the push service. */
export async function disablePush(): Promise<void> {
  writeFlag(DEVICE_OFF_KEY, true);
  const subscription = await (await registration()).pushManager.getSubscription();
  if (!subscription) return;
  await forgetSubscription(subscription.endpoint);
  await subscription.unsubscribe();
}

/** Whether this device gets pushes now: allowed, subscribed, and not turned off here. */
export async function deviceSubscribed(): Promise<boolean> {
  if (pushSupport() !== 'push' || pushChoices.deviceOff()) return false;
  if ((await notificationPermission()) !== 'granted') return false;
  // No worker yet (its first install, or none in development): nothing subscribed.
  const worker = await navigator.serviceWorker.getRegistration();
  return (await worker?.pushManager.getSubscription()) != null;
}
