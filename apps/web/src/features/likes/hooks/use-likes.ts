import type { LikeEntry } from '@mawadda/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useMarkSeen, useMemberList } from '@/hooks/use-member-list.ts';
import { matchMoment } from '@/lib/match-moment.ts';
import { likesKeys } from '@/lib/query-keys.ts';
import { session, useSession } from '@/lib/session.ts';
import { fetchLikes, markLikesSeen, openLike, sendLike } from '../api/likes-api.ts';

/** The time of the newest like in the list, or null for an empty list. */
function newestLikeTime(entries: readonly LikeEntry[]): number | null {
  let newest: number | null = null;
  for (const entry of entries) {
    const time = Date.parse(entry.createdAt);
    if (!Number.isNaN(time) && (newest === null || time > newest)) newest = time;
  }
  return newest;
}

/**
 * Who liked me, asked again each time the dialog opens (it is mounted only while open). `open`
 * removes an entry the member opened, here at once and on the server for good (docs/spec.md §4:
 * "Opening a like … entry removes it from the list"); if the server is not told, the entry
 * only comes back the next time the list is asked for.
 */
export function useLikes() {
  const list = useMemberList({ keys: likesKeys, load: fetchLikes, timeKey: 'createdAt' });
  const { remove } = list;
  const open = useCallback(
    (id: string) => {
      remove(id);
      openLike(id).catch((error: unknown) => console.warn('[likes] opening a like failed', error));
    },
    [remove],
  );
  return { ...list, open };
}

/**
 * docs/spec.md §4: "Opening the likes modal marks likes seen and stores a seen timestamp." The
 * time of the newest like in the list becomes the seen timestamp (the server's clock, so a phone
 * whose clock is off cannot hide a later like), then the server is told (POST mark-seen). If that
 * fails, the timestamp alone already clears the badge.
 */
export function useMarkLikesSeen(
  query: { isSuccess: boolean; isFetchedAfterMount: boolean; data: LikeEntry[] | undefined },
  onSeen: (() => void) | undefined,
) {
  useMarkSeen({
    query,
    mark: (likes) => {
      const newest = newestLikeTime(likes);
      if (newest !== null) session.setLikesSeenAt(newest);
      return markLikesSeen();
    },
    onSeen,
    failure: '[likes] marking likes seen failed',
  });
}

/**
 * Liking back from the list: the entry turns into a match as soon as the server says so, and
 * "It's a match" shows (the like is idempotent, so a second tap from another device changes
 * nothing).
 */
export function useLikeBack() {
  const memberId = useSession()?.user?.id ?? '';
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entry: LikeEntry) => sendLike(entry.id, 'like'),
    onSuccess: (result, entry) => {
      queryClient.setQueryData<LikeEntry[]>(likesKeys.list(memberId), (list) =>
        list?.map((e) => (e.id === entry.id ? { ...e, matched: result.mutualLike } : e)),
      );
      if (result.mutualLike) {
        matchMoment.show(result.match ?? { id: entry.id, name: entry.name, photoUrl: null });
      }
    },
  });
}
