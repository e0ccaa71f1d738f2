import type { CommonPart } from './feature-texts.ts';
import en from './locales/en/common-profile-prompts.json';
import fr from './locales/fr/common-profile-prompts.json';

/**
 * The profile prompts by their contract key (ADR 072), in the reader's language: the profile
 * editor lists them, the profile screens and the moderators' page name an answer's prompt.
 */
export const PROFILE_PROMPT_TEXTS: CommonPart = { en, fr };
