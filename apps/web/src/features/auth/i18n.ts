import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import en from './locales/en.json';
import fr from './locales/fr.json';

/**
 * The screens that say what ended an account or a session (deleted, suspended, closed): their
 * own namespace, in their own chunk, as few visitors see them. The login's texts are bundled
 * (i18n/locales/<language>/auth.json).
 */
export const AUTH_NOTICES_NAMESPACE = 'authNotices';

/** Adds both languages once to the given i18next instance. Idempotent. */
function addNoticeTexts(instance: I18n) {
  if (instance.hasResourceBundle('en', AUTH_NOTICES_NAMESPACE)) return;
  instance.addResourceBundle('en', AUTH_NOTICES_NAMESPACE, en, true, true);
  instance.addResourceBundle('fr', AUTH_NOTICES_NAMESPACE, fr, true, true);
}

/** `useTranslation('authNotices')`, with the namespace added to whichever instance is provided. */
export function useNoticeTranslation() {
  const { i18n } = useTranslation();
  addNoticeTexts(i18n);
  return useTranslation([AUTH_NOTICES_NAMESPACE, 'auth']);
}
