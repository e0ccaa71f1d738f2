import { z } from 'zod';
import { MAX_AGE, MIN_AGE, SUGGESTIONS_PAGE_SIZE } from './constants.ts';
import { requiredField } from './form-fields.ts';
import { memberIdSchema } from './users.ts';
import { genderSchema } from './value-sets.ts';

export const suggestionsQuerySchema = z.object({
  page: z.coerce.number().int().min(0, 'page must be 0 or more').default(0),
  size: z.coerce
    .number()
    .int()
    .min(1, 'size must be at least 1')
    .max(SUGGESTIONS_PAGE_SIZE, `size must be at most ${SUGGESTIONS_PAGE_SIZE}`)
    .default(SUGGESTIONS_PAGE_SIZE),
});

export const likeRequestSchema = z.object({
  likedUserId: requiredField(memberIdSchema, 'likedUserId is required'),
});
export const likeResponseSchema = z.object({ mutualLike: z.boolean() });
export const lovelyRequestSchema = z.object({
  receiverId: requiredField(memberIdSchema, 'receiverId is required'),
});

const listedMember = {
  id: z.string(),
  name: z.string(),
  age: z.number().int().nullable(),
  gender: genderSchema.nullable(),
  mediaUrls: z.array(z.string()),
};

export const likeEntrySchema = z.object({
  ...listedMember,
  createdAt: z.iso.datetime(),
  isNew: z.boolean(),
});
export type LikeEntry = z.infer<typeof likeEntrySchema>;

export const profileViewEntrySchema = z.object({ ...listedMember, viewedAt: z.iso.datetime() });
export type ProfileViewEntry = z.infer<typeof profileViewEntrySchema>;

export const notificationsSchema = z.object({
  newLikes: z.number().int(),
  newMessages: z.number().int(),
  newViews: z.number().int(),
  lastLikeAt: z.iso.datetime().nullable(),
});
export type Notifications = z.infer<typeof notificationsSchema>;

/** Discovery filters beyond the spec, kept as the member's preferences. */
export const MAX_DISTANCE_KM_LIMIT = 20_000;
export const preferencesSchema = z
  .object({
    minAge: z
      .number()
      .int()
      .min(MIN_AGE, `minAge must be at least ${MIN_AGE}`)
      .max(MAX_AGE)
      .nullable(),
    maxAge: z
      .number()
      .int()
      .min(MIN_AGE, `maxAge must be at least ${MIN_AGE}`)
      .max(MAX_AGE)
      .nullable(),
    maxDistanceKm: z
      .number()
      .int()
      .min(1, 'maxDistanceKm must be at least 1')
      .max(MAX_DISTANCE_KM_LIMIT, `maxDistanceKm must be at most ${MAX_DISTANCE_KM_LIMIT}`)
      .nullable(),
  })
  .refine((p) => p.minAge === null || p.maxAge === null || p.minAge <= p.maxAge, {
    message: 'minAge must not be above maxAge',
    path: ['maxAge'],
  });
export type Preferences = z.infer<typeof preferencesSchema>;
