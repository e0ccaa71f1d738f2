import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import en from './locales/en.json';
import fr from './locales/fr.json';

/** Blocking, reporting and unmatching: their own namespace. */
export const SAFETY_NAMESPACE = 'safety';

/** Adds both languages once to the given i18next instance. Idempotent. */
export function addSafetyTexts(instance: I18n) {
  if (instance.hasResourceBundle('en', SAFETY_NAMESPACE)) return;
  instance.addResourceBundle('en', SAFETY_NAMESPACE, en, true, true);
  instance.addResourceBundle('fr', SAFETY_NAMESPACE, fr, true, true);
}

/** `useTranslation('safety')`, with the namespace added to whichever instance is provided. */
export function useSafetyTranslation() {
  const { i18n } = useTranslation();
  addSafetyTexts(i18n);
  return useTranslation(SAFETY_NAMESPACE);
}
