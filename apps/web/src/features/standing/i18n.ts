import { useFeatureTranslation } from '@/i18n/feature-texts.ts';
import { GUIDELINE_TEXTS } from '@/i18n/guideline-texts.ts';
import en from './locales/en.json';
import fr from './locales/fr.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    standing: typeof en;
  }
}

/** The standing page's and the guidelines' texts: their own namespace, in their own chunk. */
export function useStandingTranslation() {
  return useFeatureTranslation('standing', { en, fr }, { common: [GUIDELINE_TEXTS] });
}
