import { COUNTRY_CODES } from '@mawadda/contract/faith-family';
import { countryName, type PlaceLanguage } from '@mawadda/contract/places';
import { useTranslation } from 'react-i18next';

/**
 * The countries listed first wherever a member picks one (nationality, origin, a dealbreaker's
 * countries): those most members live in or come from, so the usual answer is a few keys away
 * rather than two hundred names down. Francophone West Africa, where the app began (Senegal,
 * Côte d'Ivoire, Mali) and its neighbours whose people live and marry among them (Burkina Faso,
 * Guinea, Niger, Mauritania, Togo, Benin), Cameroon, the Maghreb whose families share the same
 * towns in the diaspora (Morocco, Algeria, Tunisia), and the diaspora's countries (France,
 * Belgium, Canada). Every country, these included, follows in the full list.
 */
const REGION_COUNTRIES = new Set([
  'SN',
  'CI',
  'ML',
  'BF',
  'GN',
  'NE',
  'MR',
  'TG',
  'BJ',
  'CM',
  'MA',
  'DZ',
  'TN',
  'FR',
  'BE',
  'CA',
]);

type Country = { code: string; name: string };

const byName = new Map<PlaceLanguage, Country[]>();

/** Every country, in the alphabetical order of the reader's language ("Égypte" among the E's). */
function countriesByName(language: PlaceLanguage): Country[] {
  let countries = byName.get(language);
  if (!countries) {
    const collator = new Intl.Collator(language);
    countries = COUNTRY_CODES.map((code) => ({ code, name: countryName(code, language) })).sort(
      (a, b) => collator.compare(a.name, b.name),
    );
    byName.set(language, countries);
  }
  return countries;
}

const optionsOf = (countries: Country[]) =>
  countries.map(({ code, name }) => (
    <option key={code} value={code}>
      {name}
    </option>
  ));

/**
 * A native select's countries in two labelled groups, which screen readers announce and the
 * keyboard walks like any options: the members' own region first, then every country, both in
 * the alphabetical order of the reader's language. `offered` leaves out the ones the select
 * should not offer (a dealbreaker's countries already chosen).
 */
export function CountryOptions({
  language,
  offered = () => true,
}: {
  language: PlaceLanguage;
  offered?: (code: string) => boolean;
}) {
  const { t } = useTranslation();
  const countries = countriesByName(language).filter(({ code }) => offered(code));
  return (
    <>
      <optgroup label={t('countries.region')}>
        {optionsOf(countries.filter(({ code }) => REGION_COUNTRIES.has(code)))}
      </optgroup>
      <optgroup label={t('countries.all')}>{optionsOf(countries)}</optgroup>
    </>
  );
}
