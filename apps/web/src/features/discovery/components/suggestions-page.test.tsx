import type { Preferences } from '@mawadda/contract';
import type { InfiniteData } from '@tanstack/react-query';
import { act, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memberLikes } from '@/features/likes/components/member-likes.ts';
import { dataSaver } from '@/lib/data-saver.ts';
import { discoveryKeys } from '@/lib/query-keys.ts';
import { mockEndpoints, type Stubs } from '@/test/api.ts';
import { aCurrentUser, anError } from '@/test/fixtures.ts';
import { renderScreen, screen } from '@/test/render.tsx';
import { fakeSafety } from '@/test/safety.ts';
import type { SuggestionsPage as Page } from '../api/discovery-api.ts';
import { aMember, detailsOf, fakeIntersectionObserver, NO_FILTERS } from '../test/fixtures.ts';
import { MatchMoment } from './match-moment.tsx';
import { SuggestionsPage } from './suggestions-page.tsx';
import { UserDetailsPage } from './user-details-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const pageOf = (url: string) => Number(new URL(url, 'http://localhost').searchParams.get('page'));

function logIn() {
  localStorage.setItem('authToken', 'token');
  localStorage.setItem(
    'currentUser',
    JSON.stringify({ id: 'me', name: 'Moussa', latitude: 14.7, longitude: -17.4, mediaUrls: [] }),
  );
}

/** Serves the given pages in turn, then an empty one; records which pages were asked for. */
function serveSuggestions(pages: ReturnType<typeof aMember>[][], extra: Stubs = {}) {
  const asked: number[] = [];
  const fetch = mockEndpoints({
    suggestions: ({ url }) => {
      const page = pageOf(url);
      asked.push(page);
      return { body: { content: pages[page] ?? [], page, size: 100 } };
    },
    preferences: { body: NO_FILTERS },
    // The filters ask for the member's gender and estimate their audience while open.
    currentUser: { body: aCurrentUser({ id: 'me', gender: 'homme' }) },
    estimateAudience: { body: { about: 120, exact: false } },
    ...extra,
  });
  return { asked, fetch };
}

// Hidden included: a card is still there under a dialog ("It's a match").
const card = (name: string) =>
  screen
    .getByRole('heading', { level: 2, name: new RegExp(`^${name}`), hidden: true })
    .closest('article') as HTMLElement;

/** The page scrolled to `y`, as the browser reports it. */
function scrollTo(y: number) {
  vi.spyOn(window, 'scrollY', 'get').mockReturnValue(y);
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

describe('Suggestions', () => {
  it('fills the heart of a member liked on another device, so the like cannot be repeated', async () => {
    logIn();
    fakeIntersectionObserver();
    serveSuggestions([[aMember({ name: 'Salma', likedByMe: true }), aMember({ name: 'Awa' })]]);
    await renderScreen(<SuggestionsPage likes={memberLikes} />, { route: '/suggestions' });
    await screen.findByRole('heading', { level: 2, name: /^Salma/ });
    const liked = within(card('Salma')).getByRole('button', { name: 'You liked Salma' });
    expect(liked).toHaveAttribute('aria-pressed', 'true');
    expect(liked).toHaveAttribute('aria-disabled', 'true');
    expect(within(card('Awa')).getByRole('button', { name: 'Like Awa' })).toBeEnabled();
    // Nothing of this device's own liked set was needed.
    expect(localStorage.getItem('likedUsers')).toBeNull();
  });

  it('shows each member as a card: name in title case, age, distance, place, photos, online', async () => {
    logIn();
    fakeIntersectionObserver();
    serveSuggestions([
      [
        aMember({
          name: 'aïcha DIALLO',
          age: 27,
          distanceKm: 48,
          location: 'Thiès, Sénégal',
          online: true,
          mediaUrls: ['/media/a1.webp', '/media/a2.webp', '/media/a3.webp'],
        }),
        aMember({ name: 'mariam ba', age: 31, distanceKm: 0, mediaUrls: [] }),
      ],
    ]);
    await renderScreen(<SuggestionsPage likes={memberLikes} />, { route: '/suggestions' });

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Suggestions');
    const aicha = await screen.findByRole('heading', { level: 2, name: 'Aïcha Diallo, 27' });
    const first = aicha.closest('article') as HTMLElement;
    expect(first.textContent).toContain('Thiès, Sénégal');
    expect(first).toHaveTextContent('48 km away');
    within(first).getByText('3 photos');
    within(first).getByText('Online');
    expect(first.querySelector('img')?.getAttribute('src')).toBe('/media/a1.webp');
    // The first card's photo is the screen's largest paint: fetched at once, before the rest.
    expect(first.querySelector('img')?.getAttribute('loading')).toBe('eager');
    expect(first.querySelector('img')?.getAttribute('fetchpriority')).toBe('high');
    expect(
      within(first).getByRole('link', { name: 'Send a gift to Aïcha Diallo' }).getAttribute('href'),
    ).toMatch(/^\/gifts\?receiverId=/);
    expect(
      within(first)
        .getByRole('link', { name: 'Send a message to Aïcha Diallo' })
        .getAttribute('href'),
    ).toMatch(/^\/chat\?userId=/);

    const second = card('Mariam Ba');
    expect(second.textContent).toContain('No photo yet');
    expect(second.textContent).toContain('Near you');
    expect(second.textContent).not.toContain('Online');
    expect(document.title).toBe('Suggestions · Mawadda');
  });

  it('opens the gift popup the app gives from a card, for that member', async () => {
    logIn();
    fakeIntersectionObserver();
    const member = aMember({ name: 'aïcha DIALLO', age: 27 });
    serveSuggestions([[member]]);
    const onGift = vi.fn();
    await renderScreen(<SuggestionsPage likes={memberLikes} onGift={onGift} />, {
      route: '/suggestions',
    });
    await screen.findByRole('heading', { level: 2, name: 'Aïcha Diallo, 27' });
    await userEvent
      .setup()
      .click(
        within(card('Aïcha Diallo')).getByRole('button', { name: 'Send a gift to Aïcha Diallo' }),
      );
    expect(onGift.mock.calls).toEqual([[{ id: member.id, name: 'Aïcha Diallo' }]]);
  });

  it('says "near you" for every member of the same town, on the card and in the dialog', async () => {
    logIn();
    fakeIntersectionObserver();
    // Same grid cell (0 km) and the neighbouring one (11 km): the same town for the member.
    const sameCell = aMember({ name: 'awa', distanceKm: 0 });
    const nextCell = aMember({ name: 'binta', distanceKm: 11, location: 'Pikine, Sénégal' });
    serveSuggestions([[sameCell, nextCell]], {
      memberDetails: { body: detailsOf(nextCell) },
    });
    await renderScreen(<SuggestionsPage likes={memberLikes} />, { route: '/suggestions' });
    await screen.findByRole('heading', { level: 2, name: /^Awa/ });
    expect(card('Awa')).toHaveTextContent('Near you');
    expect(card('Binta')).toHaveTextContent('Near you');
    expect(card('Binta')).not.toHaveTextContent('11 km');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Binta, 30' }));
    const dialog = await screen.findByRole('dialog', { name: 'Binta, 30' });
    expect(within(dialog).getByText('Pikine, Sénégal').parentElement).toHaveTextContent(
      'Pikine, Sénégal·Near you',
    );
  });

  it('loads the next page when the last card comes into view, and stops after an empty page', async () => {
    logIn();
    const observer = fakeIntersectionObserver();
    const first = Array.from({ length: 3 }, (_, i) => aMember({ name: `first ${i}` }));
    const second = [aMember({ name: 'second page' })];
    const { asked } = serveSuggestions([first, second]);
    await renderScreen(<SuggestionsPage likes={memberLikes} />, { route: '/suggestions' });

    await screen.findByRole('heading', { name: /^First 0/ });
    expect(asked).toEqual([0]);

    observer.intersect(true);
    await screen.findByRole('heading', { name: /^Second Page/ });
    expect(asked.slice(0, 2)).toEqual([0, 1]);
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(4);

    // The sentinel is still in view: the next page comes back empty, and that is the end.
    await screen.findByText(/That's everyone for now/);
    expect(asked).toEqual([0, 1, 2]);
    observer.intersect(false);
    observer.intersect(true);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(asked).toEqual([0, 1, 2]);
  });

  it('draws a page’s first row of four cards, the others once the end comes near, then asks for the next page', async () => {
    logIn();
    const observer = fakeIntersectionObserver();
    const first = Array.from({ length: 30 }, (_, i) => aMember({ name: `member ${i}` }));
    const { asked } = serveSuggestions([first]);
    await renderScreen(<SuggestionsPage likes={memberLikes} />, { route: '/suggestions' });

    await screen.findByRole('heading', { name: /^Member 0/ });
    const cards = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    // The first row with the answer, the second a render later.
    await waitFor(() => expect(cards()).toHaveLength(4));
    expect(cards()[3]).toMatch(/^Member 3/);
    // The rest of the page is not "everyone".
    expect(screen.queryByText(/That's everyone for now/)).toBeNull();
    expect(asked).toEqual([0]);

    // The end stays in view: the other cards, then the next page (empty: the end).
    observer.intersect(true);
    await screen.findByText(/That's everyone for now/);
    expect(cards()).toHaveLength(30);
    expect(asked).toEqual([0, 1]);
  });

  it('draws ahead once the member scrolls; in data saver only at the end, and the cards for small photos', async () => {
    logIn();
    const sized = '/media/photos/6f1c2d3e-0000-4000-8000-000000000001-1080.webp?m=me&e=1&s=p';
    const observer = fakeIntersectionObserver();
    serveSuggestions([[aMember({ name: 'first', mediaUrls: [sized] })]]);
    const { unmount } = await renderScreen(<SuggestionsPage likes={memberLikes} />, {
      route: '/suggestions',
    });
    await screen.findByRole('heading', { name: /^First/ });
    // Until the member scrolls down, cards only fill the screen; then they come 600 px ahead.
    expect(observer.rootMargins()).toEqual(['0px']);
    // The browser putting the page back at the top (arriving from a scrolled login form) is no
    // member's scroll.
    scrollTo(0);
    expect(observer.rootMargins()).toEqual(['0px']);
    scrollTo(300);
    await waitFor(() => expect(observer.rootMargins()).toEqual(['0px 0px 600px 0px']));
    const sources = () =>
      [...document.querySelectorAll('article picture source')].map((s) => s.getAttribute('srcset'));
    expect(sources()[0]).toContain('1080w');
    unmount();

    dataSaver.choose(true);
    await renderScreen(<SuggestionsPage likes={memberLikes} />, { route: '/suggestions' });
    await screen.findByRole('heading', { name: /^First/ });
    scrollTo(600);
    expect(observer.rootMargins()).toEqual(['0px']);
    expect(sources()).toEqual([expect.stringMatching(/ 240w$/), expect.stringMatching(/ 240w$/)]);
  });

  it('fills the heart on a like, which cannot be repeated, and survives a reload', async () => {
    logIn();
    fakeIntersectionObserver();
    const aicha = aMember({ name: 'aïcha diallo' });
    const likes: unknown[] = [];
    serveSuggestions([[aicha]], {
      like: ({ body }: { body: unknown }) => {
        likes.push(body);
        return { body: { mutualLike: false } };
      },
    });
    const { unmount } = await renderScreen(<SuggestionsPage likes={memberLikes} />, {
      route: '/suggestions',
    });
    const user = userEvent.setup();

    const like = await screen.findByRole('button', { name: 'Like Aïcha Diallo' });
    expect(like.getAttribute('aria-pressed')).toBe('false');
    await user.click(like);

    const liked = await screen.findByRole('button', { name: 'You liked Aïcha Diallo' });
    expect(liked).toHaveAttribute('aria-pressed', 'true');
    expect(liked).toHaveAttribute('aria-disabled', 'true');
    expect(liked.querySelector('svg')).toHaveAttribute('fill', 'currentColor');
    // The keyboard stays where it was: on the heart, now "You liked…", not on the page itself.
    expect(liked).toHaveFocus();
    expect(liked).toBeEnabled();
    await user.click(liked);
    await user.keyboard('{Enter}');
    expect(likes).toEqual([{ likedUserId: aicha.id }]);
    expect(JSON.parse(localStorage.getItem('likedUsers') ?? '[]')).toEqual([aicha.id]);
    expect(screen.queryByText("It's a match!")).toBeNull();

    unmount();
    await renderScreen(<SuggestionsPage likes={memberLikes} />, { route: '/suggestions' });
    const again = await screen.findByRole('button', { name: 'You liked Aïcha Diallo' });
    expect(again.getAttribute('aria-pressed')).toBe('true');
  });

  it('celebrates a mutual like: the card shakes for a second, "It\'s a match!" with the chat', async () => {
    logIn();
    fakeIntersectionObserver();
    const vibrate = vi.fn();
    vi.stubGlobal('navigator', { ...navigator, vibrate });
    const aicha = aMember({ name: 'AÏCHA diallo' });
    const photoUrl = `/media/photos/${aicha.id}.webp?m=me`;
    serveSuggestions([[aicha]], {
      like: {
        body: { mutualLike: true, match: { id: aicha.id, name: 'AÏCHA diallo', photoUrl } },
      },
    });
    await renderScreen(
      <>
        <SuggestionsPage likes={memberLikes} />
        <MatchMoment me="me" />
      </>,
      { route: '/suggestions' },
    );
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Like Aïcha Diallo' }));

    const match = await screen.findByRole('dialog', { name: "It's a match!" });
    expect(match).toHaveAccessibleDescription(
      'You and Aïcha Diallo like each other. Take the first step: say salam.',
    );
    expect(match.querySelector(`img[src="${photoUrl}"]`)).not.toBeNull();
    const chat = within(match).getByRole('link', { name: 'Send a message' });
    expect(chat.getAttribute('href')).toBe(`/chat?userId=${aicha.id}`);
    expect(card('Aïcha Diallo').className).toContain('discovery-shake');
    expect(vibrate).toHaveBeenCalledWith(200);
    await vi.waitFor(
      () => expect(card('Aïcha Diallo').className).not.toContain('discovery-shake'),
      {
        timeout: 2000,
      },
    );
  });

  it('says why a like failed (today’s limit reached), and leaves the heart empty to try later', async () => {
    logIn();
    fakeIntersectionObserver();
    serveSuggestions([[aMember({ name: 'awa' })]], {
      like: {
        status: 429,
        body: {
          code: 'LIKES_DAILY_LIMIT',
          message: "You have reached today's limit of likes. Try again tomorrow.",
          params: { retryAfter: 40_000 },
        },
      },
    });
    await renderScreen(<SuggestionsPage likes={memberLikes} />, {
      route: '/suggestions',
      language: 'fr',
    });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Aimer Awa' }));
    const alert = await screen.findByText(
      /limite de « J'aime » pour aujourd'hui\. Réessayez demain/,
    );
    expect(alert.closest('[role="alert"]')).toHaveTextContent(/Réessayez demain/);
    const like = screen.getByRole('button', { name: 'Aimer Awa' });
    expect(like.getAttribute('aria-pressed')).toBe('false');
    expect((like as HTMLButtonElement).disabled).toBe(false);
    expect(localStorage.getItem('likedUsers')).toBe('[]');
  });

  it('opens the profile dialog from a card, loading the details (which records the view)', async () => {
    logIn();
    fakeIntersectionObserver();
    const aicha = aMember({
      name: 'aïcha diallo',
      age: 27,
      gender: 'femme',
      mediaUrls: ['/media/p1.webp', '/media/p2.webp'],
      online: true,
    });
    const { fetch } = serveSuggestions([[aicha]], {
      memberDetails: {
        body: detailsOf(aicha, { maritalStatus: 'divorce', hasChildren: 'yes' }),
      },
    });
    await renderScreen(<SuggestionsPage likes={memberLikes} />, { route: '/suggestions' });
    const user = userEvent.setup();

    const opener = await screen.findByRole('button', { name: 'Aïcha Diallo, 27' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Aïcha Diallo, 27' });
    await within(dialog).findByText('Divorced');
    within(dialog).getByText('Has children');
    within(dialog).getByText('Woman');
    within(dialog).getByText('Online');
    within(dialog).getByText(/Practising, calm/);
    expect(fetch.mock.calls.some(([url]) => String(url) === `/api/users/${aicha.id}/details`)).toBe(
      true,
    );
    expect(within(dialog).getByRole('link', { name: 'Message' }).getAttribute('href')).toBe(
      `/chat?userId=${aicha.id}`,
    );

    // The photos: next, the arrow keys, the dots.
    within(dialog).getByText('Photo 1 of 2');
    await user.click(within(dialog).getByRole('button', { name: 'Next photo' }));
    within(dialog).getByText('Photo 2 of 2');
    await user.keyboard('{ArrowRight}');
    within(dialog).getByText('Photo 1 of 2');
    await user.click(within(dialog).getByRole('button', { name: 'Show photo 2 of 2' }));
    within(dialog).getByText('Photo 2 of 2');

    // The lightbox: the photo full screen, Escape back to the profile.
    await user.click(within(dialog).getByRole('button', { name: 'Enlarge photo 2 of 2' }));
    const lightbox = await screen.findByRole('dialog', { name: 'Photo 2 of 2, Aïcha Diallo' });
    expect(lightbox.querySelector('img')?.getAttribute('src')).toBe('/media/p2.webp');
    // One step per key: the dialog behind does not turn the photos as well.
    await user.keyboard('{ArrowRight}');
    expect(lightbox.querySelector('img')?.getAttribute('src')).toBe('/media/p1.webp');
    await user.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.getAllByRole('dialog')).toHaveLength(1));

    await user.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  it('shows in the dialog a like the server remembers, even one made since the list loaded', async () => {
    logIn();
    fakeIntersectionObserver();
    // Liked on another device after this page loaded: the card does not know, the details do.
    const salma = aMember({ name: 'salma', likedByMe: false });
    const likes: unknown[] = [];
    serveSuggestions([[salma]], {
      memberDetails: { body: detailsOf(salma, { likedByMe: true }) },
      like: ({ body }: { body: unknown }) => {
        likes.push(body);
        return { body: { mutualLike: false } };
      },
    });
    await renderScreen(<SuggestionsPage likes={memberLikes} />, { route: '/suggestions' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Salma, 30' }));
    const dialog = await screen.findByRole('dialog', { name: 'Salma, 30' });

    const liked = await within(dialog).findByRole('button', { name: 'Liked' });
    expect(liked).toHaveAttribute('aria-pressed', 'true');
    expect(liked.querySelector('svg')).toHaveAttribute('fill', 'currentColor');
    await user.click(liked);
    expect(likes).toEqual([]);
    expect(localStorage.getItem('likedUsers')).toBeNull();
  });

  it('shows a match from the profile dialog over it; Escape closes the match, then the profile', async () => {
    logIn();
    fakeIntersectionObserver();
    const aicha = aMember({ name: 'aïcha diallo', age: 27 });
    serveSuggestions([[aicha]], {
      memberDetails: { body: detailsOf(aicha) },
      like: { body: { mutualLike: true } },
    });
    await renderScreen(
      <>
        <SuggestionsPage likes={memberLikes} />
        <MatchMoment me="me" />
      </>,
      { route: '/suggestions' },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Aïcha Diallo, 27' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aïcha Diallo, 27' });

    const like = await within(dialog).findByRole('button', { name: 'Like' });
    await user.click(like);
    const match = await screen.findByRole('dialog', { name: "It's a match!" });
    expect(match.contains(document.activeElement)).toBe(true);
    expect(screen.getAllByText("It's a match!")).toHaveLength(1);

    await user.keyboard('{Escape}');
    await vi.waitFor(() =>
      expect(screen.queryByRole('dialog', { name: "It's a match!" })).toBeNull(),
    );
    // Back in the profile, on the button that liked, now "Liked".
    expect(within(dialog).getByRole('button', { name: 'Liked' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a heart on the card shows on the member’s page as a like, not as a Lovely', async () => {
    logIn();
    fakeIntersectionObserver();
    const awa = aMember({ name: 'awa sarr' });
    serveSuggestions([[awa]], {
      memberDetails: { body: detailsOf(awa) },
      like: { body: { mutualLike: false } },
    });
    // The page of a member open beside the suggestions (the same details in memory).
    await renderScreen(
      <>
        <SuggestionsPage likes={memberLikes} />
        <UserDetailsPage likes={memberLikes} id={awa.id} />
      </>,
      { route: '/suggestions' },
    );
    expect(await screen.findByRole('button', { name: 'Send a Lovely' })).toBeEnabled();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Like Awa Sarr' }));
    const page = await screen.findByRole('button', { name: 'Liked' });
    expect(page).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('button', { name: 'Lovely sent' })).toBeNull();
  });

  it('invites to complete the profile when there is no one to suggest', async () => {
    logIn();
    fakeIntersectionObserver();
    serveSuggestions([]);
    await renderScreen(<SuggestionsPage likes={memberLikes} />, {
      route: '/suggestions',
      language: 'fr',
    });

    await screen.findByRole('heading', { name: 'Pas encore de suggestions' });
    expect(screen.getByRole('link', { name: 'Compléter mon profil' }).getAttribute('href')).toBe(
      '/mon-profil',
    );
  });

  it('names the empty state as a region by its heading, and widens the filters from it', async () => {
    logIn();
    fakeIntersectionObserver();
    serveSuggestions([]);
    await renderScreen(<SuggestionsPage likes={memberLikes} />, { route: '/suggestions' });

    const empty = await screen.findByRole('region', { name: 'No suggestions yet' });
    expect(within(empty).getByRole('heading', { level: 2 }).textContent).toBe('No suggestions yet');
    const widen = within(empty).getByRole('button', { name: 'Widen my filters' });
    expect(widen).toHaveAttribute('aria-haspopup', 'dialog');
    await userEvent.setup().click(widen);
    await screen.findByRole('dialog', { name: 'Filters' });
  });

  it('offers a retry when the suggestions fail (the failure is only logged)', async () => {
    logIn();
    fakeIntersectionObserver();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    serveSuggestions([[aMember({ name: 'khadija' })]], {
      suggestions: ({ url }: { url: string }) =>
        fail
          ? { status: 500 as const, body: anError('UNEXPECTED_ERROR', 'Unexpected server error') }
          : {
              body: {
                content: pageOf(url) === 0 ? [aMember({ name: 'khadija' })] : [],
                page: 0,
                size: 100,
              },
            },
    });
    await renderScreen(<SuggestionsPage likes={memberLikes} />, { route: '/suggestions' });

    await screen.findByText('Suggestions could not be loaded.');
    expect(logged).toHaveBeenCalled();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { name: /^Khadija/ });
  });

  it('saves the filters, then starts the suggestions again from the first page', async () => {
    logIn();
    fakeIntersectionObserver();
    const saved: unknown[] = [];
    const { asked } = serveSuggestions([[aMember({ name: 'fatou' })]], {
      savePreferences: ({ body }) => {
        saved.push(body);
        return { body: body as Preferences };
      },
    });
    await renderScreen(<SuggestionsPage likes={memberLikes} />, { route: '/suggestions' });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: /^Fatou/ });

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filters' });
    await user.type(within(dialog).getByLabelText('From (years)'), '35');
    await user.type(within(dialog).getByLabelText('To (years)'), '30');
    await user.click(within(dialog).getByRole('button', { name: 'Show suggestions' }));
    await within(dialog).findByText('The minimum age must not be above the maximum age.');
    expect(saved).toEqual([]);

    await user.clear(within(dialog).getByLabelText('To (years)'));
    await user.type(within(dialog).getByLabelText('To (years)'), '45');
    await user.selectOptions(within(dialog).getByLabelText('Maximum distance'), 'Within 100 km');
    const before = asked.length;
    await user.click(within(dialog).getByRole('button', { name: 'Show suggestions' }));

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(saved).toEqual([
      { minAge: 35, maxAge: 45, maxDistanceKm: 100, dealbreakers: {}, verifiedOnly: false },
    ]);
    expect(asked.slice(before)[0]).toBe(0);
    expect(screen.getByRole('list', { name: 'Active filters' }).textContent).toContain(
      '35 to 45 years',
    );
    expect(screen.getByRole('button', { name: /Filters, 2 filters on/ })).toBeEnabled();
  });

  it('shows the server’s refusal of the filters in the member’s language', async () => {
    logIn();
    fakeIntersectionObserver();
    serveSuggestions([[aMember()]], {
      savePreferences: {
        status: 400,
        body: { code: 'AGE_RANGE_INVALID', message: 'minAge must not be above maxAge' },
      },
    });
    await renderScreen(<SuggestionsPage likes={memberLikes} />, {
      route: '/suggestions',
      language: 'fr',
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Filtres' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filtres' });
    await user.type(within(dialog).getByLabelText('De (ans)'), '30');
    await user.click(within(dialog).getByRole('button', { name: 'Voir les suggestions' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      "L'âge minimum ne doit pas dépasser l'âge maximum",
    );
  });

  it('reports or blocks from the profile dialog, which closes once the member leaves the suggestions', async () => {
    logIn();
    fakeIntersectionObserver();
    const aicha = aMember({ name: 'aïcha diallo', age: 27 });
    const omar = aMember({ name: 'omar sy', age: 31 });
    serveSuggestions([[aicha, omar]], {
      memberDetails: { body: detailsOf(aicha) },
    });
    const safety = fakeSafety();
    const { queryClient } = await renderScreen(
      <SuggestionsPage likes={memberLikes} safety={safety} />,
      {
        route: '/suggestions',
      },
    );
    // As the app does after a block (app/safety-dialogs.tsx): the member leaves the list.
    safety.block.mockImplementation(({ id }: { id: string }) =>
      queryClient.setQueryData<InfiniteData<Page>>(discoveryKeys.suggestions(), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((p) => ({
                ...p,
                content: p.content.filter((m) => m.id !== id),
              })),
            }
          : data,
      ),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Aïcha Diallo, 27' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aïcha Diallo, 27' });
    await user.click(within(dialog).getByRole('button', { name: 'More actions for Aïcha Diallo' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Report' }));
    expect(safety.report.mock.calls).toEqual([[{ id: aicha.id, name: 'Aïcha Diallo' }, undefined]]);

    await user.click(within(dialog).getByRole('button', { name: 'More actions for Aïcha Diallo' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Block' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Aïcha Diallo, 27' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Omar Sy, 31' })).toBeEnabled();
  });
});
