import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import en from './locales/en.json';
import fr from './locales/fr.json';

/** The edit profile page's texts: their own namespace, in the page's own chunk. */
export const PROFILE_NAMESPACE = 'profile';

/** Adds both languages once to the given i18next instance. Idempotent. */
export function addProfileTexts(instance: I18n) {
  if (instance.hasResourceBundle('en', PROFILE_NAMESPACE)) return;
  instance.addResourceBundle('en', PROFILE_NAMESPACE, en, true, true);
  instance.addResourceBundle('fr', PROFILE_NAMESPACE, fr, true, true);
}

/** `useTranslation('profile')`, with the namespace added to whichever instance is provided. */
export function useProfileTranslation() {
  const { i18n } = useTranslation();
  addProfileTexts(i18n);
  return useTranslation(PROFILE_NAMESPACE);
}
