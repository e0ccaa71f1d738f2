/**
 * Faith and family fields of the profile (ADR 041), zod-free: the edit-profile section
 * and the profile display list the choices and their French and English labels from here (loaded
 * with them, not with the first route), and `faith-family-schemas.ts` checks them.
 * Every single choice also takes `PREFER_NOT_TO_SAY`; an absent answer (null) is "not answered".
 */

export const PREFER_NOT_TO_SAY = 'prefer-not-to-say';

export type Label = { fr: string; en: string };

/**
 * One value set: its values (`prefer-not-to-say` last) and a label for each. `byGender` gives
 * the label a member of that gender reads for themself (polygamy is "would consider" for a man,
 * "would accept" for a woman); the others read the same words about them.
 */
function valueSet<const V extends string>(
  labels: Record<V, Label>,
  byGender?: Partial<Record<'homme' | 'femme', Partial<Record<V, Label>>>>,
) {
  type Value = V | typeof PREFER_NOT_TO_SAY;
  const values = [...(Object.keys(labels) as V[]), PREFER_NOT_TO_SAY] as unknown as [
    Value,
    ...Value[],
  ];
  return { values, labels, byGender: byGender ?? {} };
}

const FAITH_BRANCH = valueSet({
  sunni: { fr: 'Sunnite', en: 'Sunni' },
  shia: { fr: 'Chiite', en: 'Shia' },
  other: { fr: 'Autre', en: 'Other' },
  'just-muslim': { fr: 'Musulman(e), sans plus', en: 'Just Muslim' },
});

const MADHHAB = valueSet({
  maliki: { fr: 'Malikite', en: 'Maliki' },
  shafii: { fr: 'Chaféite', en: "Shafi'i" },
  hanafi: { fr: 'Hanafite', en: 'Hanafi' },
  hanbali: { fr: 'Hanbalite', en: 'Hanbali' },
  'none-or-other': { fr: 'Aucune ou autre', en: 'None or other' },
});

export const COMMUNITY = valueSet({
  tijaniyya: { fr: 'Tidjaniyya', en: 'Tijaniyya' },
  mouridiyya: { fr: 'Mouridiyya', en: 'Mouridiyya' },
  qadiriyya: { fr: 'Qadiriyya', en: 'Qadiriyya' },
  layene: { fr: 'Layène', en: 'Layene' },
  none: { fr: 'Aucune', en: 'None' },
  other: { fr: 'Autre', en: 'Other' },
});

const PRAYER = valueSet({
  always: { fr: 'Toujours', en: 'Always' },
  usually: { fr: 'Le plus souvent', en: 'Usually' },
  sometimes: { fr: 'Parfois', en: 'Sometimes' },
  'working-on-it': { fr: 'J’y travaille', en: 'Working on it' },
});

const HIJAB = valueSet({
  always: { fr: 'Toujours', en: 'Always' },
  sometimes: { fr: 'Parfois', en: 'Sometimes' },
  no: { fr: 'Non', en: 'No' },
  niqab: { fr: 'Niqab', en: 'Niqab' },
});

const YES_NO = { yes: { fr: 'Oui', en: 'Yes' }, no: { fr: 'Non', en: 'No' } };
const BEARD = valueSet(YES_NO);
const HALAL = valueSet(YES_NO);
const REVERT = valueSet(YES_NO);

const MARRIAGE_TIMELINE = valueSet({
  'within-6-months': { fr: 'D’ici 6 mois', en: 'Within 6 months' },
  'within-1-year': { fr: 'D’ici 1 an', en: 'Within 1 year' },
  'within-2-years': { fr: 'D’ici 2 ans', en: 'Within 2 years' },
  'not-sure': { fr: 'Je ne sais pas encore', en: 'Not sure yet' },
});

const POLYGAMY = valueSet(
  {
    yes: { fr: 'Ouvert(e) à la polygamie', en: 'Open to polygamy' },
    no: { fr: 'Pas de polygamie', en: 'No polygamy' },
  },
  {
    homme: {
      yes: { fr: 'Envisagerait la polygamie', en: 'Would consider polygamy' },
      no: { fr: 'N’envisagerait pas la polygamie', en: 'Would not consider polygamy' },
    },
    femme: {
      yes: { fr: 'Accepterait la polygamie', en: 'Would accept polygamy' },
      no: { fr: 'N’accepterait pas la polygamie', en: 'Would not accept polygamy' },
    },
  },
);

const CHILDREN_WANTED = valueSet({
  yes: { fr: 'Oui', en: 'Yes' },
  no: { fr: 'Non', en: 'No' },
  open: { fr: 'Ouvert(e)', en: 'Open' },
});

const RELOCATION = valueSet({
  no: { fr: 'Non', en: 'No' },
  'within-country': { fr: 'Dans mon pays', en: 'Within my country' },
  abroad: { fr: 'À l’étranger', en: 'Abroad' },
  'diaspora-and-home': {
    fr: 'Entre la diaspora et le pays, dans les deux sens',
    en: 'Between the diaspora and the home country, either way',
  },
});

const EDUCATION = valueSet({
  primary: { fr: 'Primaire', en: 'Primary school' },
  secondary: { fr: 'Secondaire', en: 'Secondary school' },
  vocational: { fr: 'Formation professionnelle', en: 'Vocational training' },
  islamic: { fr: 'Études islamiques', en: 'Islamic studies' },
  university: { fr: 'Université (licence)', en: 'University (bachelor)' },
  postgraduate: { fr: 'Master ou doctorat', en: 'Master or doctorate' },
});

/** Languages a member speaks: a set, not a single choice, so no "prefer not to say" inside it. */
export const LANGUAGE_LABELS = {
  fr: { fr: 'Français', en: 'French' },
  en: { fr: 'Anglais', en: 'English' },
  ar: { fr: 'Arabe', en: 'Arabic' },
  wo: { fr: 'Wolof', en: 'Wolof' },
  bm: { fr: 'Bambara', en: 'Bambara' },
  dyu: { fr: 'Dioula', en: 'Dioula' },
  ff: { fr: 'Pulaar', en: 'Pulaar' },
  snk: { fr: 'Soninké', en: 'Soninke' },
  ha: { fr: 'Haoussa', en: 'Hausa' },
  mos: { fr: 'Mooré', en: 'Moore' },
  other: { fr: 'Autre', en: 'Other' },
} satisfies Record<string, Label>;
export type SpokenLanguage = keyof typeof LANGUAGE_LABELS;
export const SPOKEN_LANGUAGES = Object.keys(LANGUAGE_LABELS) as [
  SpokenLanguage,
  ...SpokenLanguage[],
];

/**
 * ISO 3166-1 alpha-2 codes (as `i18n-iso-countries` lists them, which a test holds this to):
 * the app names them in the reader's language with `Intl.DisplayNames`, so no names ship here.
 */
export const COUNTRY_CODES =
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW'.split(
    ' ',
  );

/** The single-choice fields, each with its value set, by profile field name. */
export const CHOICE_FIELDS = {
  faithBranch: FAITH_BRANCH,
  madhhab: MADHHAB,
  community: COMMUNITY,
  prayer: PRAYER,
  hijab: HIJAB,
  beard: BEARD,
  halal: HALAL,
  revert: REVERT,
  marriageTimeline: MARRIAGE_TIMELINE,
  polygamy: POLYGAMY,
  childrenWanted: CHILDREN_WANTED,
  relocation: RELOCATION,
  education: EDUCATION,
} as const;
export type ChoiceField = keyof typeof CHOICE_FIELDS;
export type ChoiceValue<F extends ChoiceField> = (typeof CHOICE_FIELDS)[F]['values'][number];

/** The faith fields: each one the member may show to matches only (ADR 041). */
export const FAITH_FIELDS = [
  'faithBranch',
  'madhhab',
  'community',
  'prayer',
  'hijab',
  'beard',
  'halal',
  'revert',
] as const satisfies readonly ChoiceField[];
export type FaithField = (typeof FAITH_FIELDS)[number];

export const FAMILY_FIELDS = [
  'marriageTimeline',
  'polygamy',
  'childrenWanted',
  'relocation',
  'education',
] as const satisfies readonly ChoiceField[];

/** Fields asked of one gender only: a value for the other gender is refused with the field's code. */
export const GENDER_ONLY_FIELDS = { hijab: 'femme', beard: 'homme' } as const;

/** The label of a choice, for a reader in `language`, about a member of `gender`. */
export function choiceLabel<F extends ChoiceField>(
  field: F,
  value: ChoiceValue<F>,
  language: 'fr' | 'en',
  gender?: 'homme' | 'femme' | null,
): string {
  if (value === PREFER_NOT_TO_SAY) return PREFER_NOT_TO_SAY_LABEL[language];
  const set = CHOICE_FIELDS[field] as {
    labels: Record<string, Label>;
    byGender: Partial<Record<'homme' | 'femme', Record<string, Label>>>;
  };
  const label = (gender && set.byGender[gender]?.[value]) || set.labels[value];
  return label?.[language] ?? value;
}

const PREFER_NOT_TO_SAY_LABEL: Label = {
  fr: 'Je préfère ne pas le dire',
  en: 'I prefer not to say',
};

/** Every faith and family field of the profile. */
export type FaithFamilyField =
  | ChoiceField
  | 'revertSince'
  | 'languages'
  | 'profession'
  | 'nationality'
  | 'origin';

/** The question each field asks, as the form and the profile name it. */
export const FIELD_LABELS: Record<FaithFamilyField, Label> = {
  faithBranch: { fr: 'Branche', en: 'Branch' },
  madhhab: { fr: 'École (madhhab)', en: 'Madhhab' },
  community: { fr: 'Tariqa ou communauté', en: 'Tariqa or community' },
  prayer: { fr: 'Prière', en: 'Prayer' },
  hijab: { fr: 'Hijab', en: 'Hijab' },
  beard: { fr: 'Barbe', en: 'Beard' },
  halal: { fr: 'Alimentation halal', en: 'Halal diet' },
  revert: { fr: 'Converti(e) à l’islam', en: 'Revert' },
  revertSince: { fr: 'Depuis (année)', en: 'Since (year)' },
  marriageTimeline: { fr: 'Mariage espéré', en: 'Hoping to marry' },
  polygamy: { fr: 'Polygamie', en: 'Polygamy' },
  childrenWanted: { fr: 'Enfants souhaités', en: 'Wants children' },
  relocation: { fr: 'Prêt(e) à déménager', en: 'Willing to relocate' },
  languages: { fr: 'Langues parlées', en: 'Languages spoken' },
  education: { fr: 'Études', en: 'Education' },
  profession: { fr: 'Profession', en: 'Profession' },
  nationality: { fr: 'Nationalité', en: 'Nationality' },
  origin: { fr: 'Pays d’origine', en: 'Country of origin' },
};

/**
 * What two members share, as the "you share" summary on a profile names it (ADR 041, summary
 * rule), in the order the server picks them: the first `MAX_SHARED` that hold are shown.
 */
export const SHARED_KINDS = [
  'languages',
  'madhhab',
  'community',
  'childrenWanted',
  'marriageTimeline',
  'relocation',
  'origin',
  'prompt',
] as const;
export type SharedKind = (typeof SHARED_KINDS)[number];

/** A summary stays a glance: at most four items. */
export const MAX_SHARED = 4;

/** Timelines that count as "ready within a year" for both. */
export const WITHIN_A_YEAR = ['within-6-months', 'within-1-year'] as const;

/**
 * The fields a member may make a dealbreaker of in the discovery filters (ADR 042):
 * every single choice, children already, languages and the two countries; not the year of
 * reversion nor the profession (free text).
 */
export const DEALBREAKER_FIELDS = [
  ...FAITH_FIELDS,
  ...FAMILY_FIELDS,
  'hasChildren',
  'languages',
  'nationality',
  'origin',
] as const;
export type DealbreakerField = (typeof DEALBREAKER_FIELDS)[number];

/** At most this many countries accepted by one dealbreaker: a filter, not a list of the world. */
export const MAX_DEALBREAKER_COUNTRIES = 30;

/** Values of `hasChildren` a dealbreaker may accept ("not specified" never meets one). */
const HAS_CHILDREN_ACCEPTABLE = ['yes', 'no'] as const;

/**
 * The values a dealbreaker on `field` may accept: the field's answers without "prefer not to
 * say", which never meets a dealbreaker (nor does "not answered" or an answer kept to matches).
 */
export function dealbreakerValues(field: DealbreakerField): readonly string[] {
  if (field === 'hasChildren') return HAS_CHILDREN_ACCEPTABLE;
  if (field === 'languages') return SPOKEN_LANGUAGES;
  if (field === 'nationality' || field === 'origin') return COUNTRY_CODES;
  return CHOICE_FIELDS[field].values.filter((v) => v !== PREFER_NOT_TO_SAY);
}

/**
 * The dealbreakers a member of `gender` may set: a field asked of one gender only is for the
 * members whose suggestions are of that gender (a man may require a hijab answer, a woman a beard
 * answer); a dealbreaker on a field the audience is never asked would leave no one.
 */
export function dealbreakerFieldsFor(gender: 'homme' | 'femme'): DealbreakerField[] {
  return DEALBREAKER_FIELDS.filter((field) => {
    const askedOf = (GENDER_ONLY_FIELDS as Partial<Record<DealbreakerField, string>>)[field];
    return askedOf === undefined || askedOf !== gender;
  });
}
