// The contract's entry points imported here carry no zod: the first route stays light.
import { AUTH_ERROR_TEXTS } from '@mawadda/contract/auth-error-codes';
import { FALLBACK_LANGUAGE, LANGUAGES } from '@mawadda/contract/constants';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { languageDetector } from './language-detector.ts';
import authEn from './locales/en/auth.json';
import commonEn from './locales/en/common.json';
import authFr from './locales/fr/auth.json';
import commonFr from './locales/fr/common.json';

/**
 * Bundled translations (nothing is fetched). The long legal texts live in their own namespace,
 * added by the legal pages' chunk so the first route stays small.
 */
export const resources = {
  // The server's refusals by code (lib/translate-error.ts): at first only the English of the
  // visitor's screens (login); each language's whole catalogue comes with it (addErrorTexts).
  en: { common: commonEn, auth: authEn, errors: AUTH_ERROR_TEXTS },
  fr: { common: commonFr, auth: authFr },
} as const;

/** Each language's whole refusal catalogue; English is the contract's own text. */
const errorCatalogues = {
  en: async () => (await import('@mawadda/contract/error-codes')).ERROR_TEXTS,
  fr: async () => (await import('./locales/fr/errors.json')).default,
};

/**
 * A language's refusals, in a chunk of their own (the worker precaches it) asked for as soon as
 * the language is chosen: a refusal only shows after a round trip to the server, by which time
 * the chunk is here. Until then the visitor's English refusals stand in, and a code with no text
 * yet gets the screen's own message (translateError).
 */
export async function addErrorTexts(instance: typeof i18n, language: Language) {
  const [texts, { addDateFormat }] = await Promise.all([
    errorCatalogues[language](),
    import('@/lib/format.ts'),
  ]);
  addDateFormat(instance);
  // A flat catalogue over the first route's part of it: replaced, nothing merged into the latter.
  instance.addResourceBundle(language, 'errors', texts, false, true);
}

export type Language = (typeof LANGUAGES)[number];

/**
 * docs/spec.md §1: the first French or English of languageDetector's candidates (path, subdomain,
 * html lang, browser), else English; nothing is cached.
 */
export function initI18n() {
  void i18n
    .use(languageDetector)
    .use(initReactI18next)
    .init({
      resources,
      ns: ['common', 'auth', 'errors'],
      defaultNS: 'common',
      supportedLngs: [...LANGUAGES],
      fallbackLng: FALLBACK_LANGUAGE,
      load: 'languageOnly',
      nonExplicitSupportedLngs: true,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  const applyLanguage = (lng: string) => {
    document.documentElement.lang = lng;
    document.documentElement.dir = 'ltr';
  };
  const onLanguage = () => {
    const language = (i18n.resolvedLanguage ?? FALLBACK_LANGUAGE) as Language;
    applyLanguage(language);
    void addErrorTexts(i18n, language);
  };
  onLanguage();
  i18n.on('languageChanged', onLanguage);
  return i18n;
}

export { i18n };
