import type { ProfileViewEntry } from '@mawadda/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSession } from '../../../lib/session.ts';
import {
  fetchProfileViews,
  markProfileViewsSeen,
  profileViewsKeys,
} from '../api/profile-views-api.ts';

const NONE: readonly string[] = [];

/** Newest first (spec section 2), whatever order the answer came in. */
export function newestFirst(entries: readonly ProfileViewEntry[]): ProfileViewEntry[] {
  return [...entries].sort((a, b) => Date.parse(b.viewedAt) - Date.parse(a.viewedAt));
}

/**
 * Who viewed my profile, asked again each time the page opens, minus the entries opened during
 * this visit (spec section 4: "Opening a like or view entry removes it from the list"). The
 * opened ids live in the query cache, which logout clears.
 */
export function useProfileViews() {
  const memberId = useSession()?.user?.id ?? '';
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: profileViewsKeys.list(memberId),
    queryFn: ({ signal }) => fetchProfileViews(signal),
    staleTime: 0,
    refetchOnMount: 'always',
  });
  const opened = useQuery({
    queryKey: profileViewsKeys.opened(memberId),
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
      queryClient.setQueryData<readonly string[]>(
        profileViewsKeys.opened(memberId),
        (previous = NONE) => (previous.includes(id) ? previous : [...previous, id]),
      ),
    [queryClient, memberId],
  );
  return { query, entries, remove };
}

/**
 * Opening the page marks the views seen (POST mark-seen), once the list has been loaded for this
 * visit; then `onSeen` lets the app clear the views badge. A failure is only logged.
 */
export function useMarkViewsSeen(
  query: { isSuccess: boolean; isFetchedAfterMount: boolean },
  onSeen: (() => void) | undefined,
) {
  const marked = useRef(false);
  const latestOnSeen = useRef(onSeen);
  latestOnSeen.current = onSeen;
  const { isSuccess, isFetchedAfterMount } = query;
  useEffect(() => {
    if (marked.current || !isSuccess || !isFetchedAfterMount) return;
    marked.current = true;
    markProfileViewsSeen().then(
      () => latestOnSeen.current?.(),
      (error: unknown) => console.warn('[profile views] marking views seen failed', error),
    );
  }, [isSuccess, isFetchedAfterMount]);
}
