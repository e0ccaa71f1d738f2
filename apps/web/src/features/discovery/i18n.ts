import { useFeatureTranslation } from '@/i18n/feature-texts.ts';
import en from './locales/en.json';
import fr from './locales/fr.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    discovery: typeof en;
  }
}

/** The suggestions and profile screens' texts: their own namespace, in their own chunk. */
export function useDiscoveryTranslation() {
  return useFeatureTranslation('discovery', { en, fr });
}
