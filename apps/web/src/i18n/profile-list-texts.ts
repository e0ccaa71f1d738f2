import type { CommonPart } from './feature-texts.ts';
import en from './locales/en/common-profile-list.json';
import fr from './locales/fr/common-profile-list.json';

/** A profile opened from a list of members (who liked me, who viewed me), and a moment ago. */
export const PROFILE_LIST_TEXTS: CommonPart = { en, fr };
