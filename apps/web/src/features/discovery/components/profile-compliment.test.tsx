import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { memberLikes } from '@/features/likes/components/member-likes.ts';
import { mockEndpoints } from '@/test/api.ts';
import { renderScreen, screen } from '@/test/render.tsx';
import { aMember, detailsOf } from '../test/fixtures.ts';
import { UserDetailsPage } from './user-details-page.tsx';

/** "Add a compliment" on a profile (ADR 071): what it may be about, the note, and the like it goes with. */

function Route() {
  const { id = '' } = useParams();
  return <UserDetailsPage likes={memberLikes} id={id} />;
}

const show = (id: string, language: 'en' | 'fr' = 'en') =>
  renderScreen(<Route />, { route: `/user-details/${id}`, path: '/user-details/:id', language });

const aicha = () =>
  aMember({
    name: 'aïcha diop',
    gender: 'femme',
    mediaUrls: ['/media/a1.webp', '/media/a2.webp'],
  });

describe('A compliment from a profile', () => {
  it('offers her photos and the answers she shows, counts the note, and sends it with the like', async () => {
    const member = aicha();
    const details = detailsOf(member, {
      prayer: 'always',
      madhhab: null,
      faithMatchesOnly: ['madhhab'],
      polygamy: 'prefer-not-to-say',
    });
    const sent: unknown[] = [];
    mockEndpoints({
      memberDetails: { body: details },
      like: ({ body }) => {
        sent.push(body);
        return { body: { mutualLike: false } };
      },
    });
    await show(member.id);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a compliment' }));

    const dialog = await screen.findByRole('dialog', { name: 'A compliment for Aïcha Diop' });
    const about = within(dialog).getByRole('group', { name: 'What is it about?' });
    // Her two photos, her bio, her prayer: not the madhhab she keeps for matches, nor "prefer not to say".
    expect(
      within(about)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Photo 1 of 2', 'Photo 2 of 2', 'In their own words', 'Prayer: Always']);
    // It opens on the photo on screen.
    expect(within(about).getByRole('radio', { name: 'Photo 1 of 2' })).toBeChecked();

    // An empty note is refused at the field, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Send my like and compliment' }));
    const note = within(dialog).getByRole('textbox', { name: 'Your compliment' });
    expect(note).toHaveAccessibleDescription(
      'Write a few words for your compliment. 0 / 200 characters',
    );
    expect(sent).toEqual([]);

    await user.click(within(about).getByRole('radio', { name: 'Prayer: Always' }));
    await user.type(note, 'Ta constance dans la prière m’inspire.');
    expect(within(dialog).getByText('38 / 200 characters')).toBeInTheDocument();
    expect(note).toHaveAttribute('maxLength', '200');
    await user.click(within(dialog).getByRole('button', { name: 'Send my like and compliment' }));

    expect(sent).toEqual([
      {
        likedUserId: member.id,
        compliment: {
          note: 'Ta constance dans la prière m’inspire.',
          about: { kind: 'answer', key: 'prayer' },
        },
      },
    ]);
    // The dialog closes; liked now, the profile offers no second compliment.
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add a compliment' })).toBeNull();
    expect(JSON.parse(localStorage.getItem('likedUsers') ?? '[]')).toEqual([member.id]);
  });

  it('names the photo chosen by its id (French)', async () => {
    const member = aicha();
    const details = detailsOf(member);
    const sent: unknown[] = [];
    mockEndpoints({
      memberDetails: { body: details },
      like: ({ body }) => {
        sent.push(body);
        return { body: { mutualLike: false } };
      },
    });
    await show(member.id, 'fr');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ajouter un compliment' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'Photo 2 sur 2' }));
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Votre compliment' }),
      'Beau regard',
    );
    await user.click(
      within(dialog).getByRole('button', { name: "Envoyer mon « J'aime » et mon compliment" }),
    );
    expect(sent).toEqual([
      {
        likedUserId: member.id,
        compliment: { note: 'Beau regard', about: { kind: 'photo', photoId: details.photoIds[1] } },
      },
    ]);
  });

  it('offers no photo of a member who blurs them, and keeps the note when the server refuses, saying why', async () => {
    const member = aMember({ ...aicha(), photosBlurred: true });
    mockEndpoints({
      memberDetails: { body: detailsOf(member) },
      like: {
        status: 429,
        body: {
          code: 'COMPLIMENTS_DAILY_LIMIT',
          message: 'limit',
          params: { max: 3, retryAfter: 3600 },
        },
      },
    });
    await show(member.id);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a compliment' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['In their own words']);
    await user.type(within(dialog).getByRole('textbox', { name: 'Your compliment' }), 'Belle bio');
    await user.click(within(dialog).getByRole('button', { name: 'Send my like and compliment' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You have sent 3 compliments today, as many as allowed in a day. Your like was not sent',
    );
    expect(within(dialog).getByRole('textbox', { name: 'Your compliment' })).toHaveValue(
      'Belle bio',
    );
    expect(localStorage.getItem('likedUsers')).toBeNull();
  });

  it('offers her answers to prompts, named by the prompt in the reader’s language, by keyboard', async () => {
    const member = aicha();
    const details = detailsOf(member, {
      promptAnswers: [
        { prompt: 'ideal-family-day', answer: 'Le vendredi chez mes parents.' },
        { prompt: 'proud-of', answer: 'Mes études de pharmacie.' },
      ],
    });
    const sent: unknown[] = [];
    mockEndpoints({
      memberDetails: { body: details },
      like: ({ body }) => {
        sent.push(body);
        return { body: { mutualLike: false } };
      },
    });
    await show(member.id, 'fr');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ajouter un compliment' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual([
      'Photo 1 sur 2',
      'Photo 2 sur 2',
      'En quelques mots',
      'Une journée idéale en famille : Le vendredi chez mes parents.',
      'Une chose dont je suis fier·ère : Mes études de pharmacie.',
    ]);
    // The arrows go through the group as through any radio group, from the photo on screen.
    within(dialog).getByRole('radio', { name: 'Photo 1 sur 2' }).focus();
    for (let step = 0; step < 3; step += 1) await user.keyboard('{ArrowDown}');
    expect(
      within(dialog).getByRole('radio', {
        name: 'Une journée idéale en famille : Le vendredi chez mes parents.',
      }),
    ).toBeChecked();
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Votre compliment' }),
      'Cette journée me ressemble.',
    );
    await user.keyboard('{Tab}{Enter}');
    expect(sent).toEqual([
      {
        likedUserId: member.id,
        compliment: {
          note: 'Cette journée me ressemble.',
          about: { kind: 'prompt', prompt: 'ideal-family-day' },
        },
      },
    ]);
  });
});
