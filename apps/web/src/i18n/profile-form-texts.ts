import type { CommonPart } from './feature-texts.ts';
import en from './locales/en/common-profile-form.json';
import fr from './locales/fr/common-profile-form.json';

/** The member's own answers, photos and town, in the same words in the wizard and the profile editor. */
export const PROFILE_FORM_TEXTS: CommonPart = { en, fr };
