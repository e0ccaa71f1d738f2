import {
  type ChoiceField,
  type ChoiceValue,
  choiceLabel,
  type FaithFamilyField,
  FIELD_LABELS,
  LANGUAGE_LABELS,
  type SpokenLanguage,
} from '@mawadda/contract/faith-family';
import { countryName } from '@mawadda/contract/places';
import { useTranslation } from 'react-i18next';

type Language = 'fr' | 'en';

/**
 * The faith and family labels of the contract (ADR 041) in the reader's language: the edit
 * section and the profile display read the same words.
 */
export function useFaithFamilyText() {
  const { i18n } = useTranslation();
  const language: Language = (i18n.resolvedLanguage ?? i18n.language) === 'fr' ? 'fr' : 'en';
  return {
    language,
    field: (field: FaithFamilyField) => FIELD_LABELS[field][language],
    choice: <F extends ChoiceField>(
      field: F,
      value: ChoiceValue<F>,
      gender?: 'homme' | 'femme' | null,
    ) => choiceLabel(field, value, language, gender),
    spoken: (code: SpokenLanguage) => LANGUAGE_LABELS[code][language],
    country: (code: string) => countryName(code, language),
  };
}
