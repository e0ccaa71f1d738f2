import { within } from '@testing-library/react';
import { useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { memberLikes } from '@/features/likes/components/member-likes.ts';
import { mockEndpoints } from '@/test/api.ts';
import { renderScreen, screen } from '@/test/render.tsx';
import { aMember, detailsOf } from '../test/fixtures.ts';
import { UserDetailsPage } from './user-details-page.tsx';

function Route() {
  const { id = '' } = useParams();
  return <UserDetailsPage likes={memberLikes} id={id} />;
}

/** Mariama's answers, her prayer and tariqa kept for her matches (the server sent null). */
const mariama = aMember({ name: 'Mariama Sow', gender: 'femme' });
const details = detailsOf(mariama, {
  faithBranch: 'sunni',
  madhhab: 'maliki',
  community: null,
  prayer: null,
  hijab: 'always',
  revert: 'yes',
  revertSince: 2016,
  halal: 'prefer-not-to-say',
  marriageTimeline: 'within-1-year',
  polygamy: 'no',
  childrenWanted: 'yes',
  languages: ['fr', 'wo'],
  profession: 'Sage-femme',
  nationality: 'SN',
  origin: 'prefer-not-to-say',
  faithMatchesOnly: ['community', 'prayer'],
});

async function show(language: 'en' | 'fr') {
  mockEndpoints({ memberDetails: { body: details } });
  await renderScreen(<Route />, {
    route: `/user-details/${mariama.id}`,
    path: '/user-details/:id',
    language,
  });
  await screen.findByRole('heading', { level: 1, name: /Mariama Sow/ });
}

/** The answers of one group, as term → description. */
function group(name: string) {
  const heading = screen.getByRole('heading', { level: 2, name });
  const section = heading.closest('section') as HTMLElement;
  const terms = within(section).getAllByRole('term');
  return Object.fromEntries(terms.map((term) => [term.textContent, term.nextSibling?.textContent]));
}

describe('Faith and family on a profile', () => {
  it('shows the answers grouped, in English, matches-only ones said so', async () => {
    await show('en');
    expect(group('Faith')).toEqual({
      Branch: 'Sunni',
      Madhhab: 'Maliki',
      'Tariqa or community': 'Shown to matches only',
      Prayer: 'Shown to matches only',
      Hijab: 'Always',
      'Halal diet': 'Prefers not to say',
      Revert: 'Yes, since 2016',
    });
    expect(group('Marriage and family')).toEqual({
      'Hoping to marry': 'Within 1 year',
      Polygamy: 'Would not accept polygamy',
      'Wants children': 'Yes',
      'Languages spoken': 'French, Wolof',
      Profession: 'Sage-femme',
      Nationality: 'Senegal',
      'Country of origin': 'Prefers not to say',
    });
  });

  it('in French, with the words of a woman’s answers', async () => {
    await show('fr');
    expect(group('Foi')).toMatchObject({
      Branche: 'Sunnite',
      'Tariqa ou communauté': 'Réservé aux matchs',
      'Converti(e) à l’islam': 'Oui, depuis 2016',
    });
    expect(group('Mariage et famille')).toMatchObject({
      Polygamie: 'N’accepterait pas la polygamie',
      'Langues parlées': 'Français, Wolof',
      Nationalité: 'Sénégal',
    });
  });

  it('shows no faith and family card for a member who answered nothing', async () => {
    mockEndpoints({ memberDetails: { body: detailsOf(mariama) } });
    await renderScreen(<Route />, {
      route: `/user-details/${mariama.id}`,
      path: '/user-details/:id',
      language: 'en',
    });
    await screen.findByRole('heading', { level: 1, name: /Mariama Sow/ });
    expect(screen.queryByRole('heading', { name: 'Faith' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Marriage and family' })).toBeNull();
  });
});
