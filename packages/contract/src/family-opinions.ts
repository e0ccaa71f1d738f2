import './zod-config.ts';
import { z } from 'zod';
import { FAMILY_OPINION_NOTE_MAX_LENGTH } from './constants.ts';
import { E } from './error-codes.ts';
import { memberText, optionalField } from './form-fields.ts';
import { GUARDIAN_LANGUAGES } from './guardians.ts';
import { userDetailsSchema } from './users.ts';
import { GUARDIAN_RELATIONS } from './value-lists.ts';

/**
 * The family's opinion on a match (ADR 078): a member sends a match's profile, as she sees it,
 * to one of her guardians through a short-lived link; the guardian answers, the member alone
 * reads the answer, and the match is told in the conversation that his profile was shown.
 */

/** What a guardian answers. */
export const FAMILY_OPINION_ANSWERS = ['favourable', 'questions', 'unfavourable'] as const;
export type FamilyOpinionAnswer = (typeof FAMILY_OPINION_ANSWERS)[number];

/** `POST /api/chat/family-opinions/{userId}`: which guardian is asked. */
export const familyOpinionRequestSchema = z.object({
  guardianId: z.uuid({ error: E.FAMILY_OPINION_GUARDIAN_INVALID }),
});

/** `PUT /api/guardian/opinion/{token}`: the guardian's answer and an optional note. */
export const familyOpinionAnswerSchema = z.object({
  answer: z.enum(FAMILY_OPINION_ANSWERS, { error: E.FAMILY_OPINION_ANSWER_INVALID }),
  note: optionalField(
    memberText({ multiline: true }).max(
      FAMILY_OPINION_NOTE_MAX_LENGTH,
      E.FAMILY_OPINION_NOTE_TOO_LONG,
    ),
  ),
});
export type FamilyOpinionReply = z.infer<typeof familyOpinionAnswerSchema>;

/** The answer as stored and read back. */
export const familyOpinionAnsweredSchema = z.object({
  answer: z.enum(FAMILY_OPINION_ANSWERS),
  note: z.string().nullable(),
});
export type FamilyOpinionAnswered = z.infer<typeof familyOpinionAnsweredSchema>;

/** One request for an opinion, as the member who asked it reads it. */
export const familyOpinionSchema = z.object({
  id: z.string(),
  guardianId: z.string(),
  guardianName: z.string(),
  relation: z.enum(GUARDIAN_RELATIONS),
  sentAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  /** Taken back by the member: the link answers 404. */
  revoked: z.boolean(),
  answer: z.enum(FAMILY_OPINION_ANSWERS).nullable(),
  note: z.string().nullable(),
  answeredAt: z.iso.datetime().nullable(),
});
export type FamilyOpinion = z.infer<typeof familyOpinionSchema>;

/** `GET /api/chat/family-opinions/{userId}`: what the conversation's header and button need. */
export const familyOpinionsSchema = z.object({
  guardians: z.array(
    z.object({ id: z.string(), name: z.string(), relation: z.enum(GUARDIAN_RELATIONS) }),
  ),
  /** The other member lets matches show their profile to families (their setting). */
  shown: z.boolean(),
  /** The latest first. */
  opinions: z.array(familyOpinionSchema),
});
export type FamilyOpinions = z.infer<typeof familyOpinionsSchema>;

/** `PUT /api/guardians/shown-to-families`: the member's own setting. */
export const shownToFamiliesSchema = z.object({
  shown: z.boolean({ error: E.FAMILY_OPINION_SHOWN_INVALID }),
});

/** `GET /api/guardian/opinion/{token}`: the guardian's page for one opinion. */
export const familyOpinionPageSchema = z.object({
  /** The member's first name. */
  memberName: z.string(),
  guardianName: z.string(),
  language: z.enum(GUARDIAN_LANGUAGES),
  expiresAt: z.iso.datetime(),
  /** The match's profile exactly as the member sees it (blurred photos stay blurred). */
  profile: userDetailsSchema,
  answer: z.enum(FAMILY_OPINION_ANSWERS).nullable(),
  note: z.string().nullable(),
});
export type FamilyOpinionPage = z.infer<typeof familyOpinionPageSchema>;
