/**
 * The choices of docs/spec.md §3, zod-free: the forms list their options from here (the
 * registration wizard loads zod only once it is on screen), and `value-sets.ts` checks them.
 * Stored values are the canonical ASCII spellings.
 */
import type { VerificationRefusal } from './verification-poses.ts';

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
 * How urgent a report is in the moderators' queue (ADR 080): a reported minor first, then money
 * asked for (by a member's reason or the scam shield's finding, ADR 043), then the rest.
 */
export const REPORT_PRIORITIES = ['minor', 'money', 'other'] as const;
export type ReportPriority = (typeof REPORT_PRIORITIES)[number];

/** Where the review of a member stands (ADR 076); a report reads its member's, or closed. */
export const REVIEW_STATES = ['open', 'escalated', 'closed'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

/** The rules of the community guidelines (the /guidelines page): a decision rests on one. */
export const GUIDELINE_RULES = [
  'be-yourself',
  'respect',
  'no-money',
  'decency',
  'adults-only',
  'honest-situation',
  'marriage-intent',
] as const;
export type GuidelineRule = (typeof GUIDELINE_RULES)[number];

/** The facts a moderator chooses from (and may complete in their own words). */
export const DECISION_FACTS = [
  'asked-for-money',
  'insults-or-threats',
  'sexual-content',
  'photo-not-the-member',
  'inappropriate-photo',
  'false-identity',
  'under-age',
  'hidden-marriage',
  'spam-or-advertising',
  'not-seeking-marriage',
  'inappropriate-content',
  // A verification selfie refused (ADR 044): never a report's fact.
  'selfie-unclear',
  'selfie-not-live',
  // ADR 083: for a hidden message or a removed profile text.
  'offensive-text',
  'contact-details-shared',
  'other',
] as const;
export type DecisionFact = (typeof DECISION_FACTS)[number];

/** The facts a verification refusal rests on, by the moderator's reason for it. */
export const VERIFICATION_REFUSAL_FACTS = {
  'pose-wrong': 'selfie-unclear',
  'face-not-visible': 'selfie-unclear',
  'not-same-person': 'photo-not-the-member',
  'photo-of-photo': 'selfie-not-live',
} as const satisfies Record<VerificationRefusal, DecisionFact>;

/** The facts a moderator chooses from when deciding on a report. */
export const REPORT_DECISION_FACTS = DECISION_FACTS.filter(
  (fact) => fact !== 'selfie-unclear' && fact !== 'selfie-not-live',
);

/** The rule and the fact a report's reason points at: a decision's own, unless the moderator chose. */
export const REPORT_REASON_GROUNDS: Record<
  ReportReason,
  { rule: GuidelineRule; fact: DecisionFact }
> = {
  'fake-profile': { rule: 'be-yourself', fact: 'false-identity' },
  'inappropriate-photos': { rule: 'decency', fact: 'inappropriate-photo' },
  'inappropriate-voice-introduction': { rule: 'decency', fact: 'inappropriate-content' },
  'harassment-or-hate': { rule: 'respect', fact: 'insults-or-threats' },
  'asking-for-money': { rule: 'no-money', fact: 'asked-for-money' },
  'under-18': { rule: 'adults-only', fact: 'under-age' },
  'married-and-hiding-it': { rule: 'honest-situation', fact: 'hidden-marriage' },
  other: { rule: 'respect', fact: 'other' },
};

/**
 * What anyone, member or not, may report as illegal (DSA Art. 16, ADR 079): a short fixed list,
 * each put in the queue under the report reason nearest to it, so its statement of reasons rests
 * on that reason's rule and fact.
 */
export const ILLEGAL_CONTENT_KINDS = [
  'minor',
  'intimate-image',
  'fraud',
  'impersonation',
  'hate-or-terrorism',
  'other-illegal',
] as const;
export type IllegalContentKind = (typeof ILLEGAL_CONTENT_KINDS)[number];

export const ILLEGAL_CONTENT_REASONS: Record<IllegalContentKind, ReportReason> = {
  minor: 'under-18',
  'intimate-image': 'inappropriate-photos',
  fraud: 'asking-for-money',
  impersonation: 'fake-profile',
  'hate-or-terrorism': 'harassment-or-hate',
  'other-illegal': 'other',
};

/** What a public report names: a member's profile, or one of its photos. */
export const PUBLIC_REPORT_SUBJECTS = ['profile', 'photo'] as const;
export type PublicReportSubject = (typeof PUBLIC_REPORT_SUBJECTS)[number];

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
