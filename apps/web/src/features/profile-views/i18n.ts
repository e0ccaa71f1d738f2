import { useFeatureTranslation } from '@/i18n/feature-texts.ts';
import { MEMBER_CARD_TEXTS } from '@/i18n/member-card-texts.ts';
import { PROFILE_LIST_TEXTS } from '@/i18n/profile-list-texts.ts';
import en from './locales/en.json';
import fr from './locales/fr.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    profileViews: typeof en;
  }
}

/** The profile views page's texts: their own namespace, in the page's own chunk. */
export function useProfileViewsTranslation() {
  return useFeatureTranslation(
    'profileViews',
    { en, fr },
    { common: [MEMBER_CARD_TEXTS, PROFILE_LIST_TEXTS] },
  );
}
