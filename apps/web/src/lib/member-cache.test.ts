import { InfiniteQueryObserver, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepMemberCache, MEMBER_CACHE_MAX_AGE_MS } from './member-cache.ts';
import * as queryKeys from './query-keys.ts';
import {
  discoveryKeys,
  likesKeys,
  notificationKeys,
  profileViewsKeys,
  safetyKeys,
} from './query-keys.ts';
import { session } from './session.ts';

const LOADED_AT = Date.parse('2026-11-24T14:32:00Z');

/** A key factory's function, called with two ids whatever it takes. */
type Make = (...ids: string[]) => readonly unknown[];

function signIn(id: string, remember = true) {
  session.start(`token-${id}`, remember);
  session.setUser({
    id,
    name: id,
    latitude: null,
    longitude: null,
    location: 'Dakar, Sénégal',
    mediaUrls: [],
  });
}

function stored(area: Storage = localStorage) {
  const raw = area.getItem('memberCache');
  return raw === null ? null : JSON.parse(raw);
}

/** What a member's screens loaded: a paged list (two pages), details, and the navbar counts. */
function loadScreens(queryClient: QueryClient) {
  queryClient.setQueryData(
    discoveryKeys.suggestions(),
    {
      pages: [
        { page: 0, content: ['awa'] },
        { page: 1, content: ['fatou'] },
      ],
      pageParams: [0, 1],
    },
    { updatedAt: LOADED_AT },
  );
  queryClient.setQueryData(discoveryKeys.details('awa'), { id: 'awa' }, { updatedAt: LOADED_AT });
  queryClient.setQueryData(
    notificationKeys.counts('member-a'),
    { newLikes: 2 },
    { updatedAt: LOADED_AT },
  );
}

let clients: QueryClient[] = [];
function newClient() {
  const client = new QueryClient();
  clients.push(client);
  return client;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(LOADED_AT + 60_000);
});

afterEach(() => {
  session.end();
  for (const client of clients) client.clear();
  clients = [];
  localStorage.clear();
  sessionStorage.clear();
  vi.useRealTimers();
});

describe('keepMemberCache', () => {
  it("saves the member's answers and brings them back, with their load times, after a reload", async () => {
    signIn('member-a');
    const before = newClient();
    keepMemberCache(before);
    loadScreens(before);
    await vi.advanceTimersByTimeAsync(1000);
    expect(stored()?.member).toBe('member-a');

    // A reload: a new page, a new query client, the same member.
    const after = newClient();
    keepMemberCache(after);
    expect(after.getQueryData(discoveryKeys.details('awa'))).toEqual({ id: 'awa' });
    expect(after.getQueryData(notificationKeys.counts('member-a'))).toEqual({ newLikes: 2 });
    expect(after.getQueryState(discoveryKeys.details('awa'))?.dataUpdatedAt).toBe(LOADED_AT);
    // Of a paged list, the first page: back online it reloads one page, not all of them.
    expect(after.getQueryData(discoveryKeys.suggestions())).toEqual({
      pages: [{ page: 0, content: ['awa'] }],
      pageParams: [0],
    });
  });

  it('shows a kept answer only until its screen has asked the server again, however fresh it was kept', async () => {
    signIn('member-a');
    const before = newClient();
    keepMemberCache(before);
    loadScreens(before);
    before.setQueryData(safetyKeys.blocked('member-a'), [], { updatedAt: LOADED_AT + 59_000 });
    await vi.advanceTimersByTimeAsync(1000);

    // A reload a second later: the suggestions' and the blocks' own staleTime (5 min, 30 s)
    // would call them fresh.
    const after = newClient();
    keepMemberCache(after);
    const suggestions = new InfiniteQueryObserver(after, {
      queryKey: discoveryKeys.suggestions(),
      queryFn: async () => ({ page: 0, content: ['fatou'] }),
      initialPageParam: 0,
      getNextPageParam: () => undefined,
      staleTime: 5 * 60_000,
    });
    const blocked = new QueryObserver(after, {
      queryKey: safetyKeys.blocked('member-a'),
      queryFn: async () => ['awa'],
      staleTime: 30_000,
    });
    // Shown at once, while the server's answer is on its way.
    expect(suggestions.getCurrentResult().data?.pages).toEqual([{ page: 0, content: ['awa'] }]);
    const stops = [suggestions.subscribe(() => {}), blocked.subscribe(() => {})];
    await vi.advanceTimersByTimeAsync(0);
    expect(suggestions.getCurrentResult().data?.pages).toEqual([{ page: 0, content: ['fatou'] }]);
    expect(blocked.getCurrentResult().data).toEqual(['awa']);
    for (const stop of stops) stop();
  });

  it('keeps the copy in session storage for a session that ends with the browser', async () => {
    signIn('member-a', false);
    const client = newClient();
    keepMemberCache(client);
    loadScreens(client);
    await vi.advanceTimersByTimeAsync(1000);
    expect(stored(sessionStorage)?.member).toBe('member-a');
    expect(stored(localStorage)).toBeNull();
  });

  it('keeps neither visit-only answers nor mutations (logins, their tokens)', async () => {
    signIn('member-a');
    const client = newClient();
    keepMemberCache(client);
    // The entries opened during the visit, observed as the likes list does.
    const observer = new QueryObserver(client, {
      queryKey: likesKeys.opened('member-a'),
      queryFn: () => ['x'],
    });
    const stop = observer.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(0);
    await client
      .getMutationCache()
      .build(client, { mutationFn: async () => ({ token: 'secret-token' }) })
      .execute(undefined);
    client.setQueryData(discoveryKeys.details('awa'), { id: 'awa' });
    await vi.advanceTimersByTimeAsync(1000);
    stop();

    const raw = localStorage.getItem('memberCache') ?? '';
    expect(raw).toContain('awa');
    expect(raw).not.toContain('opened');
    expect(raw).not.toContain('secret-token');
  });

  it('keeps the answers under the listed key roots, and no other', async () => {
    const { accountKeys, chatKeys, geoKeys, guardiansKeys, moderationKeys } = queryKeys;
    const { paymentsKeys, profileKeys, pushKeys } = queryKeys;
    signIn('member-a');
    const client = newClient();
    keepMemberCache(client);
    // One answer under every key every factory makes, and one under a key of no factory.
    const factories = Object.values(queryKeys).filter((value) => typeof value === 'object');
    for (const factory of factories) {
      for (const make of Object.values(factory)) {
        const key = typeof make === 'function' ? (make as Make)('member-a', 'awa') : make;
        client.setQueryData(key, 'answer');
      }
    }
    client.setQueryData(['elsewhere'], 'answer');
    await vi.advanceTimersByTimeAsync(1000);

    const { answers } = stored() as { answers: Array<{ queryKey: unknown[] }> };
    const saved = answers.map(({ queryKey }) => JSON.stringify(queryKey));
    const kept = [
      accountKeys.dataExport('member-a'),
      chatKeys.all('member-a'),
      chatKeys.contacts('member-a'),
      chatKeys.contact('member-a', 'awa'),
      chatKeys.conversation('member-a', 'awa'),
      chatKeys.familyOpinions('member-a', 'awa'),
      chatKeys.requests('member-a'),
      discoveryKeys.all,
      discoveryKeys.suggestions(),
      discoveryKeys.details('member-a'),
      discoveryKeys.preferences(),
      discoveryKeys.me('member-a'),
      geoKeys.all,
      geoKeys.search('member-a', 'awa' as 'en'),
      geoKeys.reverse('member-a' as never, 'awa' as 'en'),
      guardiansKeys.overview('member-a'),
      likesKeys.list('member-a'),
      moderationKeys.role('member-a'),
      notificationKeys.counts('member-a'),
      paymentsKeys.all,
      paymentsKeys.gifts('member-a' as 'en'),
      paymentsKeys.plans(),
      paymentsKeys.recipients('member-a'),
      paymentsKeys.me('member-a'),
      profileKeys.all('member-a'),
      profileKeys.me('member-a'),
      profileKeys.verification('member-a'),
      profileViewsKeys.list('member-a'),
      pushKeys.settings('member-a'),
      safetyKeys.blocked('member-a'),
    ].map((key) => JSON.stringify(key));
    // Left out: the client config, a reset link, the entries opened during the visit, the
    // moderators' queues, a guardian's pages (a member signed in on a relative's phone opens her
    // link there), and the counts' key of no member (a query that never runs).
    expect(saved.sort()).toEqual(kept.sort());
  });

  it('keeps the last good answer of a query whose refresh failed', async () => {
    signIn('member-a');
    const client = newClient();
    keepMemberCache(client);
    client.setQueryData(profileViewsKeys.list('member-a'), ['view-1'], { updatedAt: LOADED_AT });
    await client
      .fetchQuery({
        queryKey: profileViewsKeys.list('member-a'),
        queryFn: () => Promise.reject(new Error('503')),
        retry: false,
      })
      .catch(() => undefined);
    expect(client.getQueryState(profileViewsKeys.list('member-a'))?.status).toBe('error');
    client.setQueryData(discoveryKeys.details('awa'), { id: 'awa' });
    await vi.advanceTimersByTimeAsync(1000);

    const after = newClient();
    keepMemberCache(after);
    expect(after.getQueryData(profileViewsKeys.list('member-a'))).toEqual(['view-1']);
  });

  it('logout deletes the copy and empties the cache, and a save under way does not bring it back', async () => {
    signIn('member-a');
    const client = newClient();
    keepMemberCache(client);
    loadScreens(client);
    await vi.advanceTimersByTimeAsync(1000);
    client.setQueryData(discoveryKeys.details('fatou'), { id: 'fatou' });

    session.end();
    await vi.advanceTimersByTimeAsync(5000);

    expect(localStorage.getItem('memberCache')).toBeNull();
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });

  it("never shows one member's answers to another", async () => {
    signIn('member-a');
    const client = newClient();
    keepMemberCache(client);
    loadScreens(client);
    await vi.advanceTimersByTimeAsync(1000);

    // Another member signs in on the same page, without a logout in between.
    signIn('member-b');
    expect(client.getQueryData(discoveryKeys.details('awa'))).toBeUndefined();

    // A copy left by the first member (a browser closed mid-session) is deleted unread.
    localStorage.setItem(
      'memberCache',
      JSON.stringify({
        member: 'member-a',
        savedAt: Date.now(),
        answers: [
          {
            queryKey: discoveryKeys.details('awa'),
            data: { id: 'awa' },
            dataUpdatedAt: LOADED_AT,
          },
        ],
      }),
    );
    const next = newClient();
    keepMemberCache(next);
    expect(next.getQueryData(discoveryKeys.details('awa'))).toBeUndefined();
    expect(localStorage.getItem('memberCache')).toBeNull();
  });

  it('drops a copy older than a week', () => {
    signIn('member-a');
    localStorage.setItem(
      'memberCache',
      JSON.stringify({
        member: 'member-a',
        savedAt: Date.now() - MEMBER_CACHE_MAX_AGE_MS - 1,
        answers: [
          {
            queryKey: discoveryKeys.details('awa'),
            data: { id: 'awa' },
            dataUpdatedAt: LOADED_AT,
          },
        ],
      }),
    );
    const client = newClient();
    keepMemberCache(client);
    expect(client.getQueryData(discoveryKeys.details('awa'))).toBeUndefined();
    expect(localStorage.getItem('memberCache')).toBeNull();
  });

  it('does not replace a newer answer already in the cache', () => {
    signIn('member-a');
    localStorage.setItem(
      'memberCache',
      JSON.stringify({
        member: 'member-a',
        savedAt: Date.now(),
        answers: [{ queryKey: ['details'], data: 'old', dataUpdatedAt: LOADED_AT }],
      }),
    );
    const client = newClient();
    client.setQueryData(['details'], 'new', { updatedAt: LOADED_AT + 1 });
    keepMemberCache(client);
    expect(client.getQueryData(['details'])).toBe('new');
  });
});
