import { act, render, screen } from '@testing-library/react';
import { beforeAll, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '@/i18n/i18n.ts';
import { OfflineBanner } from './offline-banner.tsx';

// The notice's chunk cannot come: the connection dropped before it was fetched, and no service
// worker serves it (a first visit, a browser without one).
vi.mock('./offline-since-notice.tsx', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

beforeAll(async () => {
  initI18n();
  await i18n.changeLanguage('en');
});

it('says the general offline note, and the page keeps its content, when the notice cannot load', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  render(
    <main>
      <OfflineBanner />
      <p>Her conversation</p>
    </main>,
  );
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  act(() => {
    window.dispatchEvent(new Event('offline'));
  });
  expect(await screen.findByRole('status')).toHaveTextContent(
    'You are offline. Some things will wait for the connection to come back.',
  );
  // Once the failed import has settled, the general note stays and nothing is torn down.
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(screen.getByRole('status')).toHaveTextContent(
    'You are offline. Some things will wait for the connection to come back.',
  );
  expect(screen.getByText('Her conversation')).toBeVisible();
});
