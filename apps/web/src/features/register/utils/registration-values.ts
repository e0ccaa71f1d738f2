import type { GeoPlace } from '@mawadda/contract';
import {
  type Gender,
  type HasChildren,
  type MaritalStatus,
  REGISTRATION_MARITAL_STATUS,
  type SkinTone,
} from '@mawadda/contract/value-lists';
import type { ErrorTarget } from '@/hooks/use-form-submission.ts';
import {
  appendFaithFamily,
  EMPTY_FAITH_FAMILY,
  FAITH_FAMILY_INPUTS,
  type FaithFamilyFormValues,
} from '@/lib/faith-family-form.ts';

/** What the wizard's inputs hold; the contract's schema checks them and the multipart is built from them. */
export type RegistrationFormValues = {
  name: string;
  age: string;
  gender: '' | Gender;
  maritalStatus: '' | MaritalStatus;
  skinTone: '' | SkinTone;
  hasChildren: HasChildren;
  location: string;
  bio: string;
  username: string;
  password: string;
  termsAccepted: boolean;
  religiousDataConsent: boolean;
} & FaithFamilyFormValues;

export const EMPTY_REGISTRATION: RegistrationFormValues = {
  name: '',
  age: '',
  gender: '',
  maritalStatus: '',
  skinTone: '',
  hasChildren: 'not specified',
  location: '',
  bio: '',
  username: '',
  password: '',
  termsAccepted: false,
  religiousDataConsent: false,
  ...EMPTY_FAITH_FAMILY,
};

/** The fields of each step, in order (docs/spec.md §2, register). */
export const WIZARD_STEPS = [
  { key: 'identity', fields: ['name', 'age', 'gender'] },
  { key: 'situation', fields: ['maritalStatus', 'skinTone', 'hasChildren'] },
  { key: 'about', fields: ['location', 'bio'] },
  /** Optional (ADR 041): skipping it clears its answers; the profile asks them again later. */
  { key: 'faithFamily', fields: FAITH_FAMILY_INPUTS },
  { key: 'account', fields: ['username', 'password', 'termsAccepted', 'religiousDataConsent'] },
] as const satisfies readonly {
  key: string;
  fields: readonly (keyof RegistrationFormValues)[];
}[];

export type WizardStepKey = (typeof WIZARD_STEPS)[number]['key'];

/** Where a field the server names is shown: coordinates by the location, photos by the picker. */
export function fieldOf(path: string): ErrorTarget<RegistrationFormValues> | undefined {
  if (Object.hasOwn(EMPTY_REGISTRATION, path)) return path as keyof RegistrationFormValues;
  if (path === 'latitude' || path === 'longitude') return 'location';
  if (path === 'profilePicture') return 'root.photos';
  return undefined;
}

/** The step (from 1) holding a field the server or the schema complained about. */
export function stepOfField(field: string): number | undefined {
  if (field === 'root.photos') return WIZARD_STEPS.length;
  const index = WIZARD_STEPS.findIndex((step) =>
    (step.fields as readonly string[]).includes(field),
  );
  return index >= 0 ? index + 1 : undefined;
}

/**
 * The multipart body of docs/spec.md §3: empty values are left out, the marital status in the
 * registration's spelling, children as the spec's boolean (left out when not said), the place as
 * the lookup found it with its coordinates (otherwise the typed text, which the server looks up),
 * and each photo its own `profilePicture` part, in the member's order (the first is the main one).
 */
export function buildRegistrationFormData(
  values: RegistrationFormValues,
  place: GeoPlace | null,
  photos: readonly File[],
): FormData {
  const data = new FormData();
  const put = (name: string, value: string) => {
    const trimmed = value.trim();
    if (trimmed !== '') data.append(name, trimmed);
  };
  put('username', values.username.toLowerCase());
  // A password is sent exactly as typed: spaces may be part of it.
  if (values.password !== '') data.append('password', values.password);
  put('name', values.name);
  put('age', values.age);
  put('gender', values.gender);
  put('maritalStatus', values.maritalStatus && REGISTRATION_MARITAL_STATUS[values.maritalStatus]);
  put('skinTone', values.skinTone);
  if (values.hasChildren !== 'not specified') {
    data.append('hasChildren', String(values.hasChildren === 'yes'));
  }
  put('location', place?.location ?? values.location);
  put('bio', values.bio);
  if (place) {
    data.append('latitude', String(place.latitude));
    data.append('longitude', String(place.longitude));
  }
  data.append('termsAccepted', String(values.termsAccepted));
  data.append('religiousDataConsent', String(values.religiousDataConsent));
  data.append('mutualLike', 'false');
  appendFaithFamily(data, values);
  for (const photo of photos) data.append('profilePicture', photo, photo.name);
  return data;
}
