import type { CurrentUser, Gender, HasChildren, MaritalStatus, SkinTone } from '@mawadda/contract';

/** What the form's inputs hold; the contract's schema checks them (spec section 5). */
export type ProfileFormValues = {
  name: string;
  age: string;
  gender: '' | Gender;
  maritalStatus: '' | MaritalStatus;
  hasChildren: HasChildren;
  skinTone: '' | SkinTone;
  location: string;
  bio: string;
};

/** The fields the form holds: a server error naming one of them is shown beside it. */
export const PROFILE_FIELDS: ReadonlySet<string> = new Set<keyof ProfileFormValues>([
  'name',
  'age',
  'gender',
  'maritalStatus',
  'hasChildren',
  'skinTone',
  'location',
  'bio',
]);

export function isProfileField(path: string): path is keyof ProfileFormValues {
  return PROFILE_FIELDS.has(path);
}

export const GENDER_OPTIONS = ['homme', 'femme'] as const;
/** Spec section 3: edit profile sends celibataire, marie or divorce. */
export const MARITAL_STATUS_OPTIONS = ['celibataire', 'marie', 'divorce'] as const;
export const HAS_CHILDREN_OPTIONS = ['no', 'yes', 'not specified'] as const;
export const SKIN_TONE_OPTIONS = ['clair', 'moyen', 'fonce'] as const;

export type Coordinates = { latitude: number; longitude: number };

/** The form as the member's profile fills it. */
export function valuesOf(user: CurrentUser): ProfileFormValues {
  return {
    name: user.name ?? '',
    age: user.age === null ? '' : String(user.age),
    gender: user.gender ?? '',
    maritalStatus: user.maritalStatus ?? '',
    hasChildren: user.hasChildren ?? 'not specified',
    skinTone: user.skinTone ?? '',
    location: user.location ?? '',
    bio: user.bio ?? '',
  };
}

export type ProfileEssential = 'photo' | 'gender' | 'bio';

/**
 * What keeps the profile incomplete (the server's `profileComplete`, and spec section 4: after
 * login, a member without bio, gender or photo is brought here).
 */
export function missingEssentials(user: CurrentUser): ProfileEssential[] {
  const missing: ProfileEssential[] = [];
  if (user.mediaUrls.length === 0) missing.push('photo');
  if (!user.gender) missing.push('gender');
  if (!user.bio?.trim()) missing.push('bio');
  return missing;
}

/**
 * The multipart body of PUT /api/users/update (spec section 3): the fields (an optional field left
 * empty is left out, which clears it), the coordinates only with both values, one
 * `imagesToRemove` per deleted photo and one `profilePicture` per new file.
 */
export function buildProfileFormData({
  values,
  coordinates,
  imagesToRemove,
  newPhotos,
}: {
  values: ProfileFormValues;
  coordinates: Coordinates | null;
  imagesToRemove: readonly string[];
  newPhotos: readonly File[];
}): FormData {
  const data = new FormData();
  const put = (name: string, value: string) => {
    const trimmed = value.trim();
    if (trimmed !== '') data.append(name, trimmed);
  };
  put('name', values.name);
  put('age', values.age);
  put('gender', values.gender);
  put('maritalStatus', values.maritalStatus);
  put('location', values.location);
  put('hasChildren', values.hasChildren);
  put('skinTone', values.skinTone);
  put('bio', values.bio);
  if (coordinates) {
    data.append('latitude', String(coordinates.latitude));
    data.append('longitude', String(coordinates.longitude));
  }
  for (const url of imagesToRemove) data.append('imagesToRemove', url);
  for (const file of newPhotos) data.append('profilePicture', file, file.name);
  return data;
}
