import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import en from './locales/en.json';
import fr from './locales/fr.json';

/**
 * The auth screens few visitors see (what ended an account or a session, the password reset):
 * their own namespace, in their own chunks, so the first route does not carry their texts. The
 * login's texts are bundled (i18n/locales/<language>/auth.json), and looked up after these.
 */
export const AUTH_SCREENS_NAMESPACE = 'authScreens';

/** Adds both languages once to the given i18next instance. Idempotent. */
function addScreenTexts(instance: I18n) {
  if (instance.hasResourceBundle('en', AUTH_SCREENS_NAMESPACE)) return;
  instance.addResourceBundle('en', AUTH_SCREENS_NAMESPACE, en, true, true);
  instance.addResourceBundle('fr', AUTH_SCREENS_NAMESPACE, fr, true, true);
}

/** `useTranslation('authScreens')`, with the namespace added to whichever instance is provided. */
export function useAuthScreensTranslation() {
  const { i18n } = useTranslation();
  addScreenTexts(i18n);
  return useTranslation([AUTH_SCREENS_NAMESPACE, 'auth']);
}
