import { COUNTRY_CODES } from '@mawadda/contract/faith-family';
import { expect } from 'vitest';

/** A select's groups of options as a member hears them: each group's label, then its options. */
function optionGroups(select: HTMLElement) {
  return [...select.querySelectorAll('optgroup')].map((group) => ({
    label: group.label,
    options: [...group.querySelectorAll('option')].map((option) => option.textContent),
  }));
}

/** The members' own countries, first in every country list, alphabetical in each language. */
const REGION_IN = {
  en: [
    'Algeria',
    'Belgium',
    'Benin',
    'Burkina Faso',
    'Cameroon',
    'Canada',
    'Côte d’Ivoire',
    'France',
    'Guinea',
    'Mali',
    'Mauritania',
    'Morocco',
    'Niger',
    'Senegal',
    'Togo',
    'Tunisia',
  ],
  fr: [
    'Algérie',
    'Belgique',
    'Bénin',
    'Burkina Faso',
    'Cameroun',
    'Canada',
    'Côte d’Ivoire',
    'France',
    'Guinée',
    'Mali',
    'Maroc',
    'Mauritanie',
    'Niger',
    'Sénégal',
    'Togo',
    'Tunisie',
  ],
};

/**
 * What a member sees of a country select: the region's group first, then every country in the
 * alphabetical order of their language, accents aside ("Éthiopie" among the E's, not after Z).
 */
export function expectCountryGroups(select: HTMLElement, language: 'en' | 'fr') {
  const [region, all, ...more] = optionGroups(select);
  expect(more).toEqual([]);
  expect(region).toEqual({
    label: language === 'en' ? 'Our members’ countries' : 'Les pays de nos membres',
    options: REGION_IN[language],
  });
  expect(all?.label).toBe(language === 'en' ? 'All countries' : 'Tous les pays');
  const names = all?.options ?? [];
  expect(names).toHaveLength(COUNTRY_CODES.length);
  if (language === 'en') {
    expect(names.slice(0, 4)).toEqual(['Afghanistan', 'Åland Islands', 'Albania', 'Algeria']);
  } else {
    expect(names.slice(0, 4)).toEqual(['Afghanistan', 'Afrique du Sud', 'Albanie', 'Algérie']);
    expect(names.slice(names.indexOf('États-Unis'), names.indexOf('États-Unis') + 3)).toEqual([
      'États-Unis',
      'Éthiopie',
      'Fidji',
    ]);
  }
}
