import { describe, expect, it } from 'vitest';
import { renderScreen, screen } from '@/test/render.tsx';
import { IncompleteNote } from './incomplete-note.tsx';

describe('the incomplete profile note', () => {
  // Whatever is missing (one feminine item, one masculine, several), the sentence agrees with it.
  it.each([
    [
      ['photo'] as const,
      "Vous êtes ici parce qu'il manque encore à votre profil une photo. C'est ce que les membres regardent en premier : complétez-le, et vos suggestions vous attendent.",
    ],
    [
      ['gender', 'bio'] as const,
      "Vous êtes ici parce qu'il manque encore à votre profil votre genre et quelques mots sur vous. C'est ce que les membres regardent en premier : complétez-le, et vos suggestions vous attendent.",
    ],
  ])('reads as correct French: %s', async (missing, text) => {
    await renderScreen(<IncompleteNote missing={missing} />, { language: 'fr' });
    expect(screen.getByRole('region', { name: 'Complétons votre profil' })).toHaveTextContent(text);
  });

  it('reads as correct English with one thing missing', async () => {
    await renderScreen(<IncompleteNote missing={['photo']} />);
    expect(screen.getByRole('region', { name: "Let's complete your profile" })).toHaveTextContent(
      'You are here because your profile still needs a photo. That is what members look at first: complete it, and your suggestions are waiting for you.',
    );
  });
});
