import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../test/render.tsx';
import { knownMessage, translateMessage } from './translate-message.ts';

describe('translateMessage', () => {
  it('reads a server sentence, dots and colons included, in French', async () => {
    const i18n = await createTestI18n('fr');
    expect(translateMessage(i18n.t, 'Incorrect username or password.')).toBe(
      'Identifiant ou mot de passe incorrect.',
    );
    expect(translateMessage(i18n.t, 'Minimum age is 18 years old')).toBe(
      "L'âge minimum est de 18 ans",
    );
  });

  it('fills in the numbers and names of templated messages', async () => {
    const i18n = await createTestI18n('fr');
    expect(
      translateMessage(i18n.t, 'Too many password reset requests. Please try again in 1 minute.'),
    ).toBe(
      'Trop de demandes de réinitialisation du mot de passe. Veuillez réessayer dans 1 minute.',
    );
    expect(
      translateMessage(
        i18n.t,
        'Photo 2 (scan.pdf) is not an image we can read. Please choose a JPEG, PNG, WebP or AVIF photo.',
      ),
    ).toBe(
      "La photo 2 (scan.pdf) n'est pas une image lisible. Veuillez choisir une photo JPEG, PNG, WebP ou AVIF.",
    );
    const en = await createTestI18n('en');
    expect(
      translateMessage(en.t, 'Too many failed sign-in attempts. Please try again in 1 minute.'),
    ).toBe('Too many failed sign-in attempts. Please try again in 1 minute.');
  });

  it('shows an unknown message as written, and knownMessage says it is unknown', async () => {
    const i18n = await createTestI18n('fr');
    expect(translateMessage(i18n.t, 'Something new: v2.')).toBe('Something new: v2.');
    expect(knownMessage(i18n.t, 'Something new: v2.')).toBeUndefined();
  });
});
