// The contract's entry points imported here carry no zod: the first route stays light.
import { AUTH_ERROR_TEXTS } from '@mawadda/contract/auth-error-codes';
import { FALLBACK_LANGUAGE, LANGUAGES } from '@mawadda/contract/constants';
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { firstScreen } from '@/lib/first-screen.ts';
import { addElision } from './elision.ts';
import { firstRouteTexts, type Language } from './first-route-texts.ts';
import { languageDetector } from './language-detector.ts';

/**
 * i18next's backend for the first route's namespaces. Any other namespace is added whole by its
 * own chunk (a feature's `i18n.ts`, the refusals by addErrorTexts): nothing to load here.
 */
export const firstRouteBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = firstRouteTexts[language as Language];
    if (!load || !['common', 'auth'].includes(namespace)) {
      callback(null, {});
      return;
    }
    load().then(
      (texts) => callback(null, texts[namespace] ?? {}),
      (error: Error) => callback(error, null),
    );
  },
};

/**
 * English stands in for a missing text in any other language, and for a visitor whose browser
 * names neither language; French itself needs none (every text has its French, locales.test.ts),
 * so a French visitor's English is never loaded.
 */
const fallbackLanguages = (code: string | undefined) =>
  code?.startsWith('fr') ? [] : [FALLBACK_LANGUAGE];

/** Each language's whole refusal catalogue; English is the contract's own text. */
const errorCatalogues = {
  en: async () => (await import('@mawadda/contract/error-codes')).ERROR_TEXTS,
  fr: async () => (await import('./locales/fr/errors.json')).default,
};

/**
 * A language's refusals, in a chunk of their own (the worker precaches it) asked for once the
 * language is chosen and the first screen shown (ADR 055): a refusal only shows after a round
 * trip to the server, by which time the chunk is here. Until then an English visitor's login
 * refusals are here already, and a code with no text yet gets the screen's own message
 * (translateError).
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

export type { Language };

/**
 * docs/spec.md §1: the first French or English of languageDetector's candidates (path, subdomain,
 * html lang, browser), else English; nothing is cached. Resolves once the chosen language's
 * texts are here: the app renders after.
 */
export async function initI18n() {
  const applyLanguage = (lng: string) => {
    document.documentElement.lang = lng;
    document.documentElement.dir = 'ltr';
  };
  const onLanguage = () => {
    const language = (i18n.resolvedLanguage ?? FALLBACK_LANGUAGE) as Language;
    applyLanguage(language);
    firstScreen.after(() => void addErrorTexts(i18n, language));
  };
  i18n.on('languageChanged', onLanguage);
  await i18n
    .use(languageDetector)
    .use(firstRouteBackend)
    .use(initReactI18next)
    .init({
      // The server's refusals by code (lib/translate-error.ts): at first only the English of the
      // visitor's screens (login); each language's whole catalogue comes with it (addErrorTexts).
      resources: { en: { errors: AUTH_ERROR_TEXTS } },
      partialBundledLanguages: true,
      ns: ['common', 'auth', 'errors'],
      defaultNS: 'common',
      supportedLngs: [...LANGUAGES],
      fallbackLng: fallbackLanguages,
      load: 'languageOnly',
      nonExplicitSupportedLngs: true,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  addElision(i18n);
  return i18n;
}

export { i18n };
