import type { Notifications } from '@mawadda/contract';
import { NOTIFICATION_POLL_MS } from '@mawadda/contract/constants';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import type { NavCounts } from '@/components/layouts/member-nav.tsx';
import { useFirstScreenShown } from '@/lib/first-screen.ts';
import { notificationKeys } from '@/lib/query-keys.ts';
import { session, useSession } from '@/lib/session.ts';
import { fetchNotifications } from '../api/notifications-api.ts';
import { likesBadgeCount } from '../utils/likes-badge.ts';

/**
 * The navbar's counts, the conversations with an unread message and the message requests waiting
 * for an answer (ADR 068): the app badge's.
 */
export type MemberCounts = NavCounts & {
  conversations: number;
  requests: number;
  /** Moderators' decisions about the member not read yet (ADR 084). */
  decisions: number;
};

const NONE: MemberCounts = {
  suggestions: 0,
  likes: 0,
  chat: 0,
  views: 0,
  conversations: 0,
  requests: 0,
  decisions: 0,
};

/** The key of the signed-in member's counts; null for a visitor. */
function useCountsKey() {
  const current = useSession();
  const memberId = current ? (current.user?.id ?? '') : null;
  return useMemo(() => (memberId === null ? null : notificationKeys.counts(memberId)), [memberId]);
}

/** The badge counts from the server's answer and the likes seen timestamp (docs/spec.md §4). */
export function countsOf(
  notifications: Notifications | undefined,
  likesSeenAt: number | null,
): MemberCounts {
  if (!notifications) return NONE;
  const requests = Math.max(0, notifications.messageRequests ?? 0);
  return {
    // No count of new suggestions exists: the badge stays hidden.
    suggestions: 0,
    likes: likesBadgeCount(notifications.newLikes, notifications.lastLikeAt, likesSeenAt),
    // The chat holds both: its messages and, apart in their own list, the requests (ADR 068).
    chat: Math.max(0, notifications.newMessages) + requests,
    views: Math.max(0, notifications.newViews),
    conversations: Math.max(0, notifications.unreadConversations),
    requests,
    decisions: Math.max(0, notifications.newDecisions ?? 0),
  };
}

/**
 * The navbar badge counts (docs/spec.md §2 and §9): GET /api/users/notifications every 15 s while
 * a member is signed in, from the moment the first screen is shown (ADR 055). TanStack Query skips
 * the interval while the tab is hidden, and refetches when it is shown again (the answer is stale
 * by then). Failures are only logged (spec section 8): the badges keep their last counts.
 */
export function useNotificationCounts(): MemberCounts {
  const key = useCountsKey();
  const shown = useFirstScreenShown();
  // Kept current: opening the likes (in this tab or another) moves it.
  const likesSeenAt = useSyncExternalStore(session.subscribe, session.likesSeenAt, () => null);
  const query = useQuery({
    queryKey: key ?? notificationKeys.all,
    queryFn: ({ signal }) => fetchNotifications(signal),
    enabled: key !== null && shown,
    refetchInterval: NOTIFICATION_POLL_MS,
    refetchIntervalInBackground: false,
    staleTime: NOTIFICATION_POLL_MS,
    retry: false,
  });
  useEffect(() => {
    if (query.error) console.warn('[notifications] badge counts could not be loaded', query.error);
  }, [query.error]);
  const data = key ? query.data : undefined;
  return useMemo(() => countsOf(data, likesSeenAt), [data, likesSeenAt]);
}

/** Asks the navbar's badge counts again (a message came in, a conversation was read). */
export function useRefreshNotificationCounts() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  }, [queryClient]);
}

/**
 * After a list was marked seen on the server (the likes dialog, the profile views page): its
 * badge clears at once, and the counts are asked again so the others stay true.
 */
export function useClearNotificationCount(): (kind: 'likes' | 'views') => void {
  const queryClient = useQueryClient();
  const key = useCountsKey();
  return useCallback(
    (kind) => {
      if (!key) return;
      const field = kind === 'likes' ? 'newLikes' : 'newViews';
      queryClient.setQueryData<Notifications>(key, (previous) =>
        previous ? { ...previous, [field]: 0 } : previous,
      );
      void queryClient.invalidateQueries({ queryKey: key });
    },
    [queryClient, key],
  );
}
