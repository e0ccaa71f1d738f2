import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import en from './locales/en.json';
import fr from './locales/fr.json';

/** The profile views page's texts: their own namespace, in the page's own chunk. */
export const PROFILE_VIEWS_NAMESPACE = 'profileViews';

/** Adds both languages once to the given i18next instance. Idempotent. */
export function addProfileViewsTexts(instance: I18n) {
  if (instance.hasResourceBundle('en', PROFILE_VIEWS_NAMESPACE)) return;
  instance.addResourceBundle('en', PROFILE_VIEWS_NAMESPACE, en, true, true);
  instance.addResourceBundle('fr', PROFILE_VIEWS_NAMESPACE, fr, true, true);
}

/** `useTranslation('profileViews')`, with the namespace added to whichever instance is provided. */
export function useProfileViewsTranslation() {
  const { i18n } = useTranslation();
  addProfileViewsTexts(i18n);
  return useTranslation(PROFILE_VIEWS_NAMESPACE);
}
