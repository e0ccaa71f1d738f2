import { callApi } from '@/lib/api-client.ts';

export const notificationKeys = {
  all: ['notifications'] as const,
  /** Per member: the next member on the same device never sees the last one's counts. */
  counts: (memberId: string) => ['notifications', memberId] as const,
};

/** GET /api/users/notifications: the navbar badge counts. */
export function fetchNotifications(signal?: AbortSignal) {
  return callApi('notifications', {}, signal);
}
