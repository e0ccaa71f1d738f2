import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '@/i18n/i18n.ts';
import { routerProbe } from '@/test/render.tsx';
import { RootLayout } from './routes/root-layout.tsx';

// The app renders once the language's texts are here (main.tsx): so do the tests.
beforeAll(async () => {
  await initI18n();
});
afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

function BrokenScreen(): never {
  throw new Error('a chunk of an older release');
}

/** The app's root layout over a screen that fails as a broken release would (any but /terms). */
function showBrokenScreen(path: string) {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const router = routerProbe();
  render(
    <MemoryRouter initialEntries={[path]}>
      {router.element}
      <Routes>
        <Route element={<RootLayout />}>
          <Route path="/terms" element={<h1>Terms of use</h1>} />
          <Route path="*" element={<BrokenScreen />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
  return router;
}

describe('the root error screen', () => {
  it('replaces a screen that fails with a focused message and a reload, in English', async () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    showBrokenScreen('/suggestions');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Something went wrong' });
    expect(heading).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Reload the page' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('speaks French to a French member', async () => {
    await i18n.changeLanguage('fr');
    showBrokenScreen('/fr/suggestions');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Un problème est survenu' }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Recharger la page' })).toBeVisible();
  });

  it('gives way to the next screen the member goes to', async () => {
    const router = showBrokenScreen('/suggestions');
    await screen.findByRole('heading', { level: 1, name: 'Something went wrong' });
    await act(() => router.navigate('/terms'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of use' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
  });
});
