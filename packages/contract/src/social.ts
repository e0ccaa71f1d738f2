import './zod-config.ts';
import { z } from 'zod';
import { complimentRequestSchema, receivedComplimentSchema } from './compliments.ts';
import { MAX_AGE, MIN_AGE, SUGGESTIONS_PAGE_SIZE } from './constants.ts';
import { E } from './error-codes.ts';
import { dealbreakersSchema } from './faith-family-schemas.ts';
import { requiredField, wholeNumber } from './form-fields.ts';
import { memberIdSchema } from './users.ts';
import { genderSchema, LIKE_KINDS } from './value-sets.ts';

export const suggestionsQuerySchema = z.object({
  page: wholeNumber(E.PAGE_INVALID, { min: 0 }).default(0),
  size: wholeNumber(E.PAGE_SIZE_INVALID, { min: 1, max: SUGGESTIONS_PAGE_SIZE }).default(
    SUGGESTIONS_PAGE_SIZE,
  ),
  /** Browse there (ADR 077): suggestions around one of the viewer's shown stays, not her home. */
  stay: z.uuid({ error: E.STAY_NOT_FOUND }).optional(),
});

/**
 * `compliment`: a short note about one photo or answer of the liked member, sent with the like
 * (ADR 071): only with a new like, the two stored together or neither.
 */
export const likeRequestSchema = z.object({
  likedUserId: requiredField(memberIdSchema, E.LIKED_USER_REQUIRED),
  compliment: complimentRequestSchema.optional(),
});
/**
 * A match, as one of the two is shown it: the other member's name and first photo (unblurred:
 * they matched). Answered to the member who liked back, and published on the other's
 * `/topic/match/{id}` (the MatchEvent).
 */
const matchedMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  photoUrl: z.string().nullable(),
});
export type MatchedMember = z.infer<typeof matchedMemberSchema>;
export const matchEventSchema = z.object({ member: matchedMemberSchema });
export type MatchEvent = z.infer<typeof matchEventSchema>;

/** `match` comes with a mutual like: whom the member now matches with. */
export const likeResponseSchema = z.object({
  mutualLike: z.boolean(),
  match: matchedMemberSchema.optional(),
});
export const lovelyRequestSchema = z.object({
  receiverId: requiredField(memberIdSchema, E.RECEIVER_REQUIRED),
});

const listedMember = {
  id: z.string(),
  name: z.string(),
  age: z.number().int().nullable(),
  gender: genderSchema.nullable(),
  mediaUrls: z.array(z.string()),
  /** The member blurs their photos until a match: `mediaUrls` are blurred copies. */
  photosBlurred: z.boolean(),
  /** The verified badge (ADR 044). */
  verified: z.boolean(),
};

export const likeEntrySchema = z.object({
  ...listedMember,
  createdAt: z.iso.datetime(),
  isNew: z.boolean(),
  /** A like or a Lovely: the list says which. */
  kind: z.enum(LIKE_KINDS),
  /** I liked them back: a match. Otherwise the list offers to like back. */
  matched: z.boolean(),
  /** The note that came with the like (ADR 071); null for a like without one. */
  compliment: receivedComplimentSchema.nullable(),
});
export type LikeEntry = z.infer<typeof likeEntrySchema>;

export const profileViewEntrySchema = z.object({ ...listedMember, viewedAt: z.iso.datetime() });
export type ProfileViewEntry = z.infer<typeof profileViewEntrySchema>;

export const notificationsSchema = z.object({
  newLikes: z.number().int(),
  newMessages: z.number().int(),
  /**
   * Conversations with an unread message: with the new likes, the app badge (ADR 040), the same
   * number as a push's `badge` sets while the app is closed.
   */
  unreadConversations: z.number().int(),
  /**
   * Message requests waiting for the member's answer (ADR 068), counted apart from messages and
   * badged on their own. Absent from servers before requests.
   */
  messageRequests: z.number().int().optional(),
  newViews: z.number().int(),
  lastLikeAt: z.iso.datetime().nullable(),
  /**
   * Moderators' decisions about the member they have not read yet (ADR 084): the app says so
   * until they read them. Absent from servers before it.
   */
  newDecisions: z.number().int().optional(),
});
export type Notifications = z.infer<typeof notificationsSchema>;

/** Discovery filters beyond the spec, kept as the member's preferences. */
const MAX_DISTANCE_KM_LIMIT = 20_000;
const ageFilter = z
  .number({ error: E.AGE_FILTER_INVALID })
  .int(E.AGE_FILTER_INVALID)
  .min(MIN_AGE, E.AGE_FILTER_INVALID)
  .max(MAX_AGE, E.AGE_FILTER_INVALID)
  .nullable();
const filterFields = {
  minAge: ageFilter,
  maxAge: ageFilter,
  maxDistanceKm: z
    .number({ error: E.DISTANCE_FILTER_INVALID })
    .int(E.DISTANCE_FILTER_INVALID)
    .min(1, E.DISTANCE_FILTER_INVALID)
    .max(MAX_DISTANCE_KM_LIMIT, E.DISTANCE_FILTER_INVALID)
    .nullable(),
};

/**
 * The filters as the app sends them. `dealbreakers` absent keeps the saved ones (an app from
 * before them cannot wipe them); `{}` removes them all.
 */
export const preferencesSchema = z
  .object({
    ...filterFields,
    dealbreakers: dealbreakersSchema.optional(),
    /** Suggest verified members only (ADR 044); absent keeps the saved choice. */
    verifiedOnly: z.boolean({ error: E.INVALID_VALUE }).optional(),
  })
  .refine((p) => p.minAge === null || p.maxAge === null || p.minAge <= p.maxAge, {
    message: E.AGE_RANGE_INVALID,
    path: ['maxAge'],
  });
export type PreferencesInput = z.infer<typeof preferencesSchema>;

/** The filters as saved: the dealbreakers always there. */
export const savedPreferencesSchema = z.object({
  ...filterFields,
  dealbreakers: dealbreakersSchema,
  verifiedOnly: z.boolean(),
});
export type Preferences = z.infer<typeof savedPreferencesSchema>;

/**
 * About how many members a set of filters leaves, both ways (ADR 042): counted on a sample of
 * the audience once it is large, so `exact` is false and the number is rounded.
 */
export const audienceEstimateSchema = z.object({ about: z.number().int(), exact: z.boolean() });
export type AudienceEstimate = z.infer<typeof audienceEstimateSchema>;
