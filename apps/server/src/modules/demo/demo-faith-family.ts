import type { Dealbreakers, FaithFamily, Gender, SpokenLanguage } from '@mawadda/contract';

/**
 * Plausible faith and family answers for demo members (ADR 041), in proportions close to their
 * towns': mostly Sunni and Maliki; Tijaniyya and Mouridiyya common in Senegal, Qadiriyya and
 * Tijaniyya elsewhere in West Africa; French beside a local language; the diaspora keeping a
 * West African origin. A share leave fields unanswered or "prefer not to say", as members will.
 */

type Weighted<T> = readonly (readonly [T, number])[];
type Random = () => number;

function weighted<T>(random: Random, choices: Weighted<T>): T {
  const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
  let left = random() * total;
  for (const [value, weight] of choices) {
    left -= weight;
    if (left < 0) return value;
  }
  return (choices.at(-1) as readonly [T, number])[0];
}

const DIASPORA = new Set(['FR', 'BE', 'CA', 'GB']);
const WEST_AFRICA: Weighted<string> = [
  ['SN', 5],
  ['ML', 4],
  ['CI', 3],
  ['GN', 3],
  ['BF', 1],
  ['NE', 1],
];
const LOCAL_LANGUAGE: Record<string, Weighted<SpokenLanguage>> = {
  SN: [
    ['wo', 8],
    ['ff', 2],
  ],
  ML: [
    ['bm', 8],
    ['snk', 2],
  ],
  CI: [['dyu', 1]],
  GN: [
    ['ff', 6],
    ['other', 4],
  ],
  BF: [
    ['mos', 7],
    ['dyu', 3],
  ],
  NE: [['ha', 1]],
  MA: [['ar', 1]],
  TN: [['ar', 1]],
};
const COMMUNITY: Record<'SN' | 'westAfrica' | 'other', Weighted<FaithFamily['community']>> = {
  SN: [
    ['tijaniyya', 45],
    ['mouridiyya', 30],
    ['layene', 4],
    ['qadiriyya', 6],
    ['none', 8],
    ['prefer-not-to-say', 4],
    [null, 3],
  ],
  westAfrica: [
    ['tijaniyya', 30],
    ['qadiriyya', 15],
    ['none', 40],
    ['other', 5],
    ['prefer-not-to-say', 5],
    [null, 5],
  ],
  other: [
    ['none', 65],
    ['qadiriyya', 8],
    ['tijaniyya', 8],
    ['prefer-not-to-say', 9],
    [null, 10],
  ],
};
const PROFESSIONS = [
  'Enseignant(e)',
  'Infirmier / infirmière',
  'Commerçant(e)',
  'Comptable',
  'Ingénieur(e) informatique',
  'Étudiant(e)',
  'Couturier / couturière',
  'Pharmacien(ne)',
  'Chauffeur',
  'Agent administratif',
  'Entrepreneur(e)',
  'Sage-femme',
  'Électricien',
  'Juriste',
];

/** `country`: the code of the country the demo member lives in. */
export function demoFaithFamily(random: Random, gender: Gender, country: string): FaithFamily {
  const abroad = DIASPORA.has(country);
  const origin = abroad ? weighted(random, WEST_AFRICA) : country;
  const pick = <T>(choices: Weighted<T>) => weighted(random, choices);
  const revert = pick([
    ['no', 88],
    ['yes', 5],
    ['prefer-not-to-say', 3],
    [null, 4],
  ] as const);
  const languages = new Set<SpokenLanguage>(country === 'GB' ? ['en', 'fr'] : ['fr']);
  const local = LOCAL_LANGUAGE[origin];
  if (local && random() < 0.85) languages.add(pick(local));
  if (random() < 0.15) languages.add('en');
  if (random() < 0.15) languages.add('ar');
  if (random() < 0.08) languages.clear();
  const matchesOnly = random() < 0.12;
  return {
    faithBranch: pick([
      ['sunni', 80],
      ['just-muslim', 10],
      ['other', 2],
      ['prefer-not-to-say', 4],
      [null, 4],
    ] as const),
    madhhab: pick([
      ['maliki', 74],
      ['none-or-other', 9],
      ['shafii', 3],
      ['hanafi', 3],
      ['prefer-not-to-say', 5],
      [null, 6],
    ] as const),
    community: pick(
      COMMUNITY[
        origin === 'SN' ? 'SN' : origin === 'MA' || origin === 'TN' ? 'other' : 'westAfrica'
      ],
    ),
    prayer: pick([
      ['always', 45],
      ['usually', 28],
      ['sometimes', 12],
      ['working-on-it', 8],
      ['prefer-not-to-say', 3],
      [null, 4],
    ] as const),
    hijab:
      gender === 'femme'
        ? pick([
            ['always', 40],
            ['sometimes', 25],
            ['no', 22],
            ['niqab', 4],
            ['prefer-not-to-say', 4],
            [null, 5],
          ] as const)
        : null,
    beard:
      gender === 'homme'
        ? pick([
            ['yes', 45],
            ['no', 47],
            ['prefer-not-to-say', 3],
            [null, 5],
          ] as const)
        : null,
    halal: pick([
      ['yes', 88],
      ['no', 3],
      ['prefer-not-to-say', 3],
      [null, 6],
    ] as const),
    revert,
    revertSince: revert === 'yes' ? 2000 + Math.floor(random() * 25) : null,
    marriageTimeline: pick([
      ['within-6-months', 20],
      ['within-1-year', 33],
      ['within-2-years', 24],
      ['not-sure', 15],
      ['prefer-not-to-say', 3],
      [null, 5],
    ] as const),
    polygamy: pick(
      gender === 'homme'
        ? ([
            ['yes', 35],
            ['no', 52],
            ['prefer-not-to-say', 8],
            [null, 5],
          ] as const)
        : ([
            ['yes', 14],
            ['no', 73],
            ['prefer-not-to-say', 8],
            [null, 5],
          ] as const),
    ),
    childrenWanted: pick([
      ['yes', 80],
      ['open', 11],
      ['no', 3],
      ['prefer-not-to-say', 2],
      [null, 4],
    ] as const),
    relocation: pick([
      ['no', 18],
      ['within-country', 20],
      ['abroad', 24],
      ['diaspora-and-home', 30],
      ['prefer-not-to-say', 3],
      [null, 5],
    ] as const),
    education: pick([
      ['primary', 5],
      ['secondary', 24],
      ['vocational', 15],
      ['islamic', 8],
      ['university', 30],
      ['postgraduate', 11],
      ['prefer-not-to-say', 3],
      [null, 4],
    ] as const),
    languages: [...languages],
    profession: random() < 0.7 ? pick(PROFESSIONS.map((p) => [p, 1] as const)) : null,
    nationality: abroad && random() < 0.5 ? country : origin,
    origin,
    faithMatchesOnly: matchesOnly ? (random() < 0.5 ? ['prayer'] : ['community', 'prayer']) : [],
  };
}

/**
 * The wishes members most often make dealbreakers of, by the gender that may set them (ADR 042):
 * a man about a wife's hijab, a woman about polygamy, both about prayer, children and timing.
 */
const COMMON_DEALBREAKERS: Record<Gender, Dealbreakers[]> = {
  homme: [
    { prayer: ['always', 'usually'] },
    { hijab: ['always', 'sometimes', 'niqab'] },
    { childrenWanted: ['yes', 'open'] },
  ],
  femme: [
    { polygamy: ['no'] },
    { prayer: ['always', 'usually'] },
    { marriageTimeline: ['within-6-months', 'within-1-year'] },
  ],
};

/**
 * Dealbreakers for a demo member: most have none, a fifth one, a few two, so a newcomer's list
 * already shows the two-way rule (some members are not suggested to someone who does not meet
 * them) without emptying it.
 */
export function demoDealbreakers(random: Random, gender: Gender): Dealbreakers {
  const draw = random();
  const common = COMMON_DEALBREAKERS[gender];
  const count = draw < 0.75 ? 0 : draw < 0.95 ? 1 : 2;
  const start = Math.floor(random() * common.length);
  return Object.assign(
    {},
    ...Array.from({ length: count }, (_, i) => common[(start + i) % common.length]),
  );
}
