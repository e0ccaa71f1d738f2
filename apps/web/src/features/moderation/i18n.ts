import { useFeatureTranslation } from '@/i18n/feature-texts.ts';
import en from './locales/en.json';
import fr from './locales/fr.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    moderation: typeof en;
  }
}

/** The moderation page's texts: their own namespace, in the page's own chunk. */
export function useModerationTranslation() {
  return useFeatureTranslation('moderation', { en, fr });
}
