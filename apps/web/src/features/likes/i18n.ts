import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import en from './locales/en.json';
import fr from './locales/fr.json';

/** The liked-you list's texts: their own namespace, in the list's own chunk. */
export const LIKES_NAMESPACE = 'likes';

/** Adds both languages once to the given i18next instance. Idempotent. */
export function addLikesTexts(instance: I18n) {
  if (instance.hasResourceBundle('en', LIKES_NAMESPACE)) return;
  instance.addResourceBundle('en', LIKES_NAMESPACE, en, true, true);
  instance.addResourceBundle('fr', LIKES_NAMESPACE, fr, true, true);
}

/** `useTranslation('likes')`, with the namespace added to whichever instance is provided. */
export function useLikesTranslation() {
  const { i18n } = useTranslation();
  addLikesTexts(i18n);
  return useTranslation(LIKES_NAMESPACE);
}
