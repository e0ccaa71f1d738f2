import './zod-config.ts';
import { z } from 'zod';
import { E } from './error-codes.ts';

import { GENDERS, HAS_CHILDREN_VALUES, MARITAL_STATUSES, SKIN_TONES } from './value-lists.ts';

export * from './value-lists.ts';

export const genderSchema = z.enum(GENDERS, { error: E.GENDER_INVALID });

/** Lowercases and strips accents, so `Marié`, `marié` and `marie` read the same. */
export function foldAccents(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toLowerCase();
}

const folded = (v: unknown) => (typeof v === 'string' ? foldAccents(v) : v);

/** Registration sends marié/divorcé/célibataire, edit profile marie/divorce/celibataire: both land on one value. */
export const maritalStatusSchema = z.preprocess(
  folded,
  z.enum(MARITAL_STATUSES, { error: E.MARITAL_STATUS_INVALID }),
);

export const skinToneSchema = z.preprocess(
  folded,
  z.enum(SKIN_TONES, { error: E.SKIN_TONE_INVALID }),
);

/** Accepts the spec's boolean as well as its three texts; `true`/`false` arrive as strings in multipart. */
export const hasChildrenSchema = z.preprocess(
  (v) => {
    if (v === true || v === 'true') return 'yes';
    if (v === false || v === 'false') return 'no';
    return folded(v);
  },
  z.enum(HAS_CHILDREN_VALUES, { error: E.HAS_CHILDREN_INVALID }),
);

/** A moderator works the report queue; the role is granted on the server only (`npm run moderator`). */
/** A senior moderator also reverses decisions and takes escalations (ADR 076). */
export const MEMBER_ROLES = ['member', 'moderator', 'senior-moderator'] as const;
/** The roles that moderate (ADR 076): a senior moderator is a moderator too. */
export const MODERATOR_ROLES = ['moderator', 'senior-moderator'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/**
 * What a member sends another: a like (POST /like, the cards and the profile dialog) or a Lovely
 * (POST /lovely, the profile page), a like that says more. Either makes a match when returned;
 * the one who receives it sees which it was.
 */
export const LIKE_KINDS = ['like', 'lovely'] as const;
export type LikeKind = (typeof LIKE_KINDS)[number];

export const SUBSCRIPTION_PLANS = ['WEEKLY', 'MONTHLY', 'ANNUAL'] as const;
export const subscriptionPlanSchema = z.enum(SUBSCRIPTION_PLANS, {
  error: E.PLAN_INVALID,
});
export type SubscriptionPlan = z.infer<typeof subscriptionPlanSchema>;
/** Prices in US cents (docs/spec.md §9); the server decides prices, never the client. */
export const SUBSCRIPTION_PRICES: Record<SubscriptionPlan, number> = {
  WEEKLY: 499,
  MONTHLY: 999,
  ANNUAL: 7999,
};

/** Gift numbers of docs/spec.md §3; the names are i18n keys on the client. */
export const GIFT_NUMBERS = {
  1: 'tulip-bouquet',
  2: 'plush-elephant',
  3: 'giant-heart-plush',
  4: 'gold-bracelet',
  5: 'symbolic-link',
  6: 'chocolates',
  7: 'flower-under-glass',
  8: 'scented-candle',
} as const;
export type GiftNumber = keyof typeof GIFT_NUMBERS;
export const GIFT_MESSAGE_PREFIX = 'gift:';

const PAYMENT_METHODS = ['card', 'mobile-money'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
