import './zod-config.ts';
import { z } from 'zod';
import { PROFESSION_MAX_LENGTH, REVERT_SINCE_MIN_YEAR } from './constants.ts';
import { E, type ErrorCode } from './error-codes.ts';
import {
  CHOICE_FIELDS,
  type ChoiceField,
  COUNTRY_CODES,
  DEALBREAKER_FIELDS,
  type DealbreakerField,
  dealbreakerValues,
  FAITH_FIELDS,
  GENDER_ONLY_FIELDS,
  MAX_DEALBREAKER_COUNTRIES,
  MAX_SHARED,
  PREFER_NOT_TO_SAY,
  SPOKEN_LANGUAGES,
} from './faith-family.ts';
import { formList, formNumber, memberText, optionalField } from './form-fields.ts';
import { PROFILE_PROMPTS } from './profile-prompts.ts';
import type { Gender } from './value-lists.ts';

const CHOICE_CODES: Record<ChoiceField, ErrorCode> = {
  faithBranch: E.FAITH_BRANCH_INVALID,
  madhhab: E.MADHHAB_INVALID,
  community: E.COMMUNITY_INVALID,
  prayer: E.PRAYER_INVALID,
  hijab: E.HIJAB_INVALID,
  beard: E.BEARD_INVALID,
  halal: E.HALAL_INVALID,
  revert: E.REVERT_INVALID,
  marriageTimeline: E.MARRIAGE_TIMELINE_INVALID,
  polygamy: E.POLYGAMY_INVALID,
  childrenWanted: E.CHILDREN_WANTED_INVALID,
  relocation: E.RELOCATION_INVALID,
  education: E.EDUCATION_INVALID,
};

type ValueSet<T extends readonly [string, ...string[]]> = { values: T };

const choice = <T extends readonly [string, ...string[]]>(set: ValueSet<T>, field: ChoiceField) =>
  optionalField(z.enum(set.values, { error: CHOICE_CODES[field] }));

const country = (code: ErrorCode) =>
  optionalField(
    z.preprocess(
      (v) => (typeof v === 'string' && v !== PREFER_NOT_TO_SAY ? v.trim().toUpperCase() : v),
      z.enum([...COUNTRY_CODES, PREFER_NOT_TO_SAY], { error: code }),
    ),
  );

/**
 * A set from `values`: each value once, refused (not silently folded) when repeated, so a bug
 * shows. The refusal names the field itself, not the n-th item, so the form shows it there.
 */
const uniqueList = <const T extends readonly string[]>(values: T, code: ErrorCode) =>
  formList(z.string()).refine(
    (list): list is T[number][] =>
      list.every((v) => values.includes(v)) && new Set(list).size === list.length,
    code,
  );

/**
 * The faith and family fields of the edit-profile form, all optional: absent (or blank) is "not
 * answered", which the profile then stores, as it does for the skin tone.
 */
export const faithFamilyShape = {
  faithBranch: choice(CHOICE_FIELDS.faithBranch, 'faithBranch'),
  madhhab: choice(CHOICE_FIELDS.madhhab, 'madhhab'),
  community: choice(CHOICE_FIELDS.community, 'community'),
  prayer: choice(CHOICE_FIELDS.prayer, 'prayer'),
  hijab: choice(CHOICE_FIELDS.hijab, 'hijab'),
  beard: choice(CHOICE_FIELDS.beard, 'beard'),
  halal: choice(CHOICE_FIELDS.halal, 'halal'),
  revert: choice(CHOICE_FIELDS.revert, 'revert'),
  revertSince: optionalField(
    formNumber(E.REVERT_SINCE_INVALID).pipe(
      z
        .number()
        .int(E.REVERT_SINCE_INVALID)
        .min(REVERT_SINCE_MIN_YEAR, E.REVERT_SINCE_INVALID)
        .refine((year) => year <= new Date().getUTCFullYear(), E.REVERT_SINCE_INVALID),
    ),
  ),
  marriageTimeline: choice(CHOICE_FIELDS.marriageTimeline, 'marriageTimeline'),
  polygamy: choice(CHOICE_FIELDS.polygamy, 'polygamy'),
  childrenWanted: choice(CHOICE_FIELDS.childrenWanted, 'childrenWanted'),
  relocation: choice(CHOICE_FIELDS.relocation, 'relocation'),
  education: choice(CHOICE_FIELDS.education, 'education'),
  languages: uniqueList(SPOKEN_LANGUAGES, E.LANGUAGES_INVALID),
  profession: optionalField(memberText().max(PROFESSION_MAX_LENGTH, E.PROFESSION_TOO_LONG)),
  nationality: country(E.NATIONALITY_INVALID),
  origin: country(E.ORIGIN_INVALID),
  /** The faith fields the member shows to matches only; the others see nothing of them. */
  faithMatchesOnly: uniqueList(FAITH_FIELDS, E.FAITH_MATCHES_ONLY_INVALID),
};

/** The faith and family answers as a form (registration or edit profile) sends them, checked. */
export type FaithFamilyFields = z.infer<z.ZodObject<typeof faithFamilyShape>>;

type FaithFamilyInput = {
  gender?: Gender;
  revert?: string;
  revertSince?: number;
} & Partial<Record<keyof typeof GENDER_ONLY_FIELDS, string>>;

/**
 * The rules across fields: hijab is asked of women, beard of men (a value from the other gender
 * is refused with that field's code), and a year of reversion goes with "revert: yes".
 */
export function checkFaithFamily(value: FaithFamilyInput, ctx: z.RefinementCtx) {
  for (const [field, gender] of Object.entries(GENDER_ONLY_FIELDS) as [
    keyof typeof GENDER_ONLY_FIELDS,
    Gender,
  ][]) {
    if (value[field] !== undefined && value.gender !== gender) {
      ctx.addIssue({ code: 'custom', message: CHOICE_CODES[field], path: [field] });
    }
  }
  if (value.revertSince !== undefined && value.revert !== 'yes') {
    ctx.addIssue({ code: 'custom', message: E.REVERT_SINCE_INVALID, path: ['revertSince'] });
  }
}

/** What the profile answers for these fields (null: not answered, or hidden from this reader). */
const nullableChoice = <T extends readonly [string, ...string[]]>(set: ValueSet<T>) =>
  z.enum(set.values).nullable();

export const faithFamilySchema = z.object({
  faithBranch: nullableChoice(CHOICE_FIELDS.faithBranch),
  madhhab: nullableChoice(CHOICE_FIELDS.madhhab),
  community: nullableChoice(CHOICE_FIELDS.community),
  prayer: nullableChoice(CHOICE_FIELDS.prayer),
  hijab: nullableChoice(CHOICE_FIELDS.hijab),
  beard: nullableChoice(CHOICE_FIELDS.beard),
  halal: nullableChoice(CHOICE_FIELDS.halal),
  revert: nullableChoice(CHOICE_FIELDS.revert),
  revertSince: z.number().int().nullable(),
  marriageTimeline: nullableChoice(CHOICE_FIELDS.marriageTimeline),
  polygamy: nullableChoice(CHOICE_FIELDS.polygamy),
  childrenWanted: nullableChoice(CHOICE_FIELDS.childrenWanted),
  relocation: nullableChoice(CHOICE_FIELDS.relocation),
  education: nullableChoice(CHOICE_FIELDS.education),
  languages: z.array(z.enum(SPOKEN_LANGUAGES)),
  profession: z.string().nullable(),
  nationality: z.string().nullable(),
  origin: z.string().nullable(),
  faithMatchesOnly: z.array(z.enum(FAITH_FIELDS)),
});
export type FaithFamily = z.infer<typeof faithFamilySchema>;

/**
 * One item of the "you share" summary (ADR 041): the value both members gave, so the reader's
 * app words it in the reader's language. Both answered it themselves, neither "prefer not to say";
 * or a profile prompt both answer (ADR 072), each in their own words.
 */
const sharedItemSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('languages'), languages: z.array(z.enum(SPOKEN_LANGUAGES)).min(1) }),
  z.object({ kind: z.literal('madhhab'), value: z.enum(CHOICE_FIELDS.madhhab.values) }),
  z.object({ kind: z.literal('community'), value: z.enum(CHOICE_FIELDS.community.values) }),
  z.object({ kind: z.literal('childrenWanted') }),
  z.object({ kind: z.literal('marriageTimeline') }),
  z.object({ kind: z.literal('relocation'), value: z.enum(CHOICE_FIELDS.relocation.values) }),
  z.object({ kind: z.literal('origin'), country: z.string() }),
  z.object({ kind: z.literal('prompt'), prompt: z.enum(PROFILE_PROMPTS) }),
]);
export type SharedItem = z.infer<typeof sharedItemSchema>;
export const sharedSchema = z.array(sharedItemSchema).max(MAX_SHARED);

/**
 * The member's dealbreakers (ADR 042): for each field made one, the values accepted, at least
 * one, each once. A field absent is no dealbreaker. Unknown fields are refused, not ignored: a
 * filter the server would drop silently would show members the member said no to.
 */
export const dealbreakersSchema = z.strictObject(
  Object.fromEntries(
    DEALBREAKER_FIELDS.map((field) => [
      field,
      z
        .array(z.string(), { error: E.DEALBREAKER_INVALID })
        .min(1, E.DEALBREAKER_INVALID)
        .max(MAX_DEALBREAKER_COUNTRIES, E.DEALBREAKER_INVALID)
        .refine(
          (list) =>
            list.every((v) => dealbreakerValues(field).includes(v)) &&
            new Set(list).size === list.length,
          E.DEALBREAKER_INVALID,
        )
        .optional(),
    ]),
  ) as Record<DealbreakerField, z.ZodOptional<z.ZodArray<z.ZodString>>>,
  { error: E.DEALBREAKER_INVALID },
);
export type Dealbreakers = Partial<Record<DealbreakerField, string[]>>;
