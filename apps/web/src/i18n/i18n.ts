// The constants entry point carries no zod: the first route stays light.
import { FALLBACK_LANGUAGE, LANGUAGES } from '@mawadda/contract/constants';
import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import authEn from './locales/en/auth.json';
import commonEn from './locales/en/common.json';
import messagesEn from './locales/en/messages.json';
import authFr from './locales/fr/auth.json';
import commonFr from './locales/fr/common.json';
import messagesFr from './locales/fr/messages.json';

/**
 * Bundled translations (nothing is fetched). The long legal texts live in their own namespace,
 * added by the legal pages' chunk so the first route stays small.
 */
export const resources = {
  en: { common: commonEn, auth: authEn, messages: messagesEn },
  fr: { common: commonFr, auth: authFr, messages: messagesFr },
} as const;

export type Language = (typeof LANGUAGES)[number];

/**
 * Spec section 1: detected from the path (/fr/...), the subdomain (fr.example), the html lang
 * attribute, then the browser; nothing is cached; English when none of them is French or English.
 */
export function initI18n() {
  void i18n
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      resources,
      ns: ['common', 'auth', 'messages'],
      defaultNS: 'common',
      supportedLngs: [...LANGUAGES],
      fallbackLng: FALLBACK_LANGUAGE,
      load: 'languageOnly',
      nonExplicitSupportedLngs: true,
      detection: {
        order: ['path', 'subdomain', 'htmlTag', 'navigator'],
        caches: [],
        lookupFromPathIndex: 0,
        lookupFromSubdomainIndex: 0,
      },
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  const applyLanguage = (lng: string) => {
    document.documentElement.lang = lng;
    document.documentElement.dir = 'ltr';
  };
  applyLanguage(i18n.resolvedLanguage ?? FALLBACK_LANGUAGE);
  i18n.on('languageChanged', () => applyLanguage(i18n.resolvedLanguage ?? FALLBACK_LANGUAGE));
  return i18n;
}

export { i18n };
