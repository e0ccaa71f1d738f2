import type { CommonPart } from './feature-texts.ts';
import en from './locales/en/common-member-card.json';
import fr from './locales/fr/common-member-card.json';

/** What a member's card says beside the name: online, and why the photo is blurred. */
export const MEMBER_CARD_TEXTS: CommonPart = { en, fr };
