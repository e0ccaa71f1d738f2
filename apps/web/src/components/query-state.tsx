import type { ReactNode } from 'react';
import { ListLoadError } from '@/components/members/list-load-error.tsx';

/**
 * The sequence every list page shows: its pending state, then a failure with a retry when there
 * is nothing to show (a failed refresh keeps the list it had), then its empty state, then the
 * list. The texts are the page's own.
 */
export function QueryState<T>({
  query,
  items,
  pending,
  error,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; data: unknown; refetch: () => unknown };
  items: T[];
  pending: ReactNode;
  error: { message: string; retry: string; className: string };
  empty: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  if (query.isPending) return pending;
  if (query.isError && !query.data) {
    return (
      <ListLoadError
        message={error.message}
        retry={error.retry}
        onRetry={() => void query.refetch()}
        className={error.className}
      />
    );
  }
  if (items.length === 0) return empty;
  return children(items);
}
