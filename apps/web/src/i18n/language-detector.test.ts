import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { translateError } from '@/lib/translate-error.ts';
import { i18n, initI18n } from './i18n.ts';
import { likelyLanguage } from './language-detector.ts';

beforeAll(() => {
  initI18n();
});
afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

/** Opens `path` in a browser set to `languages`, as a first visit (index.html has no lang). */
async function visit(path: string, languages: string[], htmlLang?: string) {
  window.history.replaceState(null, '', path);
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
  if (htmlLang) document.documentElement.setAttribute('lang', htmlLang);
  else document.documentElement.removeAttribute('lang');
  // No language given: i18next asks the detector again, as on the page's first load.
  await i18n.changeLanguage();
  return { lang: document.documentElement.lang, title: i18n.t('auth:login.heading') };
}

describe('the interface language (docs/spec.md §1)', () => {
  it('follows the browser when the address names none: French or English, else English', async () => {
    expect((await visit('/', ['fr-FR', 'fr'])).lang).toBe('fr');
    expect((await visit('/', ['en-GB'])).lang).toBe('en');
    expect((await visit('/', ['de-DE', 'de'])).lang).toBe('en');
    // A later browser language counts when the first is neither.
    expect((await visit('/', ['de-DE', 'fr'])).lang).toBe('fr');
  });

  it('takes the path’s language over the browser’s, and ignores a path that names none', async () => {
    expect(await visit('/fr/register', ['en-US'])).toEqual({ lang: 'fr', title: 'Connexion' });
    expect(await visit('/en', ['fr-FR'])).toEqual({ lang: 'en', title: 'Log in' });
    expect((await visit('/suggestions', ['fr-FR'])).lang).toBe('fr');
  });

  it('takes the page’s lang attribute over the browser’s', async () => {
    expect((await visit('/', ['en-US'], 'fr')).lang).toBe('fr');
  });

  it('brings the whole refusal catalogue of the language chosen', async () => {
    await visit('/fr', ['en-US']);
    await vi.waitFor(() =>
      expect(translateError(i18n.t, 'NAME_TOO_LONG')).toBe(
        'Le nom doit contenir au plus 80 caractères',
      ),
    );
    await visit('/en', ['fr-FR']);
    await vi.waitFor(() =>
      expect(translateError(i18n.t, 'SUBSCRIPTION_REQUIRED')).toBe(
        'This needs a subscription: choose a plan to continue.',
      ),
    );
  });
});

describe('the language the entry guesses before i18next has loaded (ADR 054)', () => {
  it('is the one i18next then chooses, so the texts asked for early are the ones the app reads', async () => {
    const cases: Array<[string, string[], string?]> = [
      ['/', ['fr-FR', 'fr']],
      ['/', ['en-GB']],
      ['/', ['de-DE', 'de']],
      ['/', ['de-DE', 'fr']],
      ['/', ['wo-SN', 'fr_SN']],
      ['/fr/register', ['en-US']],
      ['/en/suggestions', ['fr-FR']],
      ['/suggestions', ['fr-CA']],
      ['/', ['en-US'], 'fr'],
    ];
    for (const [path, languages, htmlLang] of cases) {
      window.history.replaceState(null, '', path);
      vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
      vi.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
      if (htmlLang) document.documentElement.setAttribute('lang', htmlLang);
      else document.documentElement.removeAttribute('lang');
      const guessed = likelyLanguage();
      expect({ path, languages, chosen: (await visit(path, languages, htmlLang)).lang }).toEqual({
        path,
        languages,
        chosen: guessed,
      });
    }
  });
});
