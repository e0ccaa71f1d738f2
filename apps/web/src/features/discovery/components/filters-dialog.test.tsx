import type { AudienceEstimate, Preferences, PreferencesInput } from '@mawadda/contract';
import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memberLikes } from '@/features/likes/components/member-likes.ts';
import { mockEndpoints, type Stubs } from '@/test/api.ts';
import { expectCountryGroups } from '@/test/country-groups.ts';
import { aCurrentUser, anError } from '@/test/fixtures.ts';
import { renderScreen, screen } from '@/test/render.tsx';
import { aMember, fakeIntersectionObserver, NO_FILTERS } from '../test/fixtures.ts';
import { SuggestionsPage } from './suggestions-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const pageOf = (url: string) => Number(new URL(url, 'http://localhost').searchParams.get('page'));

function logIn() {
  localStorage.setItem('authToken', 'token');
  localStorage.setItem(
    'currentUser',
    JSON.stringify({ id: 'me', name: 'Moussa', latitude: 14.7, longitude: -17.4, mediaUrls: [] }),
  );
}

/**
 * The suggestions page with the filters' endpoints: the member (of `gender`), their saved
 * filters, and an estimate answered from `estimates` in turn (the last one repeats). Records what
 * was saved, what was estimated and which suggestion pages were asked for.
 */
function serve({
  gender = 'homme',
  saved = NO_FILTERS,
  estimates = [{ about: 240, exact: false }],
  extra = {},
}: {
  gender?: 'homme' | 'femme';
  saved?: Preferences;
  estimates?: (AudienceEstimate | 429)[];
  extra?: Stubs;
} = {}) {
  const puts: PreferencesInput[] = [];
  const estimated: PreferencesInput[] = [];
  const asked: number[] = [];
  mockEndpoints({
    suggestions: ({ url }) => {
      const page = pageOf(url);
      asked.push(page);
      return { body: { content: page === 0 ? [aMember({ name: 'fatou' })] : [], page, size: 100 } };
    },
    preferences: { body: saved },
    currentUser: { body: aCurrentUser({ id: 'me', gender }) },
    savePreferences: ({ body }) => {
      const sent = body as PreferencesInput;
      puts.push(sent);
      return {
        body: {
          ...sent,
          dealbreakers: sent.dealbreakers ?? saved.dealbreakers,
          verifiedOnly: sent.verifiedOnly ?? saved.verifiedOnly,
        },
      };
    },
    estimateAudience: ({ body }) => {
      estimated.push(body as PreferencesInput);
      const answer = estimates[Math.min(estimated.length - 1, estimates.length - 1)];
      return answer === 429 || answer === undefined
        ? { status: 429, body: anError('RATE_LIMITED', 'Too many requests') }
        : { body: answer };
    },
    ...extra,
  });
  return { puts, estimated, asked };
}

async function openFilters(language: 'en' | 'fr' = 'en') {
  await renderScreen(<SuggestionsPage likes={memberLikes} />, { route: '/suggestions', language });
  const user = userEvent.setup();
  await user.click(
    await screen.findByRole('button', { name: language === 'en' ? 'Filters' : 'Filtres' }),
  );
  const dialog = await screen.findByRole('dialog', {
    name: language === 'en' ? 'Filters' : 'Filtres',
  });
  // The dealbreakers come in their own chunk, once the member's gender is known.
  await within(dialog).findByRole('heading', {
    name: language === 'en' ? 'Dealbreakers' : 'Critères indispensables',
  });
  return { user, dialog };
}

/** A dealbreaker's disclosure, by the field's name (its summary's first line). */
function field(dialog: HTMLElement, label: string): HTMLElement {
  const summary = within(dialog)
    .getAllByText(label, { exact: true })
    .map((element) => element.closest('summary'))
    .find(Boolean);
  if (!summary) throw new Error(`No dealbreaker named ${label}`);
  return summary.parentElement as HTMLElement;
}

async function expand(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  label: string,
) {
  const details = field(dialog, label) as HTMLDetailsElement;
  if (!details.open) await user.click(details.querySelector('summary') as HTMLElement);
  return details;
}

const estimateRegion = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('status')
    .find((element) => element.getAttribute('aria-live') === 'polite') as HTMLElement;

describe('Dealbreakers in the filters', () => {
  it('saves the dealbreakers chosen with the rest, then the suggestions start again', async () => {
    logIn();
    fakeIntersectionObserver();
    const { puts, asked } = serve({ gender: 'homme' });
    const { user, dialog } = await openFilters();

    const prayer = await expand(user, dialog, 'Prayer');
    expect(within(prayer).getByRole('group', { name: 'Prayer: tick the answers you accept' }));
    await user.click(within(prayer).getByRole('checkbox', { name: 'Usually' }));
    await user.click(within(prayer).getByRole('checkbox', { name: 'Always' }));
    // Closed, the field reads as its accepted answers, in the contract's order.
    expect(prayer.querySelector('summary')).toHaveTextContent('Only: Always, Usually');

    // A man's suggestions are women: polygamy reads in their words.
    const polygamy = await expand(user, dialog, 'Polygamy');
    await user.click(within(polygamy).getByRole('checkbox', { name: 'Would not accept polygamy' }));
    const languages = await expand(user, dialog, 'Languages spoken');
    await user.click(within(languages).getByRole('checkbox', { name: 'French' }));
    await user.click(within(languages).getByRole('checkbox', { name: 'Wolof' }));
    const nationality = await expand(user, dialog, 'Nationality');
    await user.selectOptions(
      within(nationality).getByRole('combobox', { name: 'Nationality: add a country you accept' }),
      'Senegal',
    );
    within(nationality).getByRole('button', { name: 'Remove Senegal' });

    const before = asked.length;
    await user.click(within(dialog).getByRole('button', { name: 'Show suggestions' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(puts).toEqual([
      {
        minAge: null,
        maxAge: null,
        maxDistanceKm: null,
        dealbreakers: {
          prayer: ['always', 'usually'],
          polygamy: ['no'],
          languages: ['fr', 'wo'],
          nationality: ['SN'],
        },
        verifiedOnly: false,
      },
    ]);
    expect(asked.slice(before)[0]).toBe(0);
    expect(screen.getByRole('list', { name: 'Active filters' })).toHaveTextContent(
      '4 dealbreakers',
    );
    screen.getByRole('button', { name: /Filters, 4 filters on/ });
  });

  it('lists the members’ countries first, then every country, and leaves out those chosen', async () => {
    logIn();
    fakeIntersectionObserver();
    serve({ saved: { ...NO_FILTERS, dealbreakers: { origin: ['SN'] } } });
    const { user, dialog } = await openFilters();
    const nationality = await expand(user, dialog, 'Nationality');
    expectCountryGroups(
      within(nationality).getByRole('combobox', { name: 'Nationality: add a country you accept' }),
      'en',
    );
    const origin = await expand(user, dialog, 'Country of origin');
    const chosen = within(origin).getByRole('combobox', {
      name: 'Country of origin: add a country you accept',
    });
    expect(within(chosen).queryByRole('option', { name: 'Senegal' })).toBeNull();
    expect(
      within(chosen)
        .getAllByRole('group')
        .map((group) => group.getAttribute('label')),
    ).toEqual(['Our members’ countries', 'All countries']);
  });

  it('lists them first in French, in French alphabetical order', async () => {
    logIn();
    fakeIntersectionObserver();
    serve();
    const { user, dialog } = await openFilters('fr');
    const nationality = await expand(user, dialog, 'Nationalité');
    expectCountryGroups(
      within(nationality).getByRole('combobox', {
        name: 'Nationalité : ajoutez un pays que vous acceptez',
      }),
      'fr',
    );
  });

  it('offers a man the hijab answers of the women he may see, never the beard', async () => {
    logIn();
    fakeIntersectionObserver();
    serve({ gender: 'homme' });
    const { dialog } = await openFilters();
    expect(field(dialog, 'Hijab')).toBeInTheDocument();
    expect(within(dialog).queryByText('Beard')).toBeNull();
  });

  it('offers a woman the beard answers of the men she may see, never the hijab, in their words', async () => {
    logIn();
    fakeIntersectionObserver();
    serve({ gender: 'femme' });
    const { user, dialog } = await openFilters();
    expect(field(dialog, 'Beard')).toBeInTheDocument();
    expect(within(dialog).queryByText('Hijab')).toBeNull();
    const polygamy = await expand(user, dialog, 'Polygamy');
    within(polygamy).getByRole('checkbox', { name: 'Would consider polygamy' });
    within(polygamy).getByRole('checkbox', { name: 'Would not consider polygamy' });
  });

  it('sends {} once the last dealbreaker is lifted, so the saved ones are removed', async () => {
    logIn();
    fakeIntersectionObserver();
    const { puts } = serve({
      saved: {
        ...NO_FILTERS,
        minAge: 25,
        dealbreakers: { prayer: ['always'], origin: ['SN', 'ML'] },
      },
    });
    const { user, dialog } = await openFilters();
    expect(field(dialog, 'Country of origin').querySelector('summary')).toHaveTextContent(
      /Only: (Mali, Senegal|Senegal, Mali)/,
    );
    const prayer = await expand(user, dialog, 'Prayer');
    await user.click(within(prayer).getByRole('checkbox', { name: 'Always' }));
    expect(prayer.querySelector('summary')).toHaveTextContent('Not a dealbreaker');
    const origin = await expand(user, dialog, 'Country of origin');
    await user.click(within(origin).getByRole('button', { name: 'Remove Senegal' }));
    await user.click(within(origin).getByRole('button', { name: 'Remove Mali' }));
    // The chip's button is gone: focus stays in the field.
    expect(within(origin).getByRole('combobox')).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Show suggestions' }));
    await vi.waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({ ...NO_FILTERS, minAge: 25 });
  });

  it('clears every dealbreaker with the other filters', async () => {
    logIn();
    fakeIntersectionObserver();
    const { puts } = serve({ saved: { ...NO_FILTERS, dealbreakers: { halal: ['yes'] } } });
    const { user, dialog } = await openFilters();
    await user.click(within(dialog).getByRole('button', { name: 'Clear all filters' }));
    await vi.waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual(NO_FILTERS);
  });

  it('estimates the unsaved draft both ways and says so politely: about, exact, none', async () => {
    logIn();
    fakeIntersectionObserver();
    const { estimated } = serve({
      estimates: [
        { about: 240, exact: false },
        { about: 12, exact: true },
        { about: 0, exact: true },
      ],
    });
    const { user, dialog } = await openFilters();
    const region = estimateRegion(dialog);
    expect(region).toHaveAttribute('aria-live', 'polite');
    await vi.waitFor(() => expect(region).toHaveTextContent('About 240 members match both ways'), {
      timeout: 2000,
    });
    expect(estimated[0]).toEqual(NO_FILTERS);

    const halal = await expand(user, dialog, 'Halal diet');
    await user.click(within(halal).getByRole('checkbox', { name: 'Yes' }));
    await vi.waitFor(() => expect(region).toHaveTextContent('12 members match both ways'), {
      timeout: 2000,
    });
    expect(region).not.toHaveTextContent('About');
    expect(estimated.at(-1)).toEqual({
      minAge: null,
      maxAge: null,
      maxDistanceKm: null,
      dealbreakers: { halal: ['yes'] },
      verifiedOnly: false,
    });

    await user.selectOptions(within(dialog).getByLabelText('Maximum distance'), 'Within 10 km');
    await vi.waitFor(() => expect(region).toHaveTextContent('No member matches both ways yet'), {
      timeout: 2000,
    });
    expect(estimated.at(-1)).toMatchObject({ maxDistanceKm: 10, dealbreakers: { halal: ['yes'] } });
    expect(estimated).toHaveLength(3);
  });

  it.each([
    [
      'en',
      'Halal diet',
      'Yes',
      'Counting the members who match…',
      'No member matches both ways yet',
      '12 members match both ways',
    ],
    [
      'fr',
      'Alimentation halal',
      'Oui',
      'Calcul des membres qui correspondent…',
      'Aucun membre ne correspond encore dans les deux sens',
      '12 membres correspondent dans les deux sens',
    ],
  ] as const)(
    'says it is counting while a newer estimate is on its way, never the last draft’s empty result (%s)',
    async (language, halalLabel, yes, counting, none, twelve) => {
      logIn();
      fakeIntersectionObserver();
      serve({
        estimates: [
          { about: 0, exact: true },
          { about: 12, exact: true },
        ],
      });
      const { user, dialog } = await openFilters(language);
      const region = estimateRegion(dialog);
      await vi.waitFor(() => expect(region).toHaveTextContent(none), { timeout: 2000 });
      expect(region).toHaveAttribute('aria-busy', 'false');

      const halal = await expand(user, dialog, halalLabel);
      await user.click(within(halal).getByRole('checkbox', { name: yes }));
      // The draft changed: its estimate is on its way, and the older draft's "none" is gone.
      expect(region).toHaveTextContent(counting);
      expect(region).not.toHaveTextContent(none);
      expect(region).toHaveAttribute('aria-busy', 'true');
      await vi.waitFor(() => expect(region).toHaveTextContent(twelve), { timeout: 2000 });
      expect(region).toHaveAttribute('aria-busy', 'false');
    },
  );

  it('asks once for a run of quick changes, never for an invalid draft, and keeps the figure on a 429', async () => {
    logIn();
    fakeIntersectionObserver();
    const { estimated } = serve({ estimates: [{ about: 5, exact: true }, 429] });
    const { user, dialog } = await openFilters();
    const region = estimateRegion(dialog);
    await vi.waitFor(() => expect(region).toHaveTextContent('5 members match both ways'), {
      timeout: 2000,
    });

    // "1" then "17": under 18 is refused by the form, so it is not estimated.
    await user.type(within(dialog).getByLabelText('From (years)'), '17');
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(estimated).toHaveLength(1);

    // Three ticks in a row are one request; the server refuses it (429): the figure stays.
    await user.clear(within(dialog).getByLabelText('From (years)'));
    const languages = await expand(user, dialog, 'Languages spoken');
    await user.click(within(languages).getByRole('checkbox', { name: 'French' }));
    await user.click(within(languages).getByRole('checkbox', { name: 'Arabic' }));
    await user.click(within(languages).getByRole('checkbox', { name: 'Wolof' }));
    await vi.waitFor(() => expect(estimated).toHaveLength(2), { timeout: 2000 });
    expect(estimated[1]?.dealbreakers).toEqual({ languages: ['fr', 'ar', 'wo'] });
    await vi.waitFor(() => expect(region).toHaveAttribute('aria-busy', 'false'));
    expect(region).toHaveTextContent('5 members match both ways');
  });

  it('explains in French that both ways count and what never meets a dealbreaker', async () => {
    logIn();
    fakeIntersectionObserver();
    serve({ estimates: [{ about: 1, exact: true }] });
    const { dialog } = await openFilters('fr');
    within(dialog).getByText(
      'Les suggestions vont dans les deux sens : vous voyez un membre seulement s’il remplit vos critères indispensables, et il vous voit seulement si vous remplissez les siens. Une question sans réponse, « Je préfère ne pas le dire » et une réponse réservée aux matchs ne remplissent jamais un critère indispensable : répondre ouvertement dans votre profil élargit donc qui vous voit.',
    );
    within(dialog).getByRole('group', { name: 'Foi' });
    within(dialog).getByRole('group', { name: 'Mariage et famille' });
    within(dialog).getByRole('group', { name: 'Langues et origine' });
    await vi.waitFor(
      () =>
        expect(estimateRegion(dialog)).toHaveTextContent('1 membre correspond dans les deux sens'),
      { timeout: 2000 },
    );
  });

  it('shows the server’s refusal of a dealbreaker in the member’s language', async () => {
    logIn();
    fakeIntersectionObserver();
    serve({
      extra: {
        savePreferences: {
          status: 400,
          body: anError('DEALBREAKER_INVALID', 'Choose one or more of the listed answers'),
        },
      },
    });
    const { user, dialog } = await openFilters();
    const halal = await expand(user, dialog, 'Halal diet');
    await user.click(within(halal).getByRole('checkbox', { name: 'Yes' }));
    await user.click(within(dialog).getByRole('button', { name: 'Show suggestions' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Choose one or more of the listed answers for each dealbreaker',
    );
  });
});
