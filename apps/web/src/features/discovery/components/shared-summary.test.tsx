import type { SharedItem } from '@mawadda/contract';
import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router';
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

function Route() {
  const { id = '' } = useParams();
  return <UserDetailsPage likes={memberLikes} id={id} />;
}

const mariama = aMember({ name: 'Mariama Sow', gender: 'femme', age: 27 });
/** What the server found Mariama and the reader share: four items, as many as it sends. */
const shared: SharedItem[] = [
  { kind: 'languages', languages: ['wo', 'fr'] },
  { kind: 'madhhab', value: 'maliki' },
  { kind: 'childrenWanted' },
  { kind: 'marriageTimeline' },
];

async function showPage(language: 'en' | 'fr', items: SharedItem[]) {
  mockEndpoints({ memberDetails: { body: detailsOf(mariama, { shared: items }) } });
  await renderScreen(<Route />, {
    route: `/user-details/${mariama.id}`,
    path: '/user-details/:id',
    language,
  });
  await screen.findByRole('heading', { level: 1, name: /Mariama Sow/ });
}

/** The items under the "you share" heading, as the reader reads them. */
function sharedItems(name: string, container: HTMLElement = document.body) {
  const heading = within(container).getByRole('heading', { name });
  const section = heading.closest('section') as HTMLElement;
  return within(section)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

describe('What you share, on a profile', () => {
  it('lists it on the profile page, in English', async () => {
    await showPage('en', shared);
    expect(sharedItems('You share')).toEqual([
      'Languages spoken: Wolof, French',
      'Madhhab: Maliki',
      'You both want children',
      'You are both hoping to marry within a year',
    ]);
  });

  it('in French, with community, relocation and origin worded in French', async () => {
    await showPage('fr', [
      { kind: 'community', value: 'tijaniyya' },
      { kind: 'relocation', value: 'abroad' },
      { kind: 'origin', country: 'SN' },
    ]);
    expect(sharedItems('Vous avez en commun')).toEqual([
      'Tariqa ou communauté : Tidjaniyya',
      'Prêt(e) à déménager : À l’étranger',
      'Pays d’origine : Sénégal',
    ]);
  });

  it('names the prompts both answer, in the reader’s language', async () => {
    const prompts: SharedItem[] = [
      { kind: 'madhhab', value: 'maliki' },
      { kind: 'prompt', prompt: 'ideal-family-day' },
      { kind: 'prompt', prompt: 'dua-for-future' },
    ];
    await showPage('fr', prompts);
    expect(sharedItems('Vous avez en commun')).toEqual([
      'École (madhhab) : Malikite',
      'Vous répondez tous deux à « Une journée idéale en famille »',
      'Vous répondez tous deux à « Une invocation que je fais pour mon avenir »',
    ]);
  });

  it('says nothing when nothing is shared', async () => {
    await showPage('en', []);
    expect(screen.queryByRole('heading', { name: 'You share' })).toBeNull();
  });

  it('shows it in the profile dialog from the suggestions', async () => {
    localStorage.setItem('authToken', 'token');
    localStorage.setItem(
      'currentUser',
      JSON.stringify({ id: 'me', name: 'Moussa', latitude: 14.7, longitude: -17.4, mediaUrls: [] }),
    );
    fakeIntersectionObserver();
    mockEndpoints({
      suggestions: ({ url }) => {
        const page = Number(new URL(url, 'http://localhost').searchParams.get('page'));
        return { body: { content: page === 0 ? [mariama] : [], page, size: 100 } };
      },
      preferences: { body: NO_FILTERS },
      memberDetails: { body: detailsOf(mariama, { shared }) },
    });
    await renderScreen(<SuggestionsPage likes={memberLikes} />, { route: '/suggestions' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Mariama Sow, 27' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mariama Sow, 27' });
    await within(dialog).findByRole('heading', { name: 'You share' });
    expect(sharedItems('You share', dialog)).toHaveLength(4);
  });
});
