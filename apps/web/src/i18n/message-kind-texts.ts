import type { CommonPart } from './feature-texts.ts';
import en from './locales/en/common-message-kinds.json';
import fr from './locales/fr/common-message-kinds.json';

/** What a message is when it is no text (a photo, a voice message, a call): in the chat and on the guardian's page. */
export const MESSAGE_KIND_TEXTS: CommonPart = { en, fr };
