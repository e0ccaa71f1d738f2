import { describe, expect, it } from 'vitest';
import { createTestI18n } from '@/test/render.tsx';

describe('French elision before a name', () => {
  it('writes "d\'" and "qu\'" before a vowel sound, "de" and "que" otherwise', async () => {
    const i18n = await createTestI18n('fr');
    i18n.addResources('fr', 'test', {
      selfie: 'Le selfie {{name, de}} a été refusé.',
      sent: 'celui {{name, que}} a envoyé',
    });
    const t = i18n.getFixedT('fr', 'test');
    expect(t('selfie', { name: 'Aïcha' })).toBe("Le selfie d'Aïcha a été refusé.");
    expect(t('selfie', { name: 'Élodie' })).toBe("Le selfie d'Élodie a été refusé.");
    expect(t('selfie', { name: 'Hélène' })).toBe("Le selfie d'Hélène a été refusé.");
    expect(t('selfie', { name: 'Mamadou' })).toBe('Le selfie de Mamadou a été refusé.');
    expect(t('selfie', { name: 'Hawa' })).toBe('Le selfie de Hawa a été refusé.');
    expect(t('sent', { name: 'Ousmane' })).toBe("celui qu'Ousmane a envoyé");
    expect(t('sent', { name: 'Fatou' })).toBe('celui que Fatou a envoyé');
  });
});
