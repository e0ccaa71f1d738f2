import type {
  CurrentUser,
  Gender,
  GeoPlace,
  HasChildren,
  MaritalStatus,
  PromptAnswer,
  SkinTone,
} from '@mawadda/contract';
import type { ChoiceField, ChoiceValue } from '@mawadda/contract/faith-family';
import type { ErrorTarget } from '@/hooks/use-form-submission.ts';
import {
  appendFaithFamily,
  CHOICE_NAMES,
  type FaithFamilyFormValues,
} from '@/lib/faith-family-form.ts';

export type { FaithFamilyFormValues };

/** What the form's inputs hold; the contract's schema checks them (docs/spec.md §5). */
export type ProfileFormValues = {
  name: string;
  age: string;
  gender: '' | Gender;
  maritalStatus: '' | MaritalStatus;
  hasChildren: HasChildren;
  skinTone: '' | SkinTone;
  location: string;
  bio: string;
  /** Members not matched with see blurred copies of the photos. */
  photosBlurred: boolean;
  /** Only verified members may write first (ADR 044). */
  verifiedWritersOnly: boolean;
  /** Answers to profile prompts, in the order shown (ADR 072). */
  promptAnswers: PromptAnswer[];
  /** Women write first (ADR 069): a woman's choice, after a match only she writes first. */
  womenWriteFirst: boolean;
} & FaithFamilyFormValues;

function faithFamilyValuesOf(user: CurrentUser): FaithFamilyFormValues {
  const choices = Object.fromEntries(CHOICE_NAMES.map((f) => [f, user[f] ?? ''])) as {
    [F in ChoiceField]: '' | ChoiceValue<F>;
  };
  return {
    ...choices,
    revertSince: user.revertSince === null ? '' : String(user.revertSince),
    languages: user.languages,
    profession: user.profession ?? '',
    nationality: user.nationality ?? '',
    origin: user.origin ?? '',
    faithMatchesOnly: user.faithMatchesOnly,
  };
}

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
    photosBlurred: user.photosBlurred,
    verifiedWritersOnly: user.verifiedWritersOnly,
    promptAnswers: user.promptAnswers.map(({ prompt, answer }) => ({ prompt, answer })),
    womenWriteFirst: user.womenWriteFirst,
    ...faithFamilyValuesOf(user),
  };
}

/** Every input of the form (the record makes the compiler list them all). */
const PROFILE_FIELDS: Record<keyof ProfileFormValues, true> = {
  name: true,
  age: true,
  gender: true,
  maritalStatus: true,
  hasChildren: true,
  skinTone: true,
  location: true,
  bio: true,
  photosBlurred: true,
  verifiedWritersOnly: true,
  promptAnswers: true,
  womenWriteFirst: true,
  faithBranch: true,
  madhhab: true,
  community: true,
  prayer: true,
  hijab: true,
  beard: true,
  halal: true,
  revert: true,
  revertSince: true,
  marriageTimeline: true,
  polygamy: true,
  childrenWanted: true,
  relocation: true,
  education: true,
  languages: true,
  profession: true,
  nationality: true,
  origin: true,
  faithMatchesOnly: true,
};
const PHOTO_PATHS = new Set(['profilePicture', 'imagesToRemove', 'photoOrder']);
/** An answer's own field (`promptAnswers.1.answer`), where the server names one. */
const PROMPT_ANSWER_PATH = /^promptAnswers\.[0-2]\.(?:answer|prompt)$/;

/** Where a field the server names is shown: coordinates by the location, photos in their section. */
export function fieldOf(path: string): ErrorTarget<ProfileFormValues> | undefined {
  if (Object.hasOwn(PROFILE_FIELDS, path)) return path as keyof ProfileFormValues;
  if (PROMPT_ANSWER_PATH.test(path)) {
    return path.endsWith('.prompt') ? 'promptAnswers' : (path as `promptAnswers.${number}.answer`);
  }
  if (path === 'latitude' || path === 'longitude') return 'location';
  if (PHOTO_PATHS.has(path)) return 'root.photos';
  return undefined;
}

export type ProfileEssential = 'photo' | 'gender' | 'bio';

/**
 * What keeps the profile incomplete (the server's `profileComplete`, and docs/spec.md §4: after
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
 * The multipart body of PUT /api/users/update (docs/spec.md §3): the fields (an optional field left
 * empty is left out, which clears it), a new place as the lookup found it with its coordinates,
 * the photo blur choice, the answers to prompts as one JSON field, one `imagesToRemove` per deleted photo, one `profilePicture` per new file, and `photoOrder`
 * when the member arranged the photos.
 */
export function buildProfileFormData({
  values,
  place,
  imagesToRemove,
  newFiles,
  photoOrder,
}: {
  values: ProfileFormValues;
  place: GeoPlace | null;
  imagesToRemove: readonly string[];
  newFiles: readonly File[];
  photoOrder: readonly string[];
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
  put('location', place?.location ?? values.location);
  put('hasChildren', values.hasChildren);
  put('skinTone', values.skinTone);
  put('bio', values.bio);
  data.append('photosBlurred', String(values.photosBlurred));
  data.append('verifiedWritersOnly', String(values.verifiedWritersOnly));
  // A woman's choice (ADR 069): the server refuses it to anyone else.
  data.append('womenWriteFirst', String(values.gender === 'femme' && values.womenWriteFirst));
  appendFaithFamily(data, values);
  // Always sent: the form shows the prompts, so what it holds is all of them (`[]`: none).
  data.append(
    'promptAnswers',
    JSON.stringify(
      values.promptAnswers.map((a) => ({ prompt: a.prompt, answer: a.answer.trim() })),
    ),
  );
  if (place) {
    data.append('latitude', String(place.latitude));
    data.append('longitude', String(place.longitude));
  }
  for (const url of imagesToRemove) data.append('imagesToRemove', url);
  for (const file of newFiles) data.append('profilePicture', file, file.name);
  for (const entry of photoOrder) data.append('photoOrder', entry);
  return data;
}
