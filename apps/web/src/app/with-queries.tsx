import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, useContext } from 'react';
import { appQueryClient } from '@/lib/query-client.ts';

/**
 * A route's screen under the app's query client, unless one is already given above it (a test's
 * own). Each lazy route that asks the server through TanStack Query is wrapped with it (the
 * member area's screens through the shell layout's), rather than the whole app: the login
 * screen, the first route, then loads without TanStack Query (ADR 047).
 */
export function withQueries(Screen: ComponentType): ComponentType {
  return function WithQueries() {
    if (useContext(QueryClientContext)) return <Screen />;
    return (
      <QueryClientProvider client={appQueryClient()}>
        <Screen />
      </QueryClientProvider>
    );
  };
}
