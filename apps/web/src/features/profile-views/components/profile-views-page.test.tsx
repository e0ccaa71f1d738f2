import type { ProfileViewEntry } from '@mawadda/contract';
import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { profileViewsKeys } from '@/lib/query-keys.ts';
import { mockEndpoints, type Stubs } from '@/test/api.ts';
import { aMember, anError, detailsOf } from '@/test/fixtures.ts';
import { renderScreen, screen } from '@/test/render.tsx';
import { fakeSafety } from '@/test/safety.ts';
import { ProfileViewsPage } from './profile-views-page.tsx';

const HOUR = 3600_000;

function view(name: string, hoursAgo: number, overrides: Partial<ProfileViewEntry> = {}) {
  return {
    id: `00000000-0000-4000-8000-${name.length.toString().padStart(6, '0')}${String(hoursAgo).padStart(6, '0')}`,
    name,
    age: 30,
    gender: 'homme',
    mediaUrls: [`/media/photos/${name}.webp`],
    photosBlurred: false,
    verified: false,
    viewedAt: new Date(Date.now() - hoursAgo * HOUR).toISOString(),
    ...overrides,
  } satisfies ProfileViewEntry;
}

function logIn() {
  localStorage.setItem('authToken', 'token');
  localStorage.setItem(
    'currentUser',
    JSON.stringify({ id: 'me', name: 'Amina', latitude: null, longitude: null, mediaUrls: [] }),
  );
}

function serve(views: ProfileViewEntry[], extra: Stubs = {}) {
  const events: string[] = [];
  const fetch = mockEndpoints({
    profileViews: () => {
      events.push('list');
      return { body: views };
    },
    markProfileViewsSeen: () => {
      events.push('mark-seen');
      return { body: { message: 'Profile views marked as seen.' } };
    },
    ...extra,
  });
  return { events, fetch };
}

const show = (onSeen?: () => void, language: 'en' | 'fr' = 'en') =>
  renderScreen(<ProfileViewsPage {...(onSeen ? { onSeen } : {})} />, {
    route: '/profile-views',
    language,
  });

const entryNames = () =>
  within(screen.getByRole('list'))
    .getAllByRole('button')
    .map((button) => button.getAttribute('aria-label')?.split(',')[0]);

describe('Profile views', () => {
  it('says there is no view yet, in French as the spec words it', async () => {
    logIn();
    serve([]);
    await show(undefined, 'fr');
    await screen.findByRole('heading', { level: 2, name: "Aucune vue pour l'instant." });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Vues du profil');
    expect(screen.getByRole('link', { name: 'Compléter mon profil' }).getAttribute('href')).toBe(
      '/mon-profil',
    );
  });

  it('says "No views yet." in English', async () => {
    logIn();
    serve([]);
    await show();
    await screen.findByText('No views yet.');
    expect(document.title).toBe('Profile views · Mawadda');
  });

  it('lists the views newest first, with age and how long ago, then marks them seen', async () => {
    logIn();
    // Out of order on purpose: the page shows the newest first whatever the order received.
    const yacineView = view('yacine', 30);
    const { events } = serve([
      yacineView,
      view('omar', 1, { age: 34 }),
      view('bilal', 5, { age: null, mediaUrls: [] }),
    ]);
    const onSeen = vi.fn();
    await show(onSeen);

    await screen.findByRole('list');
    expect(entryNames()).toEqual(['Omar', 'Bilal', 'Yacine']);
    const [omar, bilal, yacine] = within(screen.getByRole('list')).getAllByRole('button');
    expect(omar?.getAttribute('aria-label')).toBe('Omar, 34, viewed 1 hour ago');
    expect(omar?.textContent).toBe('Omar, 34 Viewed 1 hour ago');
    expect(bilal?.getAttribute('aria-label')).toBe('Bilal, viewed 5 hours ago');
    expect(bilal?.querySelector('img')?.getAttribute('src')).toBe('/default-avatar.svg');
    expect(yacine?.textContent).toContain('Viewed yesterday');
    expect(yacine?.querySelector('time')).toHaveAttribute('datetime', yacineView.viewedAt);

    await vi.waitFor(() => expect(onSeen).toHaveBeenCalledTimes(1));
    expect(events).toEqual(['list', 'mark-seen']);
  });

  it.each([
    {
      language: 'en' as const,
      note: 'Visible after a match',
      label: 'Yacine, 30, viewed 2 hours ago, Visible after a match',
      description: 'Photo blurred until you match',
    },
    {
      language: 'fr' as const,
      note: 'Visible après un match',
      label: 'Yacine, 30, visite il y a 2 heures, Visible après un match',
      description: 'Photo floutée jusqu’à un match',
    },
  ])(
    'says which photo is blurred until a match ($language)',
    async ({ language, note, label, description }) => {
      logIn();
      serve([view('omar', 1), view('yacine', 2, { photosBlurred: true })]);
      await show(undefined, language);

      await screen.findByRole('list');
      const [clear, hidden] = within(screen.getByRole('list')).getAllByRole('button');
      expect(hidden).toHaveAccessibleName(label);
      expect(hidden).toHaveAccessibleDescription(description);
      within(hidden as HTMLElement).getByText(note);
      expect(clear).not.toHaveAttribute('aria-describedby');
      expect(within(clear as HTMLElement).queryByText(note)).toBeNull();
    },
  );

  it('opens a member: checks they exist, goes to their page and drops the entry', async () => {
    logIn();
    const omar = view('omar', 1);
    const yacine = view('yacine', 2);
    serve([omar, yacine], {
      memberDetails: { body: detailsOf(aMember({ id: omar.id, name: 'omar' })) },
    });
    const { queryClient } = await show();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: /^Omar/ }));
    await screen.findByRole('heading', { name: `Screen /user-details/${omar.id}` });
    expect(queryClient.getQueryData(profileViewsKeys.opened('me'))).toEqual([omar.id]);
  });

  it('gives the spec alert when the member no longer exists, and removes them', async () => {
    logIn();
    const gone = view('gone', 1);
    const other = view('other', 2);
    serve([gone, other], {
      memberDetails: {
        status: 404,
        body: anError('MEMBER_NOT_FOUND', 'This member is not available.'),
      },
    });
    await show();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: /^Gone/ }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'This profile cannot be opened. The member may no longer exist.',
    );
    expect(document.activeElement).toBe(alert);
    expect(entryNames()).toEqual(['Other']);
    await user.click(within(alert).getByRole('button', { name: 'Close the message' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('gives each entry a menu, usable by the keyboard, to report or block the member', async () => {
    logIn();
    const omar = view('omar', 1);
    serve([omar]);
    const safety = fakeSafety();
    await renderScreen(<ProfileViewsPage safety={safety} />, { route: '/profile-views' });
    const more = await screen.findByRole('button', { name: 'More actions for Omar' });
    const user = userEvent.setup();
    more.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Report', 'Block']);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(safety.block.mock.calls).toEqual([[{ id: omar.id, name: 'Omar' }]]);
    // The menu loaded on its first opening, its button in place of the first one.
    expect(screen.getByRole('button', { name: 'More actions for Omar' })).toHaveFocus();
  });
});
