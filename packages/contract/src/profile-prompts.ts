/**
 * The prompts a member may answer on their profile (ADR 072), by stable key: the server stores
 * the key, the web app says the prompt in the reader's language (its i18n, never the server), and
 * a compliment names an answer by it. Zod-free, so the profile editor's list costs no schema.
 * Keys are never renamed or reused: a key dropped from the list would leave stored answers
 * unreadable, so retire one by leaving it here.
 */
export const PROFILE_PROMPTS = [
  'marriage-means',
  'ideal-family-day',
  'looking-for-in-spouse',
  'faith-in-daily-life',
  'family-role',
  'home-i-hope-to-build',
  'proud-of',
  'weekend',
  'parents-taught-me',
  'friends-describe-me',
  'learning-now',
  'grateful-for',
  'dua-for-future',
  'ramadan-tradition',
  'dream-trip',
  'community-service',
  'favourite-dish',
  'five-years',
  'kindness-means',
  'resolve-disagreement',
  'book-or-lecture',
  'home-town',
] as const;
export type ProfilePrompt = (typeof PROFILE_PROMPTS)[number];

/** A member answers at most this many prompts, each once. */
export const PROMPT_ANSWERS_MAX = 3;
export const PROMPT_ANSWER_MAX_LENGTH = 300;

/** A voice introduction lasts at most this long (ADR 072), recorded in the app. */
export const VOICE_INTRODUCTION_MAX_SECONDS = 30;
/** Thirty seconds of Opus are about 120 kB, of Safari's AAC under 500 kB. */
export const VOICE_INTRODUCTION_MAX_BYTES = 1024 * 1024;
