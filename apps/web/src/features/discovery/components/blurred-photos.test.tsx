import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memberLikes } from '@/features/likes/components/member-likes.ts';
import { mockEndpoints } from '@/test/api.ts';
import { renderScreen, screen } from '@/test/render.tsx';
import { aMember, detailsOf, fakeIntersectionObserver, NO_FILTERS } from '../test/fixtures.ts';
import { SuggestionsPage } from './suggestions-page.tsx';
import { UserDetailsPage } from './user-details-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

function logIn() {
  localStorage.setItem('authToken', 'token');
  localStorage.setItem(
    'currentUser',
    JSON.stringify({ id: 'me', name: 'Moussa', latitude: 14.7, longitude: -17.4, mediaUrls: [] }),
  );
}

const blurred = aMember({
  name: 'awa ndiaye',
  age: 26,
  photosBlurred: true,
  mediaUrls: ['/media/photos/a-blur.webp?s=1', '/media/photos/b-blur.webp?s=1'],
});
const shown = aMember({ name: 'salma ba', age: 30 });

function serve() {
  mockEndpoints({
    suggestions: ({ url }) => {
      const page = Number(new URL(url, 'http://localhost').searchParams.get('page'));
      return { body: { content: page === 0 ? [blurred, shown] : [], page, size: 100 } };
    },
    preferences: { body: NO_FILTERS },
    memberDetails: { body: detailsOf(blurred) },
  });
}

const card = (name: string) =>
  screen
    .getByRole('heading', { level: 2, name: new RegExp(`^${name}`) })
    .closest('article') as HTMLElement;

describe('Blurred photos', () => {
  it('shows a card’s blurred photo as such, saying it is visible after a match', async () => {
    logIn();
    fakeIntersectionObserver();
    serve();
    await renderScreen(<SuggestionsPage likes={memberLikes} />, { route: '/suggestions' });
    await screen.findByRole('heading', { level: 2, name: /^Awa Ndiaye/ });
    const awa = card('Awa Ndiaye');
    expect(within(awa).getByRole('img', { name: 'Blurred photo of Awa Ndiaye' })).toHaveAttribute(
      'src',
      blurred.mediaUrls[0],
    );
    within(awa).getByText('Visible after a match');
    const salma = card('Salma Ba');
    expect(within(salma).queryByText('Visible after a match')).toBeNull();
    expect(salma.querySelector('img')?.getAttribute('alt')).toBe('');
  });

  it('says so in the profile dialog, whose blurred photos do not open full screen', async () => {
    logIn();
    fakeIntersectionObserver();
    serve();
    await renderScreen(<SuggestionsPage likes={memberLikes} />, { route: '/suggestions' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Awa Ndiaye, 26' }));
    const dialog = await screen.findByRole('dialog', { name: 'Awa Ndiaye, 26' });
    within(dialog).getByText('Visible after a match');
    within(dialog).getByRole('img', { name: 'Photo 1 of Awa Ndiaye, blurred until you match' });
    expect(within(dialog).queryByRole('button', { name: /^Enlarge photo/ })).toBeNull();
    // The photos still turn, one blurred copy after the other.
    await user.click(within(dialog).getByRole('button', { name: 'Next photo' }));
    within(dialog).getByText('Photo 2 of 2');
  });

  it('explains it in French on the profile page', async () => {
    logIn();
    serve();
    await renderScreen(<UserDetailsPage likes={memberLikes} id={blurred.id} />, {
      route: `/fr/user-details/${blurred.id}`,
      language: 'fr',
    });
    await screen.findByText('Visible après un match');
    screen.getByRole('img', { name: "Photo 1 d'Awa Ndiaye, floutée jusqu’à un match" });
  });
});
