import type { Notifications } from '@mawadda/contract';
import { NOTIFICATION_POLL_MS } from '@mawadda/contract/constants';
import { act, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppShell } from '@/components/layouts/app-shell.tsx';
import { session } from '@/lib/session.ts';
import { mockEndpoints } from '@/test/api.ts';
import { renderScreen, screen } from '@/test/render.tsx';
import { useClearNotificationCount, useNotificationCounts } from './use-notification-counts.ts';

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => vi.stubGlobal('ResizeObserver', ResizeObserverStub));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setVisibility('visible');
});

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
}

function logIn() {
  localStorage.setItem('authToken', 'token');
  localStorage.setItem(
    'currentUser',
    JSON.stringify({ id: 'me', name: 'Youssef', latitude: null, longitude: null, mediaUrls: [] }),
  );
}

let clear: ReturnType<typeof useClearNotificationCount> = () => {};

/** The shell as the app composes it: counts from the polling hook. */
function Shell() {
  const counts = useNotificationCounts();
  clear = useClearNotificationCount();
  return (
    <AppShell counts={counts}>
      <main>
        <h1>Page</h1>
      </main>
    </AppShell>
  );
}

function serve(answers: (Notifications | Promise<Notifications>)[]) {
  let call = 0;
  const fetch = mockEndpoints({
    notifications: async () => {
      const body = (await answers[Math.min(call, answers.length - 1)]) as Notifications;
      call += 1;
      return { body };
    },
  });
  return { calls: () => call, fetch };
}

const counts = (over: Partial<Notifications> = {}): Notifications => ({
  newLikes: 0,
  newMessages: 0,
  unreadConversations: 0,
  newViews: 0,
  lastLikeAt: null,
  ...over,
});

const badges = () =>
  within(screen.getByRole('navigation', { name: 'Main' }))
    .queryAllByTestId('nav-badge')
    .map((badge) => badge.textContent);

describe('the notification counts', () => {
  it('feed the badges: likes, messages as 9+ for 12, views, and no suggestions badge', async () => {
    logIn();
    serve([
      counts({ newLikes: 2, newMessages: 12, newViews: 4, lastLikeAt: new Date().toISOString() }),
    ]);
    await renderScreen(<Shell />, { route: '/suggestions' });

    await vi.waitFor(() => expect(badges()).toEqual(['2', '9+', '4']));
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('button', { name: 'Likes, 2 new' })).toHaveTextContent('2');
    expect(within(nav).getByRole('link', { name: 'Messages, more than 9 new' })).toHaveTextContent(
      '9+',
    );
    // No count next to the suggestions: the server reports none.
    expect(within(nav).getByRole('link', { name: 'Suggestions' })).not.toHaveTextContent(/\d/);
  });

  it('are asked again every 15 s, but not while the tab is hidden', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    logIn();
    const { calls } = serve([
      counts({ newViews: 1 }),
      counts({ newViews: 2 }),
      counts({ newViews: 3 }),
    ]);
    await renderScreen(<Shell />, { route: '/suggestions' });
    await vi.waitFor(() => expect(badges()).toEqual(['1']));

    await act(() => vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_MS));
    await vi.waitFor(() => expect(badges()).toEqual(['2']));
    expect(calls()).toBe(2);

    setVisibility('hidden');
    await act(() => vi.advanceTimersByTimeAsync(3 * NOTIFICATION_POLL_MS));
    expect(calls()).toBe(2);

    // Back on the tab: the counts are stale by now, so they are asked at once.
    act(() => setVisibility('visible'));
    await vi.waitFor(() => expect(badges()).toEqual(['3']));
  });

  it('zero the likes badge when the last like is not newer than the seen timestamp', async () => {
    logIn();
    const lastLikeAt = '2026-05-01T10:00:00.000Z';
    session.setLikesSeenAt(Date.parse(lastLikeAt));
    serve([counts({ newLikes: 3, newViews: 1, lastLikeAt })]);
    await renderScreen(<Shell />, { route: '/suggestions' });
    await vi.waitFor(() => expect(badges()).toEqual(['1']));
    expect(screen.getByRole('button', { name: 'Likes' })).not.toHaveTextContent(/\d/);
  });

  it('clear one badge at once when its list was marked seen, then ask again', async () => {
    logIn();
    let answer: (value: Notifications) => void = () => {};
    const later = new Promise<Notifications>((resolve) => {
      answer = resolve;
    });
    const { calls } = serve([counts({ newViews: 5, newLikes: 1 }), later]);
    await renderScreen(<Shell />, { route: '/suggestions' });
    await vi.waitFor(() => expect(badges()).toEqual(['1', '5']));

    act(() => clear('views'));
    // Cleared before the server has answered again.
    await vi.waitFor(() => expect(badges()).toEqual(['1']));
    expect(calls()).toBe(1);
    answer(counts({ newLikes: 2, lastLikeAt: new Date().toISOString() }));
    await vi.waitFor(() => expect(badges()).toEqual(['2']));
  });

  it('are not asked for a visitor', async () => {
    const { fetch } = serve([counts({ newLikes: 1 })]);
    await renderScreen(<Shell />, { route: '/terms' });
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/');
    expect(fetch).not.toHaveBeenCalled();
  });
});
