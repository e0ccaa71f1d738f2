import type { i18n as I18n } from 'i18next';
import { CLOSING_MESSAGE_TEXTS } from '@/i18n/closing-message-texts.ts';
import { addFeatureTexts, useFeatureTranslation } from '@/i18n/feature-texts.ts';
import { MEMBER_CARD_TEXTS } from '@/i18n/member-card-texts.ts';
import { MESSAGE_KIND_TEXTS } from '@/i18n/message-kind-texts.ts';
import { addCallDurationFormat } from '@/lib/format.ts';
import en from './locales/en.json';
import fr from './locales/fr.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    chat: typeof en;
  }
}

/** The chat's texts: their own namespace, in the chat route's chunk, with the calls' lengths. */
export const CHAT_NAMESPACE = 'chat';

const CHAT_OPTIONS = {
  common: [MEMBER_CARD_TEXTS, MESSAGE_KIND_TEXTS, CLOSING_MESSAGE_TEXTS],
  setup: addCallDurationFormat,
};

/** Adds the chat's texts to an instance outside React (the texts' tests). */
export function addChatTexts(instance: I18n) {
  addFeatureTexts(instance, CHAT_NAMESPACE, { en, fr }, CHAT_OPTIONS);
}

/** `useTranslation('chat')`, with the namespace added to whichever instance is provided. */
export function useChatTranslation() {
  return useFeatureTranslation(CHAT_NAMESPACE, { en, fr }, CHAT_OPTIONS);
}
