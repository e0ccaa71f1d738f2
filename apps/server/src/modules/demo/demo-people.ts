/** Invented people for the demo: common names, real towns, bios in both languages. */

export const DEMO_TOWNS = [
  { location: 'Dakar', countryCode: 'SN', latitude: 14.6937, longitude: -17.4441, weight: 6 },
  { location: 'Thiès', countryCode: 'SN', latitude: 14.7886, longitude: -16.926, weight: 2 },
  { location: 'Saint-Louis', countryCode: 'SN', latitude: 16.0179, longitude: -16.4896, weight: 1 },
  { location: 'Abidjan', countryCode: 'CI', latitude: 5.3599, longitude: -4.0083, weight: 5 },
  { location: 'Bouaké', countryCode: 'CI', latitude: 7.6906, longitude: -5.0303, weight: 1 },
  { location: 'Bamako', countryCode: 'ML', latitude: 12.6392, longitude: -8.0029, weight: 3 },
  { location: 'Conakry', countryCode: 'GN', latitude: 9.6412, longitude: -13.5784, weight: 2 },
  { location: 'Ouagadougou', countryCode: 'BF', latitude: 12.3714, longitude: -1.5197, weight: 2 },
  { location: 'Niamey', countryCode: 'NE', latitude: 13.5116, longitude: 2.1254, weight: 1 },
  { location: 'Paris', countryCode: 'FR', latitude: 48.8566, longitude: 2.3522, weight: 5 },
  { location: 'Lyon', countryCode: 'FR', latitude: 45.764, longitude: 4.8357, weight: 2 },
  { location: 'Marseille', countryCode: 'FR', latitude: 43.2965, longitude: 5.3698, weight: 2 },
  { location: 'Lille', countryCode: 'FR', latitude: 50.6292, longitude: 3.0573, weight: 1 },
  { location: 'Bruxelles', countryCode: 'BE', latitude: 50.8503, longitude: 4.3517, weight: 1 },
  { location: 'Casablanca', countryCode: 'MA', latitude: 33.5731, longitude: -7.5898, weight: 2 },
  { location: 'Tunis', countryCode: 'TN', latitude: 36.8065, longitude: 10.1815, weight: 1 },
  { location: 'Montréal', countryCode: 'CA', latitude: 45.5017, longitude: -73.5673, weight: 1 },
  { location: 'London', countryCode: 'GB', latitude: 51.5072, longitude: -0.1276, weight: 1 },
] as const;

export const FIRST_NAMES = {
  femme: [
    'Aminata',
    'Fatou',
    'Aïcha',
    'Mariam',
    'Khadija',
    'Awa',
    'Nafissatou',
    'Ramatoulaye',
    'Salimata',
    'Kadiatou',
    'Zeynab',
    'Hawa',
    'Leïla',
    'Safiya',
    'Imane',
    'Yasmine',
    'Nour',
    'Samira',
    'Sokhna',
    'Bintou',
    'Oumou',
    'Rokia',
    'Maïmouna',
    'Inès',
  ],
  homme: [
    'Youssef',
    'Moussa',
    'Ibrahima',
    'Mamadou',
    'Cheikh',
    'Abdoulaye',
    'Ousmane',
    'Souleymane',
    'Omar',
    'Bilal',
    'Idriss',
    'Karim',
    'Amadou',
    'Seydou',
    'Issa',
    'Hamza',
    'Yacine',
    'Malik',
    'Lamine',
    'Boubacar',
    'Modou',
    'Adama',
    'Rachid',
    'Ismaël',
  ],
} as const;

export const FAMILY_NAMES = [
  'Diallo',
  'Ndiaye',
  'Traoré',
  'Koné',
  'Sow',
  'Ba',
  'Diop',
  'Camara',
  'Cissé',
  'Touré',
  'Fofana',
  'Sylla',
  'Keïta',
  'Coulibaly',
  'Sarr',
  'Fall',
  'Benali',
  'El Amrani',
  'Haddad',
  'Bensaïd',
];

const BIO_OPENINGS = [
  [
    'Pratiquante et souriante, je crois qu’un foyer se construit à deux, avec patience.',
    'Practising and cheerful, I believe a home is built by two, with patience.',
  ],
  ['La famille compte plus que tout pour moi.', 'Family matters more than anything to me.'],
  ['Calme, attentionné·e et fidèle à mes prières.', 'Calm, caring and faithful to my prayers.'],
  [
    'J’aime apprendre, voyager et partager un bon thé à la menthe.',
    'I love learning, travelling and sharing a good mint tea.',
  ],
  [
    'Sérieux·se dans ma démarche, je cherche le mariage, pas un passe-temps.',
    'Serious about this, I am looking for marriage, not a pastime.',
  ],
] as const;

const BIO_MIDDLES = [
  [
    'Je travaille dans la santé et j’aime rendre service.',
    'I work in healthcare and love helping others.',
  ],
  ['Ingénieur·e le jour, lecteur·rice le soir.', 'Engineer by day, reader by night.'],
  [
    'Commerçant·e, je suis organisé·e et travailleur·se.',
    'A trader, I am organised and hard-working.',
  ],
  [
    'Enseignant·e, la transmission est ma passion.',
    'A teacher, passing knowledge on is my passion.',
  ],
  [
    'Étudiant·e en fin de cycle, je prépare mon avenir.',
    'A final-year student, I am preparing my future.',
  ],
] as const;

const BIO_ENDINGS = [
  [
    'Je cherche une personne honnête, qui partage mes valeurs.',
    'I am looking for an honest person who shares my values.',
  ],
  [
    'Inch’Allah, nous apprendrons à nous connaître dans le respect.',
    'Inshallah, we will get to know each other respectfully.',
  ],
  [
    'Si tu veux fonder une famille unie, écris-moi.',
    'If you want to build a united family, write to me.',
  ],
] as const;

/** A two-language bio, French then English, made from the fragments above. */
export function demoBio(seed: number): string {
  const pick = <T>(list: readonly T[], n: number) => list[n % list.length] as T;
  const parts = [
    pick(BIO_OPENINGS, seed),
    pick(BIO_MIDDLES, seed * 7 + 3),
    pick(BIO_ENDINGS, seed * 3 + 1),
  ];
  return `${parts.map((p) => p[0]).join(' ')}\n\n${parts.map((p) => p[1]).join(' ')}`;
}
