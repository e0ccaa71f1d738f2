import './zod-config.ts';
import { z } from 'zod';
import { emailSchema } from './auth.ts';
import { messageSchema } from './chat.ts';
import { GUARDIAN_NAME_MAX_LENGTH } from './constants.ts';
import { E } from './error-codes.ts';
import { optionalField, personName, requiredField } from './form-fields.ts';
import { GUARDIAN_RELATIONS } from './value-lists.ts';

/**
 * Family mode (ADR 045): a guardian (wali, chaperone) a member names follows, read-only
 * and through a link, the conversations the member chose. The other member of a followed
 * conversation is told first, in it (a notice line) and in its header.
 */

/** The languages a guardian is written to in (the invitation, the page's first language). */
export const GUARDIAN_LANGUAGES = ['fr', 'en'] as const;

/** `POST /api/guardians`: who the guardian is and where the link is mailed. */
export const guardianRequestSchema = z.object({
  name: requiredField(
    personName()
      .min(1, E.GUARDIAN_NAME_REQUIRED)
      .max(GUARDIAN_NAME_MAX_LENGTH, E.GUARDIAN_NAME_TOO_LONG),
    E.GUARDIAN_NAME_REQUIRED,
  ),
  relation: z.enum(GUARDIAN_RELATIONS, { error: E.GUARDIAN_RELATION_INVALID }),
  email: emailSchema,
  language: z.enum(GUARDIAN_LANGUAGES, { error: E.GUARDIAN_LANGUAGE_INVALID }),
});
export type GuardianRequest = z.infer<typeof guardianRequestSchema>;

/** A guardian as the member sees them: never the link (it was mailed, and is stored hashed). */
export const guardianSchema = z.object({
  id: z.string(),
  name: z.string(),
  relation: z.enum(GUARDIAN_RELATIONS),
  email: z.string(),
  language: z.enum(GUARDIAN_LANGUAGES),
  createdAt: z.iso.datetime(),
  /** The last time the guardian opened the page; null before the first. */
  lastVisitAt: z.iso.datetime().nullable(),
});
export type Guardian = z.infer<typeof guardianSchema>;

/** A conversation of the member and whether their guardians follow it. */
const followedConversationSchema = z.object({
  userId: z.string(),
  name: z.string(),
  followed: z.boolean(),
  /** When following began (the notice line's time); null when not followed. */
  since: z.iso.datetime().nullable(),
});
export type FollowedConversation = z.infer<typeof followedConversationSchema>;

/**
 * `GET /api/guardians`: the member's guardians, whether a new conversation is followed from its
 * start (the default, set once) and each conversation's choice.
 */
export const guardianOverviewSchema = z.object({
  guardians: z.array(guardianSchema),
  followNewConversations: z.boolean(),
  /** A match may show the member's profile to their family for an opinion (ADR 078). */
  shownToFamilies: z.boolean(),
  conversations: z.array(followedConversationSchema),
});
export type GuardianOverview = z.infer<typeof guardianOverviewSchema>;

const followedField = z.boolean({ error: E.GUARDIAN_FOLLOW_INVALID });

/** `PUT /api/guardians/settings`: the default for a conversation that starts from now on. */
export const guardianSettingsSchema = z.object({ followNewConversations: followedField });
export type GuardianSettings = z.infer<typeof guardianSettingsSchema>;

/**
 * `PUT /api/guardians/conversations/{userId}` (one) and `PUT /api/guardians/conversations` (all
 * of today's conversations at once).
 */
export const followRequestSchema = z.object({ followed: followedField });

/** One opening of the guardian's page, for the member. */
export const guardianVisitSchema = z.object({
  guardianId: z.string(),
  guardianName: z.string(),
  at: z.iso.datetime(),
});
export type GuardianVisit = z.infer<typeof guardianVisitSchema>;

/** The token of a guardian's link: 32 random bytes in base64url (43 characters). */
export const GUARDIAN_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Any text in the path: a token of the wrong shape is answered by the server as an unknown one
 * is (404 `GUARDIAN_LINK_INVALID`), not as a 400 that would tell the two apart.
 */
const guardianTokenSchema = z.string().max(200);

export const guardianLinkParamsSchema = z.object({ token: guardianTokenSchema });

/** A followed conversation as the guardian's page lists it: the other member's first name. */
const guardianConversationSchema = z.object({
  id: z.string(),
  name: z.string(),
  mediaUrls: z.array(z.string()),
  /** `mediaUrls` are the blurred copies: the other member blurs their photos (ADR 019). */
  photosBlurred: z.boolean(),
  /** Following began here: nothing written before it is shown. */
  since: z.iso.datetime(),
  lastMessageTime: z.iso.datetime().nullable(),
});
export type GuardianConversation = z.infer<typeof guardianConversationSchema>;

/** How often a guardian is mailed what is new in the conversations they follow. */
export const GUARDIAN_DIGESTS = ['daily', 'weekly', 'off'] as const;
export type GuardianDigest = (typeof GUARDIAN_DIGESTS)[number];

/** `PUT /api/guardian/{token}/digest`: the guardian's choice. */
export const guardianDigestSchema = z.object({
  digest: z.enum(GUARDIAN_DIGESTS, { error: E.GUARDIAN_DIGEST_INVALID }),
});

/** The one-click unsubscribe of a guardian's digest (RFC 8058): a token signed by the server. */
export const guardianDigestUnsubscribeQuerySchema = z.object({
  token: z
    .string({ error: E.UNSUBSCRIBE_LINK_INVALID })
    .max(200, E.UNSUBSCRIBE_LINK_INVALID)
    .regex(/^[A-Za-z0-9_.-]+$/, E.UNSUBSCRIBE_LINK_INVALID),
});

/** `GET /api/guardian/{token}`: the page of a guardian, read-only. */
export const guardianPageSchema = z.object({
  /** The member's first name. */
  memberName: z.string(),
  memberId: z.string(),
  guardianName: z.string(),
  language: z.enum(GUARDIAN_LANGUAGES),
  /** How often the guardian is mailed the news (their choice, on this page). */
  digest: z.enum(GUARDIAN_DIGESTS),
  conversations: z.array(guardianConversationSchema),
});
export type GuardianPage = z.infer<typeof guardianPageSchema>;

export const guardianMessagesSchema = z.array(messageSchema);

/** A phone number as a person types it: digits, spaces, dots, dashes, a leading +. */
const WALI_PHONE_PATTERN = /^\+?[0-9][0-9 .-]{5,24}$/;

/**
 * `POST /api/chat/wali/{userId}/answer`: the one asked declines, or shares their guardian's name
 * and relation, and a phone number if they type one.
 */
export const waliAnswerSchema = z.discriminatedUnion(
  'accept',
  [
    z.object({ accept: z.literal(false) }),
    z.object({
      accept: z.literal(true),
      name: guardianRequestSchema.shape.name,
      relation: guardianRequestSchema.shape.relation,
      phone: optionalField(
        z
          .string({ error: E.WALI_PHONE_INVALID })
          .trim()
          .regex(WALI_PHONE_PATTERN, E.WALI_PHONE_INVALID),
      ),
    }),
  ],
  { error: E.WALI_ANSWER_INVALID },
);
export type WaliAnswer = z.infer<typeof waliAnswerSchema>;
