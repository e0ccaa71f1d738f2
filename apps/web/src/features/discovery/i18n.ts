import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import en from './locales/en.json';
import fr from './locales/fr.json';

/** The suggestions and profile screens' texts: their own namespace, in their own chunk. */
export const DISCOVERY_NAMESPACE = 'discovery';

/**
 * Adds both languages once to the given i18next instance (the member may switch language on the
 * page). Idempotent, so every component may call it.
 */
export function addDiscoveryTexts(instance: I18n) {
  if (instance.hasResourceBundle('en', DISCOVERY_NAMESPACE)) return;
  instance.addResourceBundle('en', DISCOVERY_NAMESPACE, en, true, true);
  instance.addResourceBundle('fr', DISCOVERY_NAMESPACE, fr, true, true);
}

/** `useTranslation('discovery')`, with the namespace added to whichever instance is provided. */
export function useDiscoveryTranslation() {
  const { i18n } = useTranslation();
  addDiscoveryTexts(i18n);
  return useTranslation(DISCOVERY_NAMESPACE);
}
