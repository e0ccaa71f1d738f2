import { afterEach, describe, expect, it } from 'vitest';
import { i18n, initI18n } from './i18n.ts';

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('the first route’s texts (ADR 047)', () => {
  it('come in the visitor’s language only, and the other one with a switch to it', async () => {
    window.history.replaceState(null, '', '/fr');
    await initI18n();
    expect(i18n.t('auth:login.heading')).toBe('Connexion');
    expect(document.documentElement.lang).toBe('fr');
    // A French visitor downloads no English.
    expect(i18n.hasResourceBundle('en', 'common')).toBe(false);
    expect(i18n.hasResourceBundle('en', 'auth')).toBe(false);

    await i18n.changeLanguage('en');
    expect(i18n.t('auth:login.heading')).toBe('Log in');
    expect(i18n.t('common:rootError.reload')).toBe('Reload the page');
    expect(document.documentElement.lang).toBe('en');
  });
});
