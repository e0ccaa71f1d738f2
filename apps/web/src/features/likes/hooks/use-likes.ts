import type { LikeEntry } from '@mawadda/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { session, useSession } from '../../../lib/session.ts';
import { fetchLikes, likesKeys, markLikesSeen } from '../api/likes-api.ts';

const NONE: readonly string[] = [];

/** Newest first, whatever order the answer came in. */
export function newestFirst(entries: readonly LikeEntry[]): LikeEntry[] {
  return [...entries].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

/** The time of the newest like in the list, or null for an empty list. */
export function newestLikeTime(entries: readonly LikeEntry[]): number | null {
  let newest: number | null = null;
  for (const entry of entries) {
    const time = Date.parse(entry.createdAt);
    if (!Number.isNaN(time) && (newest === null || time > newest)) newest = time;
  }
  return newest;
}

function useMemberId() {
  return useSession()?.user?.id ?? '';
}

/**
 * Who liked me, asked again each time the dialog opens (it is mounted only while open), minus the
 * entries opened during this visit (spec section 4: "Opening a like or view entry removes it from
 * the list"). The opened ids live in the query cache, which logout clears.
 */
export function useLikes() {
  const memberId = useMemberId();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: likesKeys.list(memberId),
    queryFn: ({ signal }) => fetchLikes(signal),
    staleTime: 0,
    refetchOnMount: 'always',
  });
  const opened = useQuery({
    queryKey: likesKeys.opened(memberId),
    queryFn: () => NONE,
    initialData: NONE,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  }).data;
  const entries = useMemo(
    () => newestFirst((query.data ?? []).filter((entry) => !opened.includes(entry.id))),
    [query.data, opened],
  );
  const remove = useCallback(
    (id: string) =>
      queryClient.setQueryData<readonly string[]>(likesKeys.opened(memberId), (previous = NONE) =>
        previous.includes(id) ? previous : [...previous, id],
      ),
    [queryClient, memberId],
  );
  return { query, entries, remove };
}

/**
 * Spec section 4: "Opening the likes modal marks likes seen and stores a seen timestamp." Once
 * the list has been loaded for this opening (so its "new" markers are still shown), the time of
 * its newest like becomes the seen timestamp (the server's clock, so a phone whose clock is off
 * cannot hide a later like), and the server is told (POST mark-seen). Then `onSeen` lets the app
 * refresh the badges. A failure is only logged: the timestamp alone already clears the badge.
 */
export function useMarkLikesSeen(
  query: { isSuccess: boolean; isFetchedAfterMount: boolean; data: LikeEntry[] | undefined },
  onSeen: (() => void) | undefined,
) {
  const marked = useRef(false);
  const latestOnSeen = useRef(onSeen);
  latestOnSeen.current = onSeen;
  const { isSuccess, isFetchedAfterMount, data } = query;
  useEffect(() => {
    if (marked.current || !isSuccess || !isFetchedAfterMount || !data) return;
    marked.current = true;
    const newest = newestLikeTime(data);
    if (newest !== null) session.setLikesSeenAt(newest);
    markLikesSeen().then(
      () => latestOnSeen.current?.(),
      (error: unknown) => console.warn('[likes] marking likes seen failed', error),
    );
  }, [isSuccess, isFetchedAfterMount, data]);
}
