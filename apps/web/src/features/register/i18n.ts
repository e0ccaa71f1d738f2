import { useFeatureTranslation } from '@/i18n/feature-texts.ts';
import { MEMBER_TEXTS } from '@/i18n/member-texts.ts';
import { PROFILE_FORM_TEXTS } from '@/i18n/profile-form-texts.ts';
import en from './locales/en.json';
import fr from './locales/fr.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    register: typeof en;
  }
}

/** The wizard's texts: their own namespace, in the register chunk, out of the first route. */
export function useRegisterTranslation() {
  return useFeatureTranslation(
    'register',
    { en, fr },
    { common: [MEMBER_TEXTS, PROFILE_FORM_TEXTS] },
  );
}
