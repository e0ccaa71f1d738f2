import { useFeatureTranslation } from '@/i18n/feature-texts.ts';
import en from './locales/en.json';
import fr from './locales/fr.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    likes: typeof en;
  }
}

/** The liked-you list's texts: their own namespace, in the list's own chunk. */
export function useLikesTranslation() {
  return useFeatureTranslation('likes', { en, fr });
}
