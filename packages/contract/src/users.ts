import './zod-config.ts';
import { z } from 'zod';
import { emailSchema, newPasswordSchema } from './auth.ts';
import {
  BIO_MAX_LENGTH,
  LOCATION_MAX_LENGTH,
  MAX_AGE,
  MAX_PHOTOS,
  MIN_AGE,
  NAME_MAX_LENGTH,
  PRIVACY_VERSION,
} from './constants.ts';
import { E } from './error-codes.ts';
import {
  checkFaithFamily,
  faithFamilySchema,
  faithFamilyShape,
  sharedSchema,
} from './faith-family-schemas.ts';
import {
  formBoolean,
  formList,
  formNumber,
  memberText,
  optionalField,
  personName,
  requiredField,
} from './form-fields.ts';
import {
  PROFILE_PROMPTS,
  PROMPT_ANSWER_MAX_LENGTH,
  PROMPT_ANSWERS_MAX,
} from './profile-prompts.ts';
import { shownStaySchema } from './stays.ts';
import {
  genderSchema,
  HAS_CHILDREN_VALUES,
  hasChildrenSchema,
  LIKE_KINDS,
  MARITAL_STATUSES,
  MEMBER_ROLES,
  maritalStatusSchema,
  SHIELD_RULES,
  SKIN_TONES,
  skinToneSchema,
  subscriptionPlanSchema,
} from './value-sets.ts';

const nameField = requiredField(
  personName().max(NAME_MAX_LENGTH, E.NAME_TOO_LONG),
  E.NAME_REQUIRED,
);
const ageField = requiredField(
  formNumber(E.AGE_NOT_A_NUMBER)
    .pipe(z.number().int(E.AGE_NOT_WHOLE))
    .pipe(z.number().min(MIN_AGE, E.AGE_TOO_YOUNG).max(MAX_AGE, E.AGE_UNREAL)),
  E.AGE_REQUIRED,
);
const genderField = requiredField(genderSchema, E.GENDER_REQUIRED);
const maritalStatusField = requiredField(maritalStatusSchema, E.MARITAL_STATUS_REQUIRED);
const locationField = requiredField(
  memberText().max(LOCATION_MAX_LENGTH, E.LOCATION_TOO_LONG),
  E.LOCATION_REQUIRED,
);
const bioText = memberText({ multiline: true }).max(BIO_MAX_LENGTH, E.BIO_TOO_LONG);
const latitudeField = optionalField(
  formNumber(E.LATITUDE_INVALID).pipe(
    z.number().min(-90, E.LATITUDE_INVALID).max(90, E.LATITUDE_INVALID),
  ),
);
const longitudeField = optionalField(
  formNumber(E.LONGITUDE_INVALID).pipe(
    z.number().min(-180, E.LONGITUDE_INVALID).max(180, E.LONGITUDE_INVALID),
  ),
);

/** One answer to a prompt of the list (ADR 072), named by the prompt's stable key. */
export const promptAnswerSchema = z.object({
  prompt: z.enum(PROFILE_PROMPTS),
  answer: z.string(),
});
export type PromptAnswer = z.infer<typeof promptAnswerSchema>;

/** An answer as the member sends it: a prompt of the list, an answer of at most 300 characters. */
const promptAnswerField = z.object(
  {
    prompt: z.enum(PROFILE_PROMPTS, { error: E.PROMPT_UNKNOWN }),
    answer: requiredField(
      memberText({ multiline: true }).max(PROMPT_ANSWER_MAX_LENGTH, E.PROMPT_ANSWER_TOO_LONG),
      E.PROMPT_ANSWER_REQUIRED,
    ),
  },
  { error: E.PROMPT_ANSWERS_INVALID },
);

/**
 * The member's answers in the order shown, at most three, a prompt once: a JSON array in a form
 * field (multipart has no lists of objects) or in a JSON body.
 */
const promptAnswersField = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  },
  z
    .array(promptAnswerField, { error: E.PROMPT_ANSWERS_INVALID })
    .max(PROMPT_ANSWERS_MAX, E.PROMPT_ANSWERS_TOO_MANY)
    .superRefine((answers, ctx) => {
      const seen = new Set<string>();
      answers.forEach((a, index) => {
        if (seen.has(a.prompt)) {
          ctx.addIssue({ code: 'custom', message: E.PROMPT_REPEATED, path: [index, 'prompt'] });
        }
        seen.add(a.prompt);
      });
    }),
);

/**
 * A member's voice introduction as a reader gets it: a signed link (loaded only when played,
 * ADR 048), its length and its size, so data saver can say what a tap costs.
 */
export const voiceIntroductionSchema = z.object({
  url: z.string(),
  seconds: z.number(),
  bytes: z.number().int(),
});
export type VoiceIntroduction = z.infer<typeof voiceIntroductionSchema>;

function bothCoordinatesOrNone(v: { latitude?: number; longitude?: number }) {
  return (v.latitude === undefined) === (v.longitude === undefined);
}
const coordinatesError = {
  message: E.COORDINATES_TOGETHER,
  path: ['longitude'],
};

/**
 * Registration fields (docs/spec.md §3), every rule of section 5 steps 1 to 4. The photos
 * (`profilePicture`, at least one) travel as files beside these fields.
 */
export const registrationFieldsSchema = z
  .object({
    name: nameField,
    age: ageField,
    gender: genderField,
    maritalStatus: maritalStatusField,
    skinTone: optionalField(skinToneSchema),
    hasChildren: optionalField(hasChildrenSchema),
    location: locationField,
    bio: requiredField(bioText, E.BIO_REQUIRED),
    latitude: latitudeField,
    longitude: longitudeField,
    username: emailSchema,
    password: newPasswordSchema,
    termsAccepted: requiredField(formBoolean(E.TERMS_REQUIRED), E.TERMS_REQUIRED).refine(
      (v) => v === true,
      E.TERMS_REQUIRED,
    ),
    /** Ours: the explicit consent of GDPR Art. 9(2)(a), its own box beside the terms. */
    religiousDataConsent: requiredField(
      formBoolean(E.RELIGIOUS_DATA_CONSENT_REQUIRED),
      E.RELIGIOUS_DATA_CONSENT_REQUIRED,
    ).refine((v) => v === true, E.RELIGIOUS_DATA_CONSENT_REQUIRED),
    mutualLike: optionalField(formBoolean(E.MUTUAL_LIKE_INVALID)),
    /**
     * Ours: `true` when the form holds the wizard's faith and family step (ADR 041), as the edit
     * form says it; the answers are checked exactly as there, each with its field's code.
     */
    faithFamily: optionalField(formBoolean(E.FAITH_FAMILY_FORM_INVALID)),
    ...faithFamilyShape,
  })
  .refine(bothCoordinatesOrNone, coordinatesError)
  .superRefine(checkFaithFamily);
export type RegistrationFields = z.infer<typeof registrationFieldsSchema>;

/**
 * In `photoOrder`, the place of the n-th new file (from 0, in the order of its `profilePicture`
 * part), beside the URLs of the photos kept.
 */
export function newPhotoSlot(index: number): string {
  return `new:${index}`;
}

/** The new file's index a `photoOrder` entry names, or undefined for a URL. */
export function newPhotoSlotIndex(entry: string): number | undefined {
  const slot = /^new:(\d{1,2})$/.exec(entry);
  return slot ? Number(slot[1]) : undefined;
}

/**
 * Edit-profile fields (docs/spec.md §3 and §5); new photos travel as `profilePicture` files.
 * `photoOrder` (ours, optional) lists the photos as the member arranged them, the first one the
 * main photo: URLs of kept photos and `newPhotoSlot(n)` for new files. A photo it leaves out (one
 * another edit added meanwhile) keeps its place after those it names.
 */
export const editProfileFieldsSchema = z
  .object({
    name: nameField,
    age: ageField,
    gender: genderField,
    maritalStatus: maritalStatusField,
    location: locationField,
    skinTone: optionalField(skinToneSchema),
    hasChildren: optionalField(hasChildrenSchema),
    bio: optionalField(bioText),
    latitude: latitudeField,
    longitude: longitudeField,
    imagesToRemove: formList(memberText().max(500)),
    photoOrder: formList(memberText().max(500)).pipe(
      z.array(z.string()).max(MAX_PHOTOS * 2, E.PHOTO_ORDER_INVALID),
    ),
    /** Ours: members not matched with get blurred copies of the photos; absent: unchanged. */
    photosBlurred: optionalField(formBoolean(E.PHOTOS_BLURRED_INVALID)),
    /** Ours (ADR 044): only verified members may write first to the member; absent: unchanged. */
    verifiedWritersOnly: optionalField(formBoolean(E.VERIFIED_WRITERS_ONLY_INVALID)),
    /** Ours (ADR 069): a woman's choice, after a match only she writes first; absent: unchanged. */
    womenWriteFirst: optionalField(formBoolean(E.WOMEN_WRITE_FIRST_INVALID)),
    /**
     * Ours: `true` when the form holds the faith and family section, whose absent answers are
     * then "not answered". Absent (an app from before the section, still cached on a phone): the
     * stored answers are kept, never wiped by a form that could not show them.
     */
    faithFamily: optionalField(formBoolean(E.FAITH_FAMILY_FORM_INVALID)),
    /**
     * Ours (ADR 072): the answers to profile prompts, all of them, in their order (`[]` removes
     * them all). Absent: the stored answers are kept, as for an app from before them.
     */
    promptAnswers: optionalField(promptAnswersField),
    ...faithFamilyShape,
  })
  .refine(bothCoordinatesOrNone, coordinatesError)
  // A choice for women only (ADR 069): a man asking for it is told so, and nothing changes.
  .refine((fields) => fields.womenWriteFirst !== true || fields.gender === 'femme', {
    path: ['womenWriteFirst'],
    error: E.WOMEN_WRITE_FIRST_FOR_WOMEN,
  })
  .superRefine(checkFaithFamily);
export type EditProfileFields = z.infer<typeof editProfileFieldsSchema>;

export const memberIdSchema = z.uuid({ error: E.MEMBER_ID_INVALID });

const nullableGender = genderSchema.nullable();

/** What a member sees of another member on a card (docs/spec.md §3, user summary). */
export const userSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  age: z.number().int().nullable(),
  gender: nullableGender,
  location: z.string().nullable(),
  /** Coarse grid coordinates only, never a member's exact position. */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** Rounded distance from the viewer, computed on the server. */
  distanceKm: z.number().nullable().optional(),
  mediaUrls: z.array(z.string()),
  online: z.boolean(),
  /** The viewer already liked this member: the heart stays filled on any device. */
  likedByMe: z.boolean(),
  /** Both liked each other. */
  matched: z.boolean(),
  /** The member blurs their photos until a match: `mediaUrls` are blurred copies. */
  photosBlurred: z.boolean(),
  /** A moderator matched the member's selfie to their photos (ADR 044): the badge shows. */
  verified: z.boolean(),
  /**
   * Where and when the member will be (travel mode, ADR 077), on a suggestion that comes from her
   * stay (`distanceKm` is then to the town) and on her profile while one is shown; absent otherwise.
   */
  stay: shownStaySchema.optional(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

export const userDetailsSchema = userSummarySchema.extend({
  maritalStatus: z.enum(MARITAL_STATUSES).nullable(),
  hasChildren: z.enum(HAS_CHILDREN_VALUES),
  bio: z.string().nullable(),
  skinTone: z.enum(SKIN_TONES).nullable(),
  /** What the viewer sent this member, a like or a Lovely; null before either. */
  sentLike: z.enum(LIKE_KINDS).nullable(),
  /** The ids of the photos of `mediaUrls`, in their order: what a compliment names (ADR 071). */
  photoIds: z.array(z.string()),
  /**
   * Faith and family (ADR 041); a faith field the member shows to matches only is null for the
   * others, and `faithMatchesOnly` then names it.
   */
  ...faithFamilySchema.shape,
  /**
   * What the viewer and this member share (at most four items), from answers both gave and the
   * viewer may see; empty on the viewer's own profile.
   */
  shared: sharedSchema,
  /**
   * What the scam shield found in the texts this member shows (name, bio, profession, place,
   * answers to prompts; ADR 043), for the viewer to be warned; empty on the viewer's own profile.
   */
  shield: z.array(z.enum(SHIELD_RULES)),
  /** The member's answers to profile prompts, in their order (ADR 072). */
  promptAnswers: z.array(promptAnswerSchema),
  /** The member's voice introduction, or null (ADR 072). */
  voiceIntroduction: voiceIntroductionSchema.nullable(),
});
export type UserDetails = z.infer<typeof userDetailsSchema>;

const photoSchema = z.object({
  url: z.string(),
  thumbnailUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type Photo = z.infer<typeof photoSchema>;

/** GET /api/users/me: the member's own profile, exact position included (it is theirs). */
/** A member's subscription: a prepaid period, each payment extending it; absent when none runs. */
const subscriptionSchema = z.object({
  plan: subscriptionPlanSchema,
  endsAt: z.iso.datetime(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

const religiousDataConsentSchema = z.object({
  version: z.string(),
  givenAt: z.iso.datetime(),
});

/** `POST /api/users/consent`: the version of the privacy text the member read and consents to. */
export const consentRequestSchema = z.object({
  version: z
    .string({ error: E.PRIVACY_VERSION_OUTDATED })
    .refine((v) => v === PRIVACY_VERSION, E.PRIVACY_VERSION_OUTDATED),
});

export const currentUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  age: z.number().int().nullable(),
  gender: nullableGender,
  maritalStatus: z.enum(MARITAL_STATUSES).nullable(),
  hasChildren: z.enum(HAS_CHILDREN_VALUES),
  skinTone: z.enum(SKIN_TONES).nullable(),
  location: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  bio: z.string().nullable(),
  mutualLike: z.boolean(),
  /** Members the member has not matched with see blurred copies of the photos. */
  photosBlurred: z.boolean(),
  /** Only verified members may write first to the member (ADR 044). */
  verifiedWritersOnly: z.boolean(),
  /** Women write first (ADR 069): after a match, only she sends the first message. */
  womenWriteFirst: z.boolean(),
  /** The member's own badge (ADR 044). */
  verified: z.boolean(),
  mediaUrls: z.array(z.string()),
  photos: z.array(photoSchema),
  /** False until bio, gender and a photo are present: the client then opens /mon-profil. */
  profileComplete: z.boolean(),
  createdAt: z.iso.datetime(),
  /** The running subscription (a prepaid period), or null. */
  subscription: subscriptionSchema.nullable(),
  /** A moderator's app shows the moderation page; the server checks the role on every call. */
  role: z.enum(MEMBER_ROLES),
  /** The member's latest consent to the processing of data revealing religion, or null. */
  religiousDataConsent: religiousDataConsentSchema.nullable(),
  /**
   * True while the member has not consented to the current `PRIVACY_VERSION`: the app asks
   * before anything else, and the member area answers `CONSENT_REQUIRED` meanwhile.
   */
  consentRequired: z.boolean(),
  ...faithFamilySchema.shape,
  /** The member's answers to profile prompts, in their order (ADR 072). */
  promptAnswers: z.array(promptAnswerSchema),
  /** The member's own voice introduction, or null (ADR 072). */
  voiceIntroduction: voiceIntroductionSchema.nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** The subset the client keeps in local storage as `currentUser` (docs/spec.md §3). */
export type StoredCurrentUser = Pick<
  CurrentUser,
  'id' | 'name' | 'latitude' | 'longitude' | 'location' | 'mediaUrls'
> &
  // Absent in what an older build stored: the member area's refusal then tells (lib/api-client.ts).
  Partial<Pick<CurrentUser, 'consentRequired'>>;

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    content: z.array(item),
    page: z.number().int(),
    size: z.number().int(),
  });
}

/** A member one blocked, as the settings list shows them (`GET /api/users/blocks`). */
export const blockedMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  mediaUrls: z.array(z.string()),
  blockedAt: z.iso.datetime(),
});
export type BlockedMember = z.infer<typeof blockedMemberSchema>;
