import { useFeatureTranslation } from '@/i18n/feature-texts.ts';
import { MESSAGE_KIND_TEXTS } from '@/i18n/message-kind-texts.ts';
import en from './locales/en.json';
import fr from './locales/fr.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    guardians: typeof en;
  }
}

/** Family mode (ADR 045): the member's guardians section and the guardian's page. */
export function useGuardiansTranslation() {
  return useFeatureTranslation('guardians', { en, fr }, { common: [MESSAGE_KIND_TEXTS] });
}
