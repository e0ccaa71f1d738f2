import { useFeatureTranslation } from '@/i18n/feature-texts.ts';
import { MEMBER_CARD_TEXTS } from '@/i18n/member-card-texts.ts';
import { PROFILE_LIST_TEXTS } from '@/i18n/profile-list-texts.ts';
import { PROFILE_PROMPT_TEXTS } from '@/i18n/profile-prompt-texts.ts';
import en from './locales/en.json';
import fr from './locales/fr.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    likes: typeof en;
  }
}

/**
 * The liked-you list's texts: their own namespace, in the list's own chunk, with the prompts'
 * words for a compliment on an answer to one (ADR 071).
 */
export function useLikesTranslation() {
  return useFeatureTranslation(
    'likes',
    { en, fr },
    { common: [MEMBER_CARD_TEXTS, PROFILE_LIST_TEXTS, PROFILE_PROMPT_TEXTS] },
  );
}
