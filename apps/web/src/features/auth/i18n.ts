import { useFeatureTranslation } from '@/i18n/feature-texts.ts';
import en from './locales/en.json';
import fr from './locales/fr.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    authScreens: typeof en;
  }
}

/**
 * The auth screens few visitors see (what ended an account or a session, the password reset):
 * their own namespace, in their own chunks, so the first route does not carry their texts. The
 * login's texts are bundled (i18n/locales/<language>/auth.json).
 */
export function useAuthScreensTranslation() {
  return useFeatureTranslation('authScreens', { en, fr });
}
