import { useFeatureTranslation } from '@/i18n/feature-texts.ts';
import en from './locales/en.json';
import fr from './locales/fr.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    notifications: typeof en;
  }
}

/** Notifications while the app is closed: the question, the Home Screen sheet, the settings. */
export function useNotificationsTranslation() {
  return useFeatureTranslation('notifications', { en, fr });
}
