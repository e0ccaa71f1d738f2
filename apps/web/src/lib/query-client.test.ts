import { MutationObserver, onlineManager, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NetworkError } from '@/lib/api-client.ts';
import { createQueryClient } from '@/lib/query-client.ts';

function openOffline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  return createQueryClient();
}

afterEach(() => {
  vi.restoreAllMocks();
  onlineManager.setOnline(true);
});

describe('the query client of a page opened offline', () => {
  it('keeps showing a kept answer: the query waits for the connection instead of failing', async () => {
    const queryClient = openOffline();
    queryClient.setQueryData(['suggestions'], ['awa'], { updatedAt: 1 });
    const queryFn = vi.fn(async () => {
      throw new NetworkError(new TypeError('Failed to fetch'));
    });
    const observer = new QueryObserver(queryClient, { queryKey: ['suggestions'], queryFn });
    const stop = observer.subscribe(() => {});
    await new Promise((resolve) => setTimeout(resolve, 20));

    const result = observer.getCurrentResult();
    expect(result.status).toBe('success');
    expect(result.fetchStatus).toBe('paused');
    expect(result.data).toEqual(['awa']);
    expect(queryFn).not.toHaveBeenCalled();
    stop();
  });

  it('fails a mutation at once with the network error, rather than waiting silently', async () => {
    const queryClient = openOffline();
    const observer = new MutationObserver(queryClient, {
      mutationFn: async () => {
        throw new NetworkError(new TypeError('Failed to fetch'));
      },
    });
    await expect(observer.mutate()).rejects.toBeInstanceOf(NetworkError);
    expect(observer.getCurrentResult().isPaused).toBe(false);
    expect(observer.getCurrentResult().status).toBe('error');
  });
});
