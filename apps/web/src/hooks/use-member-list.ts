import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSession } from '@/lib/session.ts';

const NONE: readonly string[] = [];

/**
 * A list of members (who liked me, who viewed me), asked again each time its screen opens,
 * newest first whatever order the answer came in, minus the entries opened during this visit
 * (docs/spec.md §4: "Opening a like or view entry removes it from the list"). The opened ids live
 * in the query cache, which logout clears.
 */
export function useMemberList<
  TimeKey extends string,
  Entry extends { id: string } & Record<TimeKey, string>,
>({
  keys,
  load,
  timeKey,
}: {
  /** Per member: the next member on the same device never sees the last one's list. */
  keys: { list: (memberId: string) => QueryKey; opened: (memberId: string) => QueryKey };
  load: (signal: AbortSignal) => Promise<Entry[]>;
  /** The entry's time (ISO), which orders the list. */
  timeKey: TimeKey;
}) {
  const memberId = useSession()?.user?.id ?? '';
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: keys.list(memberId),
    queryFn: ({ signal }) => load(signal),
    staleTime: 0,
    refetchOnMount: 'always',
  });
  const opened = useQuery({
    queryKey: keys.opened(memberId),
    queryFn: () => NONE,
    initialData: NONE,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  }).data;
  const entries = useMemo(
    () =>
      (query.data ?? [])
        .filter((entry) => !opened.includes(entry.id))
        .sort((a, b) => Date.parse(b[timeKey]) - Date.parse(a[timeKey])),
    [query.data, opened, timeKey],
  );
  const remove = useCallback(
    (id: string) =>
      queryClient.setQueryData<readonly string[]>(keys.opened(memberId), (previous = NONE) =>
        previous.includes(id) ? previous : [...previous, id],
      ),
    [queryClient, keys, memberId],
  );
  return { query, entries, remove };
}

/**
 * Opening the screen marks its list seen (docs/spec.md §4), once the list has been loaded for
 * this opening, so the "new" markers it shows are still true. `mark` tells the server, then
 * `onSeen` lets the app refresh the badges. A failure is only logged.
 */
export function useMarkSeen<Entry>({
  query,
  mark,
  onSeen,
  failure,
}: {
  query: { isSuccess: boolean; isFetchedAfterMount: boolean; data: Entry[] | undefined };
  mark: (entries: Entry[]) => Promise<unknown>;
  onSeen: (() => void) | undefined;
  /** The console warning when marking fails. */
  failure: string;
}) {
  const marked = useRef(false);
  // The callbacks are new on each render; only the list loading should run the effect.
  const latest = useRef({ mark, onSeen, failure });
  latest.current = { mark, onSeen, failure };
  const { isSuccess, isFetchedAfterMount, data } = query;
  useEffect(() => {
    if (marked.current || !isSuccess || !isFetchedAfterMount || !data) return;
    marked.current = true;
    latest.current.mark(data).then(
      () => latest.current.onSeen?.(),
      (error: unknown) => console.warn(latest.current.failure, error),
    );
  }, [isSuccess, isFetchedAfterMount, data]);
}
