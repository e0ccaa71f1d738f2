import { QueryClientProvider, type QueryKey, useQuery } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '@/i18n/i18n.ts';
import { appQueryClient } from '@/lib/query-client.ts';
import { authKeys, discoveryKeys, paymentsKeys } from '@/lib/query-keys.ts';
import { OfflineBanner } from './offline-banner.tsx';

beforeAll(async () => {
  initI18n();
  await i18n.changeLanguage('en');
});
afterEach(async () => {
  // Each test starts online, as the app does: the connection state outlives a screen.
  goOffline(false);
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

/** A screen showing an answer loaded at `loadedAt`, as the member's screens do. */
function Screen({ queryKey }: { queryKey: QueryKey }) {
  useQuery({ queryKey, queryFn: () => 'fresh', staleTime: Number.POSITIVE_INFINITY });
  return null;
}

function renderBanner(answers: Array<{ key: QueryKey; loadedAt: number }> = []) {
  // The app's one client, as the notice reads it; emptied for each test.
  const queryClient = appQueryClient();
  queryClient.clear();
  for (const { key, loadedAt } of answers) {
    queryClient.setQueryData(key, 'kept', { updatedAt: loadedAt });
  }
  render(
    <QueryClientProvider client={queryClient}>
      <OfflineBanner />
      {answers.map(({ key }) => (
        <Screen key={JSON.stringify(key)} queryKey={key} />
      ))}
    </QueryClientProvider>,
  );
}

const today = (hours: number, minutes: number) => new Date(2026, 10, 24, hours, minutes).getTime();

describe('OfflineBanner', () => {
  it('says nothing while online', () => {
    renderBanner();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('tells the member when the connection drops, and goes when it comes back', async () => {
    renderBanner();
    goOffline(true);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'You are offline. Some things will wait for the connection to come back.',
    );
    goOffline(false);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('says from when the answers on screen date, the oldest one, politely', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(today(16, 0));
    renderBanner([
      { key: discoveryKeys.suggestions(), loadedAt: today(14, 32) },
      { key: paymentsKeys.plans(), loadedAt: today(15, 10) },
    ]);
    goOffline(true);
    // role="status": a polite live region, read out without interrupting.
    await screen.findByText(/Showing what was loaded/);
    expect(screen.getByRole('status')).toHaveTextContent(
      'You are offline. Showing what was loaded at 2:32 PM.',
    );
  });

  it('names the day of answers loaded before today', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(today(9, 0));
    renderBanner([
      { key: discoveryKeys.suggestions(), loadedAt: new Date(2026, 10, 22, 18, 5).getTime() },
    ]);
    goOffline(true);
    await screen.findByText(/Showing what was loaded/);
    expect(screen.getByRole('status')).toHaveTextContent(
      'You are offline. Showing what was loaded on November 22 at 6:05 PM.',
    );
  });

  it("does not count a visitor's answers (the login screen's)", async () => {
    renderBanner([{ key: authKeys.clientConfig(), loadedAt: today(14, 32) }]);
    goOffline(true);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'You are offline. Some things will wait for the connection to come back.',
    );
  });

  it('speaks French too', async () => {
    await i18n.changeLanguage('fr');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(today(16, 0));
    renderBanner([{ key: discoveryKeys.suggestions(), loadedAt: today(14, 32) }]);
    goOffline(true);
    await screen.findByText(/Affichage/);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Vous êtes hors ligne. Affichage de ce qui a été chargé à 14:32.',
    );
  });
});
