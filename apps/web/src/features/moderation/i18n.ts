import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import en from './locales/en.json';
import fr from './locales/fr.json';

/** The moderation page's texts: their own namespace, in the page's own chunk. */
export const MODERATION_NAMESPACE = 'moderation';

/** Adds both languages once to the given i18next instance. Idempotent. */
export function addModerationTexts(instance: I18n) {
  if (instance.hasResourceBundle('en', MODERATION_NAMESPACE)) return;
  instance.addResourceBundle('en', MODERATION_NAMESPACE, en, true, true);
  instance.addResourceBundle('fr', MODERATION_NAMESPACE, fr, true, true);
}

/** `useTranslation('moderation')`, with the namespace added to whichever instance is provided. */
export function useModerationTranslation() {
  const { i18n } = useTranslation();
  addModerationTexts(i18n);
  return useTranslation(MODERATION_NAMESPACE);
}
