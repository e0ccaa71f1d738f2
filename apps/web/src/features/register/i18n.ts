import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import en from './locales/en.json';
import fr from './locales/fr.json';

/** The wizard's texts: their own namespace, in the register chunk, out of the first route. */
export const REGISTER_NAMESPACE = 'register';

/** Adds both languages once (the member may switch language on the page); idempotent. */
export function addRegisterTexts(instance: I18n) {
  if (instance.hasResourceBundle('en', REGISTER_NAMESPACE)) return;
  instance.addResourceBundle('en', REGISTER_NAMESPACE, en, true, true);
  instance.addResourceBundle('fr', REGISTER_NAMESPACE, fr, true, true);
}

/** `useTranslation('register')`, with the namespace added to whichever instance is provided. */
export function useRegisterTranslation() {
  const { i18n } = useTranslation();
  addRegisterTexts(i18n);
  return useTranslation(REGISTER_NAMESPACE);
}
