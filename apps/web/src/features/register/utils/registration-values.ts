/** What the wizard's inputs hold; the contract's schema checks them and the multipart is built from them. */
export type RegistrationFormValues = {
  name: string;
  age: string;
  gender: '' | 'homme' | 'femme';
  /** Spec section 3: registration sends marié, divorcé or célibataire. */
  maritalStatus: '' | 'célibataire' | 'marié' | 'divorcé';
  skinTone: '' | 'clair' | 'moyen' | 'fonce';
  hasChildren: boolean;
  location: string;
  bio: string;
  username: string;
  password: string;
  termsAccepted: boolean;
};

export const EMPTY_REGISTRATION: RegistrationFormValues = {
  name: '',
  age: '',
  gender: '',
  maritalStatus: '',
  skinTone: '',
  hasChildren: false,
  location: '',
  bio: '',
  username: '',
  password: '',
  termsAccepted: false,
};

export type Coordinates = { latitude: number; longitude: number };

export const GENDER_OPTIONS = ['homme', 'femme'] as const;
export const MARITAL_STATUS_OPTIONS = ['célibataire', 'divorcé', 'marié'] as const;
export const SKIN_TONE_OPTIONS = ['clair', 'moyen', 'fonce'] as const;

/** The fields of each step, in order (spec section 2, register). */
export const WIZARD_STEPS = [
  { key: 'identity', fields: ['name', 'age', 'gender'] },
  { key: 'situation', fields: ['maritalStatus', 'skinTone', 'hasChildren'] },
  { key: 'about', fields: ['location', 'bio'] },
  { key: 'account', fields: ['username', 'password', 'termsAccepted'] },
] as const satisfies readonly {
  key: string;
  fields: readonly (keyof RegistrationFormValues)[];
}[];

export type WizardStepKey = (typeof WIZARD_STEPS)[number]['key'];

/** Fields the server may name that no input holds, and the step that explains them. */
const OTHER_FIELDS: Record<string, number> = {
  latitude: 3,
  longitude: 3,
  profilePicture: 4,
  mutualLike: 4,
};

export function isFormField(path: string): path is keyof RegistrationFormValues {
  return Object.hasOwn(EMPTY_REGISTRATION, path);
}

/** The step (from 1) holding a field the server or the schema complained about. */
export function stepOfField(path: string): number | undefined {
  const index = WIZARD_STEPS.findIndex((step) => (step.fields as readonly string[]).includes(path));
  return index >= 0 ? index + 1 : OTHER_FIELDS[path];
}

/**
 * The multipart body of spec section 3: empty values are left out, latitude and longitude travel
 * together or not at all, and each photo is its own `profilePicture` part.
 */
export function buildRegistrationFormData(
  values: RegistrationFormValues,
  coordinates: Coordinates | null,
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
  put('maritalStatus', values.maritalStatus);
  put('skinTone', values.skinTone);
  data.append('hasChildren', String(values.hasChildren));
  put('location', values.location);
  put('bio', values.bio);
  if (coordinates) {
    data.append('latitude', String(coordinates.latitude));
    data.append('longitude', String(coordinates.longitude));
  }
  data.append('termsAccepted', String(values.termsAccepted));
  data.append('mutualLike', 'false');
  for (const photo of photos) data.append('profilePicture', photo, photo.name);
  return data;
}
