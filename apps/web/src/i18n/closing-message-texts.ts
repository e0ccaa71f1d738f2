import type { CommonPart } from './feature-texts.ts';
import en from './locales/en/common-closing-messages.json';
import fr from './locales/fr/common-closing-messages.json';

/**
 * The messages "close kindly" offers (ADR 070), by id: the member who closes chooses one (the
 * safety feature's dialog), the other reads it in their own language (the chat's line).
 */
export const CLOSING_MESSAGE_TEXTS: CommonPart = { en, fr };
