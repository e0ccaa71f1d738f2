import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../i18n/i18n.ts';
import { OfflineBanner } from './offline-banner.tsx';

beforeAll(async () => {
  initI18n();
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

describe('OfflineBanner', () => {
  it('says nothing while online', () => {
    render(<OfflineBanner />);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('tells the member when the connection drops, and goes when it comes back', () => {
    render(<OfflineBanner />);
    goOffline(true);
    expect(screen.getByRole('status').textContent).toContain('You are offline.');
    goOffline(false);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('speaks French too', async () => {
    await i18n.changeLanguage('fr');
    render(<OfflineBanner />);
    goOffline(true);
    expect(screen.getByRole('status').textContent).toContain('Vous êtes hors ligne.');
    await i18n.changeLanguage('en');
  });
});
