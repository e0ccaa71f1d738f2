import type { FaithFamily, Gender, SpokenLanguage } from '@mawadda/contract';

/**
 * The proportions demo members answer faith and family in (ADR 041), close to their towns':
 * mostly Sunni and Maliki; Tijaniyya and Mouridiyya common in Senegal, Qadiriyya and Tijaniyya
 * elsewhere in West Africa; French beside a local language; the diaspora keeping a West African
 * origin. A share leave fields unanswered or "prefer not to say", as members will.
 */

/** Choices and their weights. */
export type Weighted<T> = readonly (readonly [T, number])[];

export const DIASPORA = new Set(['FR', 'BE', 'CA', 'GB']);
export const WEST_AFRICA: Weighted<string> = [
  ['SN', 5],
  ['ML', 4],
  ['CI', 3],
  ['GN', 3],
  ['BF', 1],
  ['NE', 1],
];
export const LOCAL_LANGUAGE: Record<string, Weighted<SpokenLanguage>> = {
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
export const COMMUNITY: Record<
  'SN' | 'westAfrica' | 'other',
  Weighted<FaithFamily['community']>
> = {
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
export const PROFESSIONS = [
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

/** The answers drawn from one table each (the hijab asked of women, the beard of men). */
type DrawnAnswer =
  | 'revert'
  | 'faithBranch'
  | 'madhhab'
  | 'prayer'
  | 'hijab'
  | 'beard'
  | 'halal'
  | 'marriageTimeline'
  | 'childrenWanted'
  | 'relocation'
  | 'education';

export const ANSWER_WEIGHTS: { [K in DrawnAnswer]: Weighted<FaithFamily[K]> } = {
  revert: [
    ['no', 88],
    ['yes', 5],
    ['prefer-not-to-say', 3],
    [null, 4],
  ],
  faithBranch: [
    ['sunni', 80],
    ['just-muslim', 10],
    ['other', 2],
    ['prefer-not-to-say', 4],
    [null, 4],
  ],
  madhhab: [
    ['maliki', 74],
    ['none-or-other', 9],
    ['shafii', 3],
    ['hanafi', 3],
    ['prefer-not-to-say', 5],
    [null, 6],
  ],
  prayer: [
    ['always', 45],
    ['usually', 28],
    ['sometimes', 12],
    ['working-on-it', 8],
    ['prefer-not-to-say', 3],
    [null, 4],
  ],
  hijab: [
    ['always', 40],
    ['sometimes', 25],
    ['no', 22],
    ['niqab', 4],
    ['prefer-not-to-say', 4],
    [null, 5],
  ],
  beard: [
    ['yes', 45],
    ['no', 47],
    ['prefer-not-to-say', 3],
    [null, 5],
  ],
  halal: [
    ['yes', 88],
    ['no', 3],
    ['prefer-not-to-say', 3],
    [null, 6],
  ],
  marriageTimeline: [
    ['within-6-months', 20],
    ['within-1-year', 33],
    ['within-2-years', 24],
    ['not-sure', 15],
    ['prefer-not-to-say', 3],
    [null, 5],
  ],
  childrenWanted: [
    ['yes', 80],
    ['open', 11],
    ['no', 3],
    ['prefer-not-to-say', 2],
    [null, 4],
  ],
  relocation: [
    ['no', 18],
    ['within-country', 20],
    ['abroad', 24],
    ['diaspora-and-home', 30],
    ['prefer-not-to-say', 3],
    [null, 5],
  ],
  education: [
    ['primary', 5],
    ['secondary', 24],
    ['vocational', 15],
    ['islamic', 8],
    ['university', 30],
    ['postgraduate', 11],
    ['prefer-not-to-say', 3],
    [null, 4],
  ],
};

/** Polygamy, which men and women answer in different proportions. */
export const POLYGAMY: Record<Gender, Weighted<FaithFamily['polygamy']>> = {
  homme: [
    ['yes', 35],
    ['no', 52],
    ['prefer-not-to-say', 8],
    [null, 5],
  ],
  femme: [
    ['yes', 14],
    ['no', 73],
    ['prefer-not-to-say', 8],
    [null, 5],
  ],
};
