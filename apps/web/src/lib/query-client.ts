import { onlineManager, QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client.ts';

/** A 4xx will not change on retry; a network blip may. */
function shouldRetry(failureCount: number, error: unknown) {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * The app's one query client.
 * - TanStack Query assumes it is online until an `offline` event; a page opened offline would
 *   try, fail and replace what the member's kept answers show with an error. `navigator.onLine`
 *   false is reliable, so it starts from it: queries then wait (paused) and show what they hold.
 * - Mutations run even offline: paused, a tap would wait silently with a busy button; run, it
 *   fails at once with a NetworkError, which each screen words as "you are offline".
 * The cache belongs to one member: lib/member-cache.ts empties it when the member changes.
 */
export function createQueryClient(): QueryClient {
  onlineManager.setOnline(navigator.onLine);
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: true },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

let appClient: QueryClient | undefined;

/**
 * The app's one query client, made by the first screen that asks for it: the member area's
 * loader, a screen's provider (with-queries.tsx) or the offline notice. Login needs none, so
 * TanStack Query is not part of the first route (ADR 047).
 */
export function appQueryClient(): QueryClient {
  appClient ??= createQueryClient();
  return appClient;
}
