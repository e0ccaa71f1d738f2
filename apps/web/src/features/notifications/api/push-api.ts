import type { NotificationSettings, PushSubscriptionRequest } from '@mawadda/contract';
import { callApi } from '@/lib/api-client.ts';

/** GET /api/config: the server's VAPID public key, a subscription's `applicationServerKey`. */
export async function fetchVapidPublicKey() {
  return (await callApi('clientConfig')).vapidPublicKey;
}

/** POST /api/push/subscriptions: this device's subscription, tied to this session. */
export function sendSubscription(subscription: PushSubscriptionRequest) {
  return callApi('subscribePush', { body: subscription });
}

/** DELETE /api/push/subscriptions: this device no longer gets pushes. */
export function forgetSubscription(endpoint: string) {
  return callApi('unsubscribePush', { body: { endpoint } });
}

/** GET /api/push/settings: what the member is told of while the app is closed. */
export function fetchNotificationSettings(signal?: AbortSignal) {
  return callApi('notificationSettings', {}, signal);
}

/** PUT /api/push/settings, sent whole. */
export function saveNotificationSettings(settings: NotificationSettings) {
  return callApi('saveNotificationSettings', { body: settings });
}

/** POST /api/push/test: a test notification to each of the member's devices; how many. */
export function sendTestNotification() {
  return callApi('pushTest');
}
