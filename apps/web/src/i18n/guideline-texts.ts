import type { CommonPart } from './feature-texts.ts';
import en from './locales/en/common-guidelines.json';
import fr from './locales/fr/common-guidelines.json';

/**
 * The community guidelines' rules and the facts a decision rests on (ADR 076): as the member
 * reads them in a statement of reasons and on /guidelines, and as the moderator chooses them.
 */
export const GUIDELINE_TEXTS: CommonPart = { en, fr };
