import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import en from './locales/en.json';
import fr from './locales/fr.json';

/** Notifications while the app is closed: the question, the Home Screen sheet, the settings. */
export const NOTIFICATIONS_NAMESPACE = 'notifications';

/** Adds both languages once to the given i18next instance. Idempotent. */
export function addNotificationsTexts(instance: I18n) {
  if (instance.hasResourceBundle('en', NOTIFICATIONS_NAMESPACE)) return;
  instance.addResourceBundle('en', NOTIFICATIONS_NAMESPACE, en, true, true);
  instance.addResourceBundle('fr', NOTIFICATIONS_NAMESPACE, fr, true, true);
}

/** `useTranslation('notifications')`, with the namespace added to whichever instance is provided. */
export function useNotificationsTranslation() {
  const { i18n } = useTranslation();
  addNotificationsTexts(i18n);
  return useTranslation(NOTIFICATIONS_NAMESPACE);
}
