import { describe, expect, it } from 'vitest';
import { createTestI18n } from '@/test/render.tsx';

describe('French elision before a name', () => {
  it('writes "d\'" and "qu\'" before a vowel sound, "de" and "que" otherwise', async () => {
    const i18n = await createTestI18n('fr');
    // Any French text's placeholders, as `t` fills them in (the app's texts are typed keys).
    const fill = (text: string, name: string) =>
      i18n.services.interpolator.interpolate(text, { name }, 'fr', {});
    const selfie = 'Le selfie {{name, de}} a été refusé.';
    const sent = 'celui {{name, que}} a envoyé';
    expect(fill(selfie, 'Aïcha')).toBe("Le selfie d'Aïcha a été refusé.");
    expect(fill(selfie, 'Élodie')).toBe("Le selfie d'Élodie a été refusé.");
    expect(fill(selfie, 'Hélène')).toBe("Le selfie d'Hélène a été refusé.");
    expect(fill(selfie, 'Mamadou')).toBe('Le selfie de Mamadou a été refusé.');
    expect(fill(selfie, 'Hawa')).toBe('Le selfie de Hawa a été refusé.');
    expect(fill(sent, 'Ousmane')).toBe("celui qu'Ousmane a envoyé");
    expect(fill(sent, 'Fatou')).toBe('celui que Fatou a envoyé');
  });
});
