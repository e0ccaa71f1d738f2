import { useFeatureTranslation } from '@/i18n/feature-texts.ts';
import { MEMBER_CARD_TEXTS } from '@/i18n/member-card-texts.ts';
import { MEMBER_TEXTS } from '@/i18n/member-texts.ts';
import { PROFILE_PROMPT_TEXTS } from '@/i18n/profile-prompt-texts.ts';
import en from './locales/en.json';
import fr from './locales/fr.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    discovery: typeof en;
  }
}

/** The suggestions and profile screens' texts: their own namespace, in their own chunk. */
export function useDiscoveryTranslation() {
  return useFeatureTranslation(
    'discovery',
    { en, fr },
    { common: [MEMBER_CARD_TEXTS, MEMBER_TEXTS, PROFILE_PROMPT_TEXTS] },
  );
}
