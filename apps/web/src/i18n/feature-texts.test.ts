import { afterEach, describe, expect, it } from 'vitest';
import en from '@/features/likes/locales/en.json';
import fr from '@/features/likes/locales/fr.json';
import { addFeatureTexts } from './feature-texts.ts';
import { i18n, initI18n } from './i18n.ts';
import { PROFILE_LIST_TEXTS } from './profile-list-texts.ts';

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('a feature’s texts', () => {
  it('bring the common parts they name, joined to each language once its common texts are here', async () => {
    window.history.replaceState(null, '', '/fr');
    await initI18n();
    addFeatureTexts(i18n, 'likes', { en, fr }, { common: [PROFILE_LIST_TEXTS] });
    expect(i18n.t('likes:listLabel')).toBe(fr.listLabel);
    expect(i18n.t('common:openProfile.opening')).toBe('Ouverture du profil…');
    // English is not here yet: the first route's English still comes from the backend...
    expect(i18n.hasResourceBundle('en', 'common')).toBe(false);

    await i18n.changeLanguage('en');
    expect(i18n.t('common:rootError.reload')).toBe('Reload the page');
    // ...and the part joins it.
    expect(i18n.t('common:openProfile.opening')).toBe('Opening the profile…');
    expect(i18n.t('likes:listLabel')).toBe(en.listLabel);
  });
});
