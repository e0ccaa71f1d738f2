import { useFeatureTranslation } from '@/i18n/feature-texts.ts';
import en from './locales/en.json';
import fr from './locales/fr.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    sessions: typeof en;
  }
}

/** The signed-in devices and the password change (ADR 075): their own namespace. */
export function useSessionsTranslation() {
  return useFeatureTranslation('sessions', { en, fr });
}
