import { CLOSING_MESSAGE_TEXTS } from '@/i18n/closing-message-texts.ts';
import { useFeatureTranslation } from '@/i18n/feature-texts.ts';
import { REPORT_REASON_TEXTS } from '@/i18n/report-reason-texts.ts';
import en from './locales/en.json';
import fr from './locales/fr.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    safety: typeof en;
  }
}

/** Blocking, reporting and unmatching (kindly, ADR 070): their own namespace. */
export function useSafetyTranslation() {
  return useFeatureTranslation(
    'safety',
    { en, fr },
    { common: [REPORT_REASON_TEXTS, CLOSING_MESSAGE_TEXTS] },
  );
}
