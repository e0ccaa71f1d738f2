import { callApi } from '@/lib/api-client.ts';

/** GET /api/users/notifications: the navbar badge counts. */
export function fetchNotifications(signal?: AbortSignal) {
  return callApi('notifications', {}, signal);
}
