import { useFeatureTranslation } from '@/i18n/feature-texts.ts';
import { MEMBER_TEXTS } from '@/i18n/member-texts.ts';
import { PROFILE_FORM_TEXTS } from '@/i18n/profile-form-texts.ts';
import { PROFILE_PROMPT_TEXTS } from '@/i18n/profile-prompt-texts.ts';
import en from './locales/en.json';
import fr from './locales/fr.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    profile: typeof en;
  }
}

/** The edit profile page's texts: their own namespace, in the page's own chunk. */
export function useProfileTranslation() {
  return useFeatureTranslation(
    'profile',
    { en, fr },
    { common: [MEMBER_TEXTS, PROFILE_FORM_TEXTS, PROFILE_PROMPT_TEXTS] },
  );
}
