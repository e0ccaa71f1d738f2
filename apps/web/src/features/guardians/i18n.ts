import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import en from './locales/en.json';
import fr from './locales/fr.json';

/** Family mode (ADR 045): the member's guardians section and the guardian's page. */
export const GUARDIANS_NAMESPACE = 'guardians';

/** Adds both languages once to the given i18next instance. Idempotent. */
export function addGuardiansTexts(instance: I18n) {
  if (instance.hasResourceBundle('en', GUARDIANS_NAMESPACE)) return;
  instance.addResourceBundle('en', GUARDIANS_NAMESPACE, en, true, true);
  instance.addResourceBundle('fr', GUARDIANS_NAMESPACE, fr, true, true);
}

/** `useTranslation('guardians')`, with the namespace added to whichever instance is provided. */
export function useGuardiansTranslation() {
  const { i18n } = useTranslation();
  addGuardiansTexts(i18n);
  return useTranslation(GUARDIANS_NAMESPACE);
}
