import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import en from './locales/en.json';
import fr from './locales/fr.json';

/** Downloading one's data and deleting one's account: their own namespace. */
export const ACCOUNT_NAMESPACE = 'account';

/** Adds both languages once to the given i18next instance. Idempotent. */
export function addAccountTexts(instance: I18n) {
  if (instance.hasResourceBundle('en', ACCOUNT_NAMESPACE)) return;
  instance.addResourceBundle('en', ACCOUNT_NAMESPACE, en, true, true);
  instance.addResourceBundle('fr', ACCOUNT_NAMESPACE, fr, true, true);
}

/** `useTranslation('account')`, with the namespace added to whichever instance is provided. */
export function useAccountTranslation() {
  const { i18n } = useTranslation();
  addAccountTexts(i18n);
  return useTranslation(ACCOUNT_NAMESPACE);
}
