import { useFeatureTranslation } from '@/i18n/feature-texts.ts';
import en from './locales/en.json';
import fr from './locales/fr.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    calls: typeof en;
  }
}

/** The call screens' texts: their own namespace, in the call layer's chunk. */
export function useCallsTranslation() {
  return useFeatureTranslation('calls', { en, fr });
}
