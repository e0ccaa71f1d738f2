import { useFeatureTranslation } from '@/i18n/feature-texts.ts';
import { GUIDELINE_TEXTS } from '@/i18n/guideline-texts.ts';
import { ILLEGAL_CONTENT_TEXTS } from '@/i18n/illegal-content-texts.ts';
import { MEMBER_TEXTS } from '@/i18n/member-texts.ts';
import { PROFILE_LIST_TEXTS } from '@/i18n/profile-list-texts.ts';
import { PROFILE_PROMPT_TEXTS } from '@/i18n/profile-prompt-texts.ts';
import { REPORT_REASON_TEXTS } from '@/i18n/report-reason-texts.ts';
import en from './locales/en.json';
import fr from './locales/fr.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    moderation: typeof en;
  }
}

/** The moderation page's texts: their own namespace, in the page's own chunk. */
export function useModerationTranslation() {
  return useFeatureTranslation(
    'moderation',
    { en, fr },
    {
      common: [
        MEMBER_TEXTS,
        PROFILE_LIST_TEXTS,
        REPORT_REASON_TEXTS,
        PROFILE_PROMPT_TEXTS,
        GUIDELINE_TEXTS,
        ILLEGAL_CONTENT_TEXTS,
      ],
    },
  );
}
