import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import en from './locales/en.json';
import fr from './locales/fr.json';

/** The call screens' texts: their own namespace, in the call layer's chunk. */
export const CALLS_NAMESPACE = 'calls';

/** Adds both languages once to the given i18next instance. Idempotent. */
export function addCallsTexts(instance: I18n) {
  if (instance.hasResourceBundle('en', CALLS_NAMESPACE)) return;
  instance.addResourceBundle('en', CALLS_NAMESPACE, en, true, true);
  instance.addResourceBundle('fr', CALLS_NAMESPACE, fr, true, true);
}

/** `useTranslation('calls')`, with the namespace added to whichever instance is provided. */
export function useCallsTranslation() {
  const { i18n } = useTranslation();
  addCallsTexts(i18n);
  return useTranslation(CALLS_NAMESPACE);
}
