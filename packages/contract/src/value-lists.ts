/**
 * The choices of docs/spec.md §3, zod-free: the forms list their options from here (the
 * registration wizard loads zod only once it is on screen), and `value-sets.ts` checks them.
 * Stored values are the canonical ASCII spellings.
 */

export const GENDERS = ['homme', 'femme'] as const;
export type Gender = (typeof GENDERS)[number];

export const MARITAL_STATUSES = ['celibataire', 'marie', 'divorce'] as const;
export type MaritalStatus = (typeof MARITAL_STATUSES)[number];

/** docs/spec.md §3: registration sends marié, divorcé or célibataire (edit profile the ASCII ones). */
export const REGISTRATION_MARITAL_STATUS: Record<MaritalStatus, string> = {
  celibataire: 'célibataire',
  marie: 'marié',
  divorce: 'divorcé',
};

export const SKIN_TONES = ['clair', 'moyen', 'fonce'] as const;
export type SkinTone = (typeof SKIN_TONES)[number];

export const HAS_CHILDREN_VALUES = ['yes', 'no', 'not specified'] as const;
export type HasChildren = (typeof HAS_CHILDREN_VALUES)[number];

/** Why a member reports another; the web app names each in French and English. */
export const REPORT_REASONS = [
  'fake-profile',
  'inappropriate-photos',
  // ADR 072: a voice introduction is heard, not seen, and reported for what it says.
  'inappropriate-voice-introduction',
  'harassment-or-hate',
  'asking-for-money',
  'under-18',
  'married-and-hiding-it',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/**
 * The scam shield's rules (ADR 043): what a message asked or gave that a scam starts with. The
 * receiver of such a message is shown a warning; the sender is never told.
 */
export const SHIELD_RULES = ['money', 'phone', 'link', 'other-app', 'crypto'] as const;
export type ShieldRule = (typeof SHIELD_RULES)[number];

/** Who a guardian is to the member (ADR 045). */
export const GUARDIAN_RELATIONS = [
  'father',
  'brother',
  'uncle',
  'mother',
  'imam',
  'friend',
  'other',
] as const;
export type GuardianRelation = (typeof GUARDIAN_RELATIONS)[number];
