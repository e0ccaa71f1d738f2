import type { UserSummary } from '@mawadda/contract';
import { type InfiniteData, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  chatKeys,
  discoveryKeys,
  likesKeys,
  notificationKeys,
  paymentsKeys,
  profileViewsKeys,
  safetyKeys,
} from '@/lib/query-keys.ts';
import { mockEndpoints } from '@/test/api.ts';
import { anError } from '@/test/fixtures.ts';
import { useMemberAction } from './use-member-actions.ts';

const ME = 'me-1';
const AWA = { id: 'awa-2', name: 'Awa Diop' };
const OMAR = { id: 'omar-3', name: 'Omar Sy' };

type Pages = InfiniteData<{ content: UserSummary[]; page: number; size: number }>;

beforeEach(() => {
  localStorage.setItem('authToken', 'token');
  localStorage.setItem('currentUser', JSON.stringify({ id: ME, name: 'Moussa', mediaUrls: [] }));
});

/** The answers a member's screens hold, Awa in each list, as the block finds them. */
function screensWithAwa() {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  queryClient.setQueryData<Pages>(discoveryKeys.suggestions(), {
    pages: [{ content: [OMAR, AWA] as UserSummary[], page: 0, size: 20 }],
    pageParams: [0],
  });
  for (const key of [
    likesKeys.list(ME),
    profileViewsKeys.list(ME),
    chatKeys.contacts(ME),
    paymentsKeys.recipients(ME),
  ]) {
    queryClient.setQueryData(key, [AWA, OMAR]);
  }
  for (const key of [
    discoveryKeys.details(AWA.id),
    chatKeys.conversation(ME, AWA.id),
    chatKeys.conversation(ME, OMAR.id),
    notificationKeys.counts(ME),
    safetyKeys.blocked(ME),
  ]) {
    queryClient.setQueryData(key, {});
  }
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, wrapper };
}

const ids = (list: unknown) => (list as Array<{ id: string }> | undefined)?.map(({ id }) => id);

describe('a block or an unmatch, through its hook', () => {
  it('blocking takes the member out of every list at once, and marks what is about them stale', async () => {
    mockEndpoints({ block: { body: { message: 'Blocked' } } });
    const { queryClient, wrapper } = screensWithAwa();
    const onDone = vi.fn();
    const { result } = renderHook(() => useMemberAction('block', onDone), { wrapper });

    result.current.mutate(AWA);
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(AWA));

    const suggestions = queryClient.getQueryData<Pages>(discoveryKeys.suggestions());
    expect(ids(suggestions?.pages[0]?.content)).toEqual([OMAR.id]);
    for (const key of [
      likesKeys.list(ME),
      profileViewsKeys.list(ME),
      chatKeys.contacts(ME),
      paymentsKeys.recipients(ME),
    ]) {
      expect(ids(queryClient.getQueryData(key))).toEqual([OMAR.id]);
    }
    const stale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(stale(discoveryKeys.details(AWA.id))).toBe(true);
    expect(stale(chatKeys.conversation(ME, AWA.id))).toBe(true);
    expect(stale(notificationKeys.counts(ME))).toBe(true);
    expect(stale(safetyKeys.blocked(ME))).toBe(true);
    expect(stale(chatKeys.conversation(ME, OMAR.id))).toBe(false);
  });

  it('unmatching asks the conversations, the likes and the counts again, and keeps the lists', async () => {
    mockEndpoints({ unmatch: { body: { message: 'Unmatched' } } });
    const { queryClient, wrapper } = screensWithAwa();
    const onDone = vi.fn();
    const { result } = renderHook(() => useMemberAction('unmatch', onDone), { wrapper });

    result.current.mutate(AWA);
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(AWA));

    const stale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(stale(chatKeys.contacts(ME))).toBe(true);
    expect(stale(chatKeys.conversation(ME, OMAR.id))).toBe(true);
    expect(stale(likesKeys.list(ME))).toBe(true);
    expect(stale(notificationKeys.counts(ME))).toBe(true);
    expect(stale(discoveryKeys.suggestions())).toBe(false);
    expect(ids(queryClient.getQueryData(likesKeys.list(ME)))).toEqual([AWA.id, OMAR.id]);
  });

  it('a refused block changes nothing', async () => {
    mockEndpoints({
      block: { status: 500, body: anError('UNEXPECTED_ERROR', 'Unexpected server error') },
    });
    const { queryClient, wrapper } = screensWithAwa();
    const onDone = vi.fn();
    const { result } = renderHook(() => useMemberAction('block', onDone), { wrapper });

    result.current.mutate(AWA);
    await waitFor(() => expect(result.current.isError).toBe(true));

    expect(onDone).not.toHaveBeenCalled();
    expect(ids(queryClient.getQueryData(likesKeys.list(ME)))).toEqual([AWA.id, OMAR.id]);
    expect(queryClient.getQueryState(safetyKeys.blocked(ME))?.isInvalidated).toBe(false);
  });
});
