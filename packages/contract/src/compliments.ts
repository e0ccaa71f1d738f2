import './zod-config.ts';
import { z } from 'zod';
import { COMPLIMENT_NOTE_MAX_LENGTH } from './constants.ts';
import { E } from './error-codes.ts';
import { FAITH_FIELDS, FAMILY_FIELDS } from './faith-family.ts';
import { memberText, requiredField } from './form-fields.ts';
import { PROFILE_PROMPTS } from './profile-prompts.ts';
import { SHIELD_RULES } from './value-lists.ts';

/**
 * The answers of a profile a compliment may be about: the bio and the faith and family answers a
 * member gives (ADR 041; `revertSince` goes with `revert`). Answers to profile prompts are a
 * target kind of their own (`prompt`), named by the prompt's key (ADR 072).
 */
export const COMPLIMENT_ANSWER_KEYS = [
  'bio',
  ...FAITH_FIELDS,
  ...FAMILY_FIELDS,
  'languages',
  'profession',
  'nationality',
  'origin',
] as const;
export type ComplimentAnswerKey = (typeof COMPLIMENT_ANSWER_KEYS)[number];

/**
 * What a compliment is about, as the liker names it: one photo of the liked member (its id, from
 * their details' `photoIds`), one answer they give, or their answer to one profile prompt (its
 * key, from their details' `promptAnswers`). A kind per target.
 */
export const complimentTargetSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('photo'), photoId: z.uuid({ error: E.COMPLIMENT_TARGET_INVALID }) }),
    z.object({
      kind: z.literal('answer'),
      key: z.enum(COMPLIMENT_ANSWER_KEYS, { error: E.COMPLIMENT_TARGET_INVALID }),
    }),
    z.object({
      kind: z.literal('prompt'),
      prompt: z.enum(PROFILE_PROMPTS, { error: E.COMPLIMENT_TARGET_INVALID }),
    }),
  ],
  { error: E.COMPLIMENT_TARGET_INVALID },
);
export type ComplimentTarget = z.infer<typeof complimentTargetSchema>;

/** The note and what it is about, sent with a like (`POST /like`'s optional `compliment`). */
export const complimentRequestSchema = z.object({
  note: requiredField(
    memberText({ multiline: true }).max(COMPLIMENT_NOTE_MAX_LENGTH, E.COMPLIMENT_NOTE_TOO_LONG),
    E.COMPLIMENT_NOTE_REQUIRED,
  ),
  about: requiredField(complimentTargetSchema, E.COMPLIMENT_TARGET_INVALID),
});
export type ComplimentRequest = z.infer<typeof complimentRequestSchema>;

/**
 * A compliment as its receiver sees it in who liked her: the note, what it is about (her own
 * photo's thumbnail, null once she removed it; the answer's key; or the prompt's key with her
 * answer as it reads now, null once she or a moderator removed it: ADR 071) and what the scam
 * shield found in it (ADR 043), for her warning; the sender is never told.
 */
export const receivedComplimentSchema = z.object({
  note: z.string(),
  about: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('photo'), thumbnailUrl: z.string().nullable() }),
    z.object({ kind: z.literal('answer'), key: z.enum(COMPLIMENT_ANSWER_KEYS) }),
    z.object({
      kind: z.literal('prompt'),
      prompt: z.enum(PROFILE_PROMPTS),
      answer: z.string().nullable(),
    }),
  ]),
  shield: z.array(z.enum(SHIELD_RULES)),
});
export type ReceivedCompliment = z.infer<typeof receivedComplimentSchema>;
