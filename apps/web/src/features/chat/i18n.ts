import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { addCallDurationFormat } from '@/lib/format.ts';
import en from './locales/en.json';
import fr from './locales/fr.json';

/** The chat's texts: their own namespace, in the chat route's chunk. */
export const CHAT_NAMESPACE = 'chat';

/** Adds both languages once to the given i18next instance, with the calls' lengths. Idempotent. */
export function addChatTexts(instance: I18n) {
  if (instance.hasResourceBundle('en', CHAT_NAMESPACE)) return;
  addCallDurationFormat(instance);
  instance.addResourceBundle('en', CHAT_NAMESPACE, en, true, true);
  instance.addResourceBundle('fr', CHAT_NAMESPACE, fr, true, true);
}

/** `useTranslation('chat')`, with the namespace added to whichever instance is provided. */
export function useChatTranslation() {
  const { i18n } = useTranslation();
  addChatTexts(i18n);
  return useTranslation(CHAT_NAMESPACE);
}
