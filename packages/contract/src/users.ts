import { z } from 'zod';
import { emailSchema, newPasswordSchema } from './auth.ts';
import {
  AGE_ERROR,
  BIO_MAX_LENGTH,
  LOCATION_MAX_LENGTH,
  MAX_AGE,
  MIN_AGE,
  NAME_MAX_LENGTH,
} from './constants.ts';
import { formBoolean, formList, formNumber, optionalField, requiredField } from './form-fields.ts';
import {
  genderSchema,
  HAS_CHILDREN_VALUES,
  hasChildrenSchema,
  MARITAL_STATUSES,
  maritalStatusSchema,
  SKIN_TONES,
  skinToneSchema,
} from './value-sets.ts';

const nameField = requiredField(
  z.string().trim().max(NAME_MAX_LENGTH, `Name must be at most ${NAME_MAX_LENGTH} characters`),
  'Name is required',
);
const ageField = requiredField(
  formNumber('Age must be a number')
    .pipe(z.number().int('Age must be a whole number'))
    .pipe(z.number().min(MIN_AGE, AGE_ERROR).max(MAX_AGE, 'Please enter your real age')),
  'Age is required',
);
const genderField = requiredField(genderSchema, 'Gender is required');
const maritalStatusField = requiredField(maritalStatusSchema, 'Marital status is required');
const locationField = requiredField(
  z
    .string()
    .trim()
    .max(LOCATION_MAX_LENGTH, `Location must be at most ${LOCATION_MAX_LENGTH} characters`),
  'Location is required',
);
const bioText = z
  .string()
  .trim()
  .max(BIO_MAX_LENGTH, `Bio must be at most ${BIO_MAX_LENGTH} characters`);
const latitudeField = optionalField(
  formNumber('Latitude must be a number').pipe(
    z
      .number()
      .min(-90, 'Latitude must be between -90 and 90')
      .max(90, 'Latitude must be between -90 and 90'),
  ),
);
const longitudeField = optionalField(
  formNumber('Longitude must be a number').pipe(
    z
      .number()
      .min(-180, 'Longitude must be between -180 and 180')
      .max(180, 'Longitude must be between -180 and 180'),
  ),
);

function bothCoordinatesOrNone(v: { latitude?: number; longitude?: number }) {
  return (v.latitude === undefined) === (v.longitude === undefined);
}
const coordinatesError = {
  message: 'Latitude and longitude go together',
  path: ['longitude'],
};

/**
 * Registration fields (spec section 3), every rule of section 5 steps 1 to 4. The photos
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
    bio: requiredField(bioText, 'Bio is required'),
    latitude: latitudeField,
    longitude: longitudeField,
    username: emailSchema,
    password: newPasswordSchema,
    termsAccepted: requiredField(
      formBoolean('You must accept the terms and the privacy policy'),
      'You must accept the terms and the privacy policy',
    ).refine((v) => v === true, 'You must accept the terms and the privacy policy'),
    mutualLike: optionalField(formBoolean('mutualLike must be true or false')),
  })
  .refine(bothCoordinatesOrNone, coordinatesError);
export type RegistrationFields = z.infer<typeof registrationFieldsSchema>;

/** Edit-profile fields (spec sections 3 and 5); new photos travel as `profilePicture` files. */
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
    imagesToRemove: formList(z.string().max(500)),
  })
  .refine(bothCoordinatesOrNone, coordinatesError);
export type EditProfileFields = z.infer<typeof editProfileFieldsSchema>;

export const memberIdSchema = z.uuid({ error: 'Member id must be a UUID' });

const nullableGender = genderSchema.nullable();

/** What a member sees of another member on a card (spec section 3, user summary). */
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
});
export type UserSummary = z.infer<typeof userSummarySchema>;

export const userDetailsSchema = userSummarySchema.extend({
  maritalStatus: z.enum(MARITAL_STATUSES).nullable(),
  hasChildren: z.enum(HAS_CHILDREN_VALUES),
  bio: z.string().nullable(),
  skinTone: z.enum(SKIN_TONES).nullable(),
});
export type UserDetails = z.infer<typeof userDetailsSchema>;

export const photoSchema = z.object({
  url: z.string(),
  thumbnailUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type Photo = z.infer<typeof photoSchema>;

/** GET /api/users/me: the member's own profile, exact position included (it is theirs). */
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
  mediaUrls: z.array(z.string()),
  photos: z.array(photoSchema),
  /** False until bio, gender and a photo are present: the client then opens /mon-profil. */
  profileComplete: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** The subset the client keeps in local storage as `currentUser` (spec section 3). */
export type StoredCurrentUser = Pick<
  CurrentUser,
  'id' | 'name' | 'latitude' | 'longitude' | 'location' | 'mediaUrls'
>;

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    content: z.array(item),
    page: z.number().int(),
    size: z.number().int(),
  });
}
