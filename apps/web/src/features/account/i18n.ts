import { useFeatureTranslation } from '@/i18n/feature-texts.ts';
import en from './locales/en.json';
import fr from './locales/fr.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    account: typeof en;
  }
}

/** Downloading one's data and deleting one's account: their own namespace. */
export function useAccountTranslation() {
  return useFeatureTranslation('account', { en, fr });
}
