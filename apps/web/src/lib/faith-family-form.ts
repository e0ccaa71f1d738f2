import type {
  ChoiceField,
  ChoiceValue,
  FaithField,
  SpokenLanguage,
} from '@mawadda/contract/faith-family';

/**
 * The faith and family inputs (ADR 041) as the edit-profile section and the registration
 * wizard's optional step both hold them: '' is "not answered".
 */
export type FaithFamilyFormValues = { [F in ChoiceField]: '' | ChoiceValue<F> } & {
  revertSince: string;
  languages: SpokenLanguage[];
  profession: string;
  nationality: string;
  origin: string;
  /** The faith fields shown to matches only. */
  faithMatchesOnly: FaithField[];
};

/**
 * Every single-choice question unanswered. Written out rather than built from the contract's
 * value sets so the wizard's first steps do not load the sets and their labels (they come with
 * the step's own chunk); the record type makes the compiler list every field.
 */
const NO_CHOICE: Record<ChoiceField, ''> = {
  faithBranch: '',
  madhhab: '',
  community: '',
  prayer: '',
  hijab: '',
  beard: '',
  halal: '',
  revert: '',
  marriageTimeline: '',
  polygamy: '',
  childrenWanted: '',
  relocation: '',
  education: '',
};

export const CHOICE_NAMES = Object.keys(NO_CHOICE) as ChoiceField[];

/** Nothing answered: a new member's step, or the step skipped. */
export const EMPTY_FAITH_FAMILY: FaithFamilyFormValues = {
  ...NO_CHOICE,
  revertSince: '',
  languages: [],
  profession: '',
  nationality: '',
  origin: '',
  faithMatchesOnly: [],
};

/** Every input's name, in the order of the questions (a step lists them to check them). */
export const FAITH_FAMILY_INPUTS = Object.keys(
  EMPTY_FAITH_FAMILY,
) as (keyof FaithFamilyFormValues)[];

/**
 * The answers as form parts, the same for both forms: an answer left empty is left out, which
 * stores "not answered"; the `faithFamily` marker says the questions were in the form (without
 * it, an edit keeps the stored answers).
 */
export function appendFaithFamily(data: FormData, values: FaithFamilyFormValues) {
  const put = (name: string, value: string) => {
    const trimmed = value.trim();
    if (trimmed !== '') data.append(name, trimmed);
  };
  data.append('faithFamily', 'true');
  for (const field of CHOICE_NAMES) put(field, values[field]);
  put('revertSince', values.revertSince);
  put('profession', values.profession);
  put('nationality', values.nationality);
  put('origin', values.origin);
  for (const code of values.languages) data.append('languages', code);
  for (const field of values.faithMatchesOnly) data.append('faithMatchesOnly', field);
}
