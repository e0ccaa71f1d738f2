import { useFeatureTranslation } from '@/i18n/feature-texts.ts';
import en from './locales/en.json';
import fr from './locales/fr.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    payments: typeof en;
  }
}

/** Gifts, plans and payments: their own namespace, in the chunks that show them. */
export function usePaymentsTranslation() {
  return useFeatureTranslation('payments', { en, fr });
}
