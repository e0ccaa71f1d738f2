import type { CommonPart } from './feature-texts.ts';
import en from './locales/en/common-member.json';
import fr from './locales/fr/common-member.json';

/** A member's facts as the profiles, lists and forms of several features name them. */
export const MEMBER_TEXTS: CommonPart = { en, fr };
