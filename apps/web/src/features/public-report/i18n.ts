import { useFeatureTranslation } from '@/i18n/feature-texts.ts';
import { ILLEGAL_CONTENT_TEXTS } from '@/i18n/illegal-content-texts.ts';
import en from './locales/en.json';
import fr from './locales/fr.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    publicReport: typeof en;
  }
}

/** The public report page's texts: their own namespace, in the page's own chunk. */
export function usePublicReportTranslation() {
  return useFeatureTranslation('publicReport', { en, fr }, { common: [ILLEGAL_CONTENT_TEXTS] });
}
