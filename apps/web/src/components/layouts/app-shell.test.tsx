import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Outlet, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '@/i18n/i18n.ts';
import { routerProbe } from '@/test/render.tsx';
import { AppShell } from './app-shell.tsx';
import type { LikedYouContent } from './liked-you-dialog.tsx';
import type { NavCounts } from './member-nav.tsx';

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeAll(() => {
  vi.stubGlobal('ResizeObserver', ResizeObserverStub);
  initI18n();
});

beforeEach(async () => {
  await i18n.changeLanguage('en');
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.stubGlobal('ResizeObserver', ResizeObserverStub);
});

function signIn(user: { name: string; mediaUrls: string[] }) {
  localStorage.setItem('authToken', 'token-123');
  localStorage.setItem(
    'currentUser',
    JSON.stringify({ id: 7, location: 'Dakar, Sénégal', ...user }),
  );
}

function page(name: string) {
  return (
    <main>
      <h1>{name}</h1>
    </main>
  );
}

function renderShell(path: string, counts?: NavCounts, likedYou?: LikedYouContent) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(['private'], { secret: true });
  const router = routerProbe();
  const pages = [
    ['/suggestions', 'Suggestions page'],
    ['/chat', 'Chat page'],
    ['/terms', 'Terms page'],
    ['/fr/terms', 'Conditions'],
    ['/mon-profil', 'My profile page'],
  ];
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        {router.element}
        <Routes>
          <Route path="/" element={page('Login')} />
          <Route
            element={
              <AppShell {...(counts ? { counts } : {})} {...(likedYou ? { likedYou } : {})}>
                <Outlet />
              </AppShell>
            }
          >
            {pages.map(([address, name]) => (
              <Route key={address} path={address} element={page(name ?? '')} />
            ))}
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { router, queryClient, user: userEvent.setup() };
}

describe('the shell for a visitor (terms, privacy)', () => {
  it('shows the logo to /, the language switch and a log-in link, and no member navigation', () => {
    renderShell('/terms');
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Mawadda, home' }).getAttribute('href')).toBe(
      '/',
    );
    within(banner).getByRole('group', { name: 'Language' });
    expect(within(banner).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Profile menu' })).toBeNull();
  });

  it('offers a skip link to the content, and a footer with the legal links', () => {
    renderShell('/terms');
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    const target = document.getElementById(skip.getAttribute('href')?.slice(1) ?? '');
    expect(target?.contains(screen.getByRole('main'))).toBe(true);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe(
      '/privacy',
    );
    // Anyone may report illegal content, with no account (ADR 079).
    expect(within(footer).getByRole('link', { name: 'Report illegal content' })).toHaveAttribute(
      'href',
      '/report',
    );
    // Help goes to support, not to the privacy address of the legal pages.
    expect(within(footer).getByRole('link', { name: 'Contact' })).toHaveAttribute(
      'href',
      'mailto:support@mawadda.app',
    );
  });

  it('keeps the /fr prefix on its links', async () => {
    await i18n.changeLanguage('fr');
    renderShell('/fr/terms');
    expect(screen.getByRole('link', { name: 'Connexion' }).getAttribute('href')).toBe('/fr');
    expect(screen.getByRole('link', { name: 'Confidentialité' }).getAttribute('href')).toBe(
      '/fr/privacy',
    );
  });
});

describe('the shell for a member', () => {
  it('shows the four destinations, marks the current page, and the logo leads to suggestions', () => {
    signIn({ name: 'Amina Diallo', mediaUrls: [] });
    renderShell('/chat');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const chat = within(nav).getByRole('link', { name: 'Messages' });
    expect(chat.getAttribute('aria-current')).toBe('page');
    expect(
      within(nav).getByRole('link', { name: 'Suggestions' }).getAttribute('aria-current'),
    ).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Views' }).getAttribute('href')).toBe(
      '/profile-views',
    );
    expect(within(nav).getByRole('button', { name: 'Likes' })).toHaveAttribute(
      'aria-haspopup',
      'dialog',
    );
    expect(screen.getByRole('link', { name: 'Mawadda, suggestions' }).getAttribute('href')).toBe(
      '/suggestions',
    );
  });

  it('hides badges at zero, shows the count, and 9+ above nine', () => {
    signIn({ name: 'Amina', mediaUrls: [] });
    renderShell('/suggestions', { suggestions: 0, likes: 3, chat: 12, views: 0 });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const badges = within(nav)
      .getAllByTestId('nav-badge')
      .map((badge) => badge.textContent);
    expect(badges).toEqual(['3', '9+']);
    expect(within(nav).getByRole('button', { name: 'Likes, 3 new' })).toHaveTextContent('3');
    expect(within(nav).getByRole('link', { name: 'Messages, more than 9 new' })).toHaveTextContent(
      '9+',
    );
    expect(within(nav).getByRole('link', { name: 'Suggestions' })).not.toHaveTextContent(/\d/);
  });

  it('shows the first photo as the avatar, or the initials without one', () => {
    signIn({ name: 'Amina Diallo', mediaUrls: [] });
    renderShell('/suggestions');
    const trigger = screen.getByRole('button', { name: 'Profile menu' });
    expect(trigger.textContent).toContain('AD');
    cleanup();
    signIn({ name: 'Amina Diallo', mediaUrls: ['/media/a.webp', '/media/b.webp'] });
    renderShell('/suggestions');
    const photo = screen.getByRole('button', { name: 'Profile menu' }).querySelector('img');
    expect(photo?.getAttribute('src')).toBe('/media/a.webp');
  });

  it('opens the liked-you dialog with the content the app gives it, mounted only while open', async () => {
    signIn({ name: 'Amina', mediaUrls: [] });
    const mounted = vi.fn();
    function Content({ close }: { close: () => void }) {
      mounted();
      return (
        <button type="button" onClick={close}>
          Done here
        </button>
      );
    }
    const { user } = renderShell('/suggestions', undefined, (close) => <Content close={close} />);
    expect(mounted).not.toHaveBeenCalled();
    const likes = screen.getByRole('button', { name: 'Likes' });
    expect(likes.getAttribute('aria-haspopup')).toBe('dialog');

    await user.click(likes);
    const dialog = await screen.findByRole('dialog', { name: 'Who liked you' });
    expect(dialog).toHaveAccessibleDescription('Members who liked your profile, newest first.');
    expect(mounted).toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Done here' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(likes);

    await user.click(likes);
    await screen.findByRole('dialog', { name: 'Who liked you' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the liked-you dialog at ?likes=open (a likes push), then drops it from the address', async () => {
    signIn({ name: 'Amina', mediaUrls: [] });
    const { router, user } = renderShell('/suggestions?likes=open&x=1', undefined, () => (
      <p>Likes list</p>
    ));
    const dialog = await screen.findByRole('dialog', { name: 'Who liked you' });
    expect(within(dialog).getByText('Likes list')).toBeTruthy();
    expect(router.location.pathname).toBe('/suggestions');
    expect(router.location.search).toBe('?x=1');
    // Replaced, not pushed: nothing to go Back to that would open it again.
    expect(router.action).toBe('REPLACE');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();

    // A click on a likes notification while the app is open navigates there (notification-clicks).
    await act(() => router.navigate('/chat?likes=open'));
    await screen.findByRole('dialog', { name: 'Who liked you' });
    expect(router.location.search).toBe('');
  });

  it('opens the profile menu from the keyboard, with the unbuilt items disabled', async () => {
    // The name as the member typed it; the menu shows it as every screen does.
    signIn({ name: 'amina DIALLO', mediaUrls: [] });
    const { user } = renderShell('/suggestions');
    const trigger = screen.getByRole('button', { name: 'Profile menu' });
    trigger.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(menu).toHaveTextContent(/^ADAmina Diallo/);
    // Opened by a key: on its first item, as a menu button's pattern wants.
    await vi.waitFor(() =>
      expect(within(menu).getByRole('menuitem', { name: 'My profile' })).toHaveFocus(),
    );
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent?.replace(/Soon$/, ''))).toEqual([
      'My profile',
      'Our network',
      'Gifts',
      'Settings',
      'Help',
      'Promo code',
      'Terms of use',
      'Log out',
    ]);
    const disabled = items.filter((item) => item.getAttribute('aria-disabled') === 'true');
    expect(disabled.map((item) => item.textContent?.replace(/Soon$/, ''))).toEqual([
      'Our network',
      'Settings',
      'Help',
      'Promo code',
    ]);
    expect(within(menu).getByRole('menuitem', { name: 'Gifts' }).getAttribute('href')).toBe(
      '/gifts',
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    // The menu loads on its first opening, its button in place of the first one.
    expect(screen.getByRole('button', { name: 'Profile menu' })).toHaveFocus();
  });

  it('opens the terms from the footer or the menu with the way back to the page', async () => {
    signIn({ name: 'Amina', mediaUrls: [] });
    const { user, router } = renderShell('/chat');
    await user.click(
      within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Terms of use' }),
    );
    expect(router.location.pathname).toBe('/terms');
    expect(router.location.state).toEqual({ from: '/chat' });

    await act(() => router.navigate('/suggestions'));
    await user.click(screen.getByRole('button', { name: 'Profile menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Terms of use' }));
    expect(router.location.pathname).toBe('/terms');
    expect(router.location.state).toEqual({ from: '/suggestions' });
  });

  it('goes to my profile from the menu', async () => {
    signIn({ name: 'Amina', mediaUrls: [] });
    const { user, router } = renderShell('/suggestions');
    await user.click(screen.getByRole('button', { name: 'Profile menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'My profile' }));
    expect(router.location.pathname).toBe('/mon-profil');
  });

  it('logs out: tells the server, forgets the session and the cache, and goes to login', async () => {
    signIn({ name: 'Amina', mediaUrls: [] });
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    const { user, router, queryClient } = renderShell('/suggestions');
    await user.click(screen.getByRole('button', { name: 'Profile menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await vi.waitFor(() => expect(router.location.pathname).toBe('/'));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/logout',
      expect.objectContaining({ method: 'POST' }),
    );
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer token-123');
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('currentUser')).toBeNull();
    expect(queryClient.getQueryData(['private'])).toBeUndefined();
    screen.getByRole('heading', { name: 'Login' });
  });

  it('logs out even when the server cannot be reached', async () => {
    signIn({ name: 'Amina', mediaUrls: [] });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const { user, router } = renderShell('/suggestions');
    await user.click(screen.getByRole('button', { name: 'Profile menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await vi.waitFor(() => expect(router.location.pathname).toBe('/'));
    expect(localStorage.getItem('authToken')).toBeNull();
  });
});

describe('the language switch', () => {
  it('calls the likes “Qui m’aime” in French, not “J’aime” (what one does)', async () => {
    await i18n.changeLanguage('fr');
    signIn({ name: 'Amina Diallo', mediaUrls: [] });
    renderShell('/suggestions');
    const nav = screen.getByRole('navigation', { name: 'Principale' });
    expect(within(nav).getByRole('button', { name: "Qui m'aime" })).toBeEnabled();
  });

  it('switches to French, marks the choice, and puts it in the address', async () => {
    const { user, router } = renderShell('/terms');
    const group = screen.getByRole('group', { name: 'Language' });
    const french = within(group).getByRole('button', { name: /Français/ });
    expect(french.getAttribute('aria-pressed')).toBe('false');
    await user.click(french);
    expect(i18n.resolvedLanguage).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
    expect(router.location.pathname).toBe('/fr/terms');
    const groupFr = screen.getByRole('group', { name: 'Langue' });
    expect(
      within(groupFr)
        .getByRole('button', { name: /Français/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    expect(localStorage.length).toBe(0);
    await act(async () => {
      await i18n.changeLanguage('en');
    });
  });
});
