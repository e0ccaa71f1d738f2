import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { memberLikes } from '@/features/likes/components/member-likes.ts';
import { mockEndpoints } from '@/test/api.ts';
import { anError } from '@/test/fixtures.ts';
import { renderScreen, screen } from '@/test/render.tsx';
import { fakeSafety } from '@/test/safety.ts';
import { aMember, detailsOf } from '../test/fixtures.ts';
import { UserDetailsPage } from './user-details-page.tsx';

function Route() {
  const { id = '' } = useParams();
  return <UserDetailsPage likes={memberLikes} id={id} />;
}

const show = (id: string, language: 'en' | 'fr' = 'en') =>
  renderScreen(<Route />, { route: `/user-details/${id}`, path: '/user-details/:id', language });

describe('User details', () => {
  it('warns calmly of a profile whose own texts the scam shield flagged, and only then', async () => {
    const member = aMember({ name: 'Ousmane Sy', gender: 'homme' });
    mockEndpoints({
      memberDetails: { body: detailsOf(member, { bio: 'WhatsApp +221 77…', shield: ['phone'] }) },
    });
    await show(member.id, 'fr');
    const note = await screen.findByTestId('profile-shield-note');
    expect(note).toHaveAttribute('role', 'note');
    expect(note).toHaveTextContent(
      "Ce qu'Ousmane Sy a écrit dans ce profil ressemble au début de bien des arnaques",
    );
    expect(note).toHaveTextContent("n'envoyez jamais d'argent");
  });

  it('shows no shield note on a profile the shield found nothing in', async () => {
    const member = aMember({ name: 'Ousmane Sy', gender: 'homme' });
    mockEndpoints({ memberDetails: { body: detailsOf(member) } });
    await show(member.id, 'en');
    await screen.findByRole('heading', { level: 1, name: /Ousmane Sy/ });
    expect(screen.queryByTestId('profile-shield-note')).toBeNull();
  });

  it('shows the photos, the facts, the bio and the Lovely and Chat buttons', async () => {
    const member = aMember({
      name: 'fatou NDIAYE',
      age: 29,
      gender: 'femme',
      location: 'Abidjan, Côte d’Ivoire',
      distanceKm: 1250,
      mediaUrls: ['/media/f1.webp', '/media/f2.webp'],
      online: true,
    });
    const lovelies: unknown[] = [];
    mockEndpoints({
      memberDetails: {
        body: detailsOf(member, {
          maritalStatus: 'marie',
          hasChildren: 'not specified',
          skinTone: 'fonce',
        }),
      },
      lovely: ({ body }) => {
        lovelies.push(body);
        return { body: { mutualLike: false } };
      },
    });
    await show(member.id, 'fr');

    await screen.findByRole('heading', { level: 1, name: 'Fatou Ndiaye, 29' });
    expect(document.title).toBe('Fatou Ndiaye · Mawadda');
    const main = screen.getByRole('main');
    expect(main.textContent).toContain('En ligne');
    expect(main.textContent).toContain('Femme');
    expect(main.textContent).toContain('Mariée');
    expect(main.textContent).toContain('Non précisé');
    expect(main.textContent).toContain('Foncé');
    expect(main.textContent).toContain('Abidjan, Côte d’Ivoire·1\u202f250 km');
    expect(main.textContent).toContain('Practising, calm');
    within(main).getByRole('region', { name: 'Photos de Fatou Ndiaye' });
    expect(
      within(main).getByRole('link', { name: 'Discuter avec Fatou Ndiaye' }).getAttribute('href'),
    ).toBe(`/chat?userId=${member.id}`);

    const user = userEvent.setup();
    await user.click(within(main).getByRole('button', { name: 'Envoyer un coup de cœur' }));
    const sent = await within(main).findByRole('button', { name: 'Coup de cœur envoyé' });
    expect(sent).toHaveAttribute('aria-pressed', 'true');
    // Still focusable, so the keyboard stays on it (a disabled button drops the focus).
    expect(sent).toBeEnabled();
    expect(sent).toHaveFocus();
    expect(lovelies).toEqual([{ receiverId: member.id }]);
    expect(JSON.parse(localStorage.getItem('likedUsers') ?? '[]')).toEqual([member.id]);
  });

  it('shows the like the server remembers, from any device: sent, and not sent twice', async () => {
    const member = aMember({ name: 'awa sarr', age: 31 });
    const lovelies: unknown[] = [];
    mockEndpoints({
      memberDetails: {
        body: detailsOf(member, { likedByMe: true, sentLike: 'lovely' }),
      },
      lovely: ({ body }) => {
        lovelies.push(body);
        return { body: { mutualLike: false } };
      },
    });
    await show(member.id);

    const sent = await screen.findByRole('button', { name: 'Lovely sent' });
    expect(sent).toHaveAttribute('aria-pressed', 'true');
    expect(sent).toHaveAttribute('title', 'You sent a Lovely to Awa Sarr');
    await userEvent.setup().click(sent);
    expect(lovelies).toEqual([]);
    expect(localStorage.getItem('likedUsers')).toBeNull();
  });

  it.each([
    { language: 'en' as const, text: 'Liked', title: 'You liked Awa Sarr' },
    { language: 'fr' as const, text: 'Profil aimé', title: 'Vous avez aimé Awa Sarr' },
  ])(
    'says a like (a like back, a card’s heart) was a like, not a Lovely ($language)',
    async ({ language, text, title }) => {
      const member = aMember({ name: 'awa sarr', likedByMe: true, matched: true });
      mockEndpoints({
        memberDetails: {
          body: detailsOf(member, { sentLike: 'like' }),
        },
      });
      await show(member.id, language);
      const sent = await screen.findByRole('button', { name: text });
      expect(sent).toHaveAttribute('aria-pressed', 'true');
      expect(sent).toHaveAttribute('aria-disabled', 'true');
      expect(sent).toHaveAttribute('title', title);
      expect(screen.queryByRole('button', { name: /Lovely|coup de cœur/i })).toBeNull();
    },
  );

  it('says the profile cannot be opened when the member no longer exists (404)', async () => {
    const id = '00000000-0000-4000-8000-00000000dead';
    mockEndpoints({
      memberDetails: {
        status: 404,
        body: anError('MEMBER_NOT_FOUND', 'This member is not available.'),
      },
    });
    await show(id);

    await screen.findByText('This profile cannot be opened. The member may no longer exist.');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Profile unavailable');
    expect(screen.getByRole('link', { name: 'Back to suggestions' }).getAttribute('href')).toBe(
      '/suggestions',
    );
    expect(document.title).toBe('Profile unavailable · Mawadda');
  });

  it('treats a malformed address (400) the same way, in French', async () => {
    mockEndpoints({
      memberDetails: {
        status: 400,
        body: anError('MEMBER_ID_INVALID', 'Member id must be a UUID'),
      },
    });
    await show('not-an-id', 'fr');
    await screen.findByText(
      "Ce profil ne peut pas être ouvert. Le membre n'existe peut-être plus.",
    );
    expect(screen.getByRole('link', { name: 'Retour aux suggestions' })).toHaveAttribute(
      'href',
      '/suggestions',
    );
  });

  it('has a menu to report or block the member', async () => {
    const member = aMember({ name: 'fatou NDIAYE' });
    mockEndpoints({ memberDetails: { body: detailsOf(member) } });
    const safety = fakeSafety();
    await renderScreen(<UserDetailsPage likes={memberLikes} id={member.id} safety={safety} />, {
      route: `/user-details/${member.id}`,
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'More actions for Fatou Ndiaye' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Block' }));
    expect(safety.block.mock.calls).toEqual([[{ id: member.id, name: 'Fatou Ndiaye' }]]);
  });
});
