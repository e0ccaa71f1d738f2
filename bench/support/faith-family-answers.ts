/**
 * Faith and family answers and dealbreakers for the suggestions bench, as SQL `case` expressions
 * on `random()` draws made once per member: the whole profile is written by the batch's one
 * `insert … select`, with no function called per row.
 *
 * The shares are an estimate for francophone West Africa (Senegal, Côte d'Ivoire, Mali, Guinea,
 * Burkina Faso) and its diaspora in France, not survey data; what matters to the bench is that
 * answers are mostly given, sometimes withheld, and that dealbreakers leave a large but uneven
 * part of the audience, as real ones would.
 */
import { type SQL, sql } from 'drizzle-orm';
import {
  type DealbreakerField,
  dealbreakerFieldsFor,
  dealbreakerValues,
} from '../../packages/contract/src/faith-family.ts';
import type { Dealbreakers } from '../../packages/contract/src/faith-family-schemas.ts';

/** Values with their share in percent; what the shares leave to 100 is "not answered" (null). */
type Shares<T> = ReadonlyArray<readonly [T, number]>;

/** Constants of this file only, never input: quoting them is enough. */
const text = (value: string) => sql.raw(`'${value.replace(/'/g, "''")}'`);
const textArray = (values: readonly string[]) => sql.raw(`'{${values.join(',')}}'::text[]`);
const json = (value: Dealbreakers) => sql.raw(`'${JSON.stringify(value)}'::jsonb`);

/** One value by a draw in [0, 1): a `case` over the cumulative shares. */
function pick(draw: SQL, shares: Shares<SQL>, otherwise: SQL = sql`null`): SQL {
  let upto = 0;
  const whens = shares.map(([value, share]) => {
    upto += share;
    return sql`when ${draw} < ${sql.raw(String(upto / 100))} then ${value}`;
  });
  if (upto > 100.000001) throw new Error(`shares add up to ${upto}%`);
  return sql`(case ${sql.join(whens, sql` `)} else ${otherwise} end)`;
}
const answers = (draw: SQL, shares: Shares<string>) =>
  pick(
    draw,
    shares.map(([value, share]) => [text(value), share]),
  );

/** Every draw a member needs, as columns of the subquery that makes them once per row. */
const DRAWS = [
  'faith_branch',
  'madhhab',
  'community',
  'prayer',
  'covering',
  'halal',
  'revert',
  'marriage_timeline',
  'polygamy',
  'children_wanted',
  'relocation',
  'education',
  'nationality',
  'origin',
  'languages',
  'languages_given',
  'matches_only',
  'has_children',
  'dealbreakers',
  'wish_faith',
  'wish_family',
  'wish_origin',
] as const;
type Draw = (typeof DRAWS)[number];

/** `random() as d_…` for each draw, to select once per member. */
export const drawColumns = sql.raw(DRAWS.map((d) => `random() as d_${d}`).join(', '));

/** Nationalities; everyone else is a few smaller countries of the region and beyond. */
const NATIONALITIES: Shares<string> = [
  ['SN', 34],
  ['CI', 22],
  ['ML', 14],
  ['FR', 12],
  ['GN', 6],
  ['BF', 4],
  ['MR', 1.5],
  ['BJ', 1],
  ['CM', 1],
  ['US', 0.5],
  ['prefer-not-to-say', 2],
];

/** Languages spoken by nationality (a country's languages plus French, Arabic, English). */
const LANGUAGES: Record<string, Shares<readonly string[]>> = {
  SN: [
    [['fr', 'wo'], 45],
    [['wo'], 12],
    [['fr', 'wo', 'ar'], 10],
    [['fr', 'wo', 'ff'], 10],
    [['fr', 'wo', 'en'], 10],
    [['fr'], 8],
    [['wo', 'ff'], 5],
  ],
  CI: [
    [['fr'], 35],
    [['fr', 'dyu'], 35],
    [['fr', 'dyu', 'en'], 10],
    [['fr', 'en'], 8],
    [['fr', 'dyu', 'bm'], 7],
    [['fr', 'ar'], 5],
  ],
  ML: [
    [['fr', 'bm'], 45],
    [['bm'], 15],
    [['fr', 'bm', 'ar'], 10],
    [['fr', 'bm', 'ff'], 10],
    [['fr', 'bm', 'snk'], 8],
    [['fr'], 7],
    [['bm', 'dyu'], 5],
  ],
  FR: [
    [['fr'], 40],
    [['fr', 'wo'], 20],
    [['fr', 'bm'], 12],
    [['fr', 'en'], 10],
    [['fr', 'ar'], 8],
    [['fr', 'snk'], 5],
    [['fr', 'dyu'], 5],
  ],
  GN: [
    [['fr', 'ff'], 55],
    [['fr'], 20],
    [['ff'], 10],
    [['fr', 'ff', 'en'], 10],
    [['fr', 'other'], 5],
  ],
  BF: [
    [['fr', 'mos'], 50],
    [['fr', 'dyu'], 25],
    [['fr'], 15],
    [['fr', 'mos', 'dyu'], 10],
  ],
  other: [
    [['fr'], 50],
    [['fr', 'en'], 20],
    [['fr', 'ar'], 15],
    [['en'], 10],
    [['fr', 'ha'], 5],
  ],
};

/** The French diaspora names where the family comes from; others mostly their nationality. */
const FRENCH_ORIGINS: Shares<string> = [
  ['SN', 35],
  ['ML', 25],
  ['CI', 15],
  ['GN', 8],
  ['BF', 4],
  ['MA', 3],
  ['FR', 5],
  ['prefer-not-to-say', 3],
];

/**
 * The common wishes, by the gender of who sets them (a man about women, a woman about men), in
 * three kinds so that three dealbreakers are three different fields: one of faith, one of family,
 * one of language or origin.
 */
type Wishes = {
  faith: Shares<Dealbreakers>;
  family: Shares<Dealbreakers>;
  origin: Shares<Dealbreakers>;
};
const ORIGIN_WISHES: Shares<Dealbreakers> = [
  [{ languages: ['fr'] }, 30],
  [{ languages: ['fr', 'wo'] }, 15],
  [{ languages: ['wo'] }, 10],
  [{ origin: ['SN'] }, 25],
  [{ origin: ['ML'] }, 10],
  [{ origin: ['SN', 'ML'] }, 10],
];
const WISHES: Record<'homme' | 'femme', Wishes> = {
  homme: {
    faith: [
      [{ prayer: ['always', 'usually'] }, 60],
      [{ hijab: ['always', 'sometimes', 'niqab'] }, 40],
    ],
    family: [
      [{ childrenWanted: ['yes', 'open'] }, 50],
      [{ marriageTimeline: ['within-6-months', 'within-1-year'] }, 35],
      [{ polygamy: ['yes'] }, 15],
    ],
    origin: ORIGIN_WISHES,
  },
  femme: {
    faith: [
      [{ prayer: ['always', 'usually'] }, 75],
      [{ beard: ['yes'] }, 25],
    ],
    family: [
      [{ polygamy: ['no'] }, 50],
      [{ childrenWanted: ['yes', 'open'] }, 25],
      [{ marriageTimeline: ['within-6-months', 'within-1-year'] }, 25],
    ],
    origin: ORIGIN_WISHES,
  },
};

// A wish the contract would refuse (a field the gender may not set, a value it does not know)
// would measure a filter no member can save: fail before loading a million rows.
for (const [gender, wishes] of Object.entries(WISHES) as ['homme' | 'femme', Wishes][]) {
  const allowed = dealbreakerFieldsFor(gender);
  for (const [wish] of [...wishes.faith, ...wishes.family, ...wishes.origin]) {
    for (const [field, values] of Object.entries(wish) as [DealbreakerField, string[]][]) {
      const known = dealbreakerValues(field);
      if (!allowed.includes(field) || values.some((v) => !known.includes(v))) {
        throw new Error(`a ${gender} may not set ${JSON.stringify(wish)}`);
      }
    }
  }
}

const byGender = (woman: SQL, make: (gender: 'homme' | 'femme') => SQL) =>
  sql`(case when ${woman} then ${make('femme')} else ${make('homme')} end)`;
const wishes = (draw: SQL, shares: Shares<Dealbreakers>, scale = 1) =>
  pick(
    draw,
    shares.map(([wish, share]) => [json(wish), share * scale]),
    sql`'{}'::jsonb`,
  );

/** One common dealbreaker: of faith 45%, of family 35%, of language or origin 20%. */
export function oneDealbreaker(woman: SQL, draw: SQL): SQL {
  return byGender(woman, (gender) => {
    const w = WISHES[gender];
    return wishes(draw, [
      ...w.faith.map(([wish, share]) => [wish, share * 0.45] as const),
      ...w.family.map(([wish, share]) => [wish, share * 0.35] as const),
      ...w.origin.map(([wish, share]) => [wish, share * 0.2] as const),
    ]);
  });
}

/** Three common dealbreakers: one of faith, one of family, one of language or origin. */
export function threeDealbreakers(woman: SQL, [faith, family, origin]: [SQL, SQL, SQL]): SQL {
  return byGender(woman, (gender) => {
    const w = WISHES[gender];
    return sql`(${wishes(faith, w.faith)} || ${wishes(family, w.family)} || ${wishes(origin, w.origin)})`;
  });
}

/**
 * The answer columns of `members` and their expressions, for members whose draws are the
 * columns `d_…` of `row` and whose gender is `woman`: the same order for the column list and
 * the select list.
 */
export function answerColumns(row: string, woman: SQL): Array<[string, SQL]> {
  const d = (draw: Draw) => sql.raw(`${row}.d_${draw}`);
  const countries = NATIONALITIES.filter(([code]) => code !== 'prefer-not-to-say');
  // Origin and languages follow the nationality: the same draw, cut at the same places.
  const byNationality = (make: (code: string) => SQL, otherwise: SQL) => {
    let upto = 0;
    const whens = countries.map(([code, share]) => {
      upto += share;
      return sql`when ${d('nationality')} < ${sql.raw(String(upto / 100))} then ${make(code)}`;
    });
    return sql`(case ${sql.join(whens, sql` `)} else ${otherwise} end)`;
  };
  const spoken = (code: string) =>
    pick(
      d('languages'),
      (LANGUAGES[code] ?? LANGUAGES.other ?? []).map(([set, share]) => [textArray(set), share]),
      textArray([]),
    );
  return [
    [
      'faith_branch',
      answers(d('faith_branch'), [
        ['sunni', 70],
        ['just-muslim', 15],
        ['other', 2],
        ['shia', 1],
        ['prefer-not-to-say', 2],
      ]),
    ],
    [
      'madhhab',
      answers(d('madhhab'), [
        ['maliki', 72],
        ['shafii', 3],
        ['hanafi', 2],
        ['hanbali', 1],
        ['none-or-other', 8],
        ['prefer-not-to-say', 4],
      ]),
    ],
    [
      'community',
      answers(d('community'), [
        ['tijaniyya', 35],
        ['mouridiyya', 20],
        ['qadiriyya', 8],
        ['layene', 3],
        ['none', 18],
        ['other', 4],
        ['prefer-not-to-say', 4],
      ]),
    ],
    [
      'prayer',
      answers(d('prayer'), [
        ['always', 45],
        ['usually', 25],
        ['sometimes', 12],
        ['working-on-it', 8],
        ['prefer-not-to-say', 3],
      ]),
    ],
    [
      'hijab',
      sql`(case when ${woman} then ${answers(d('covering'), [
        ['always', 35],
        ['sometimes', 30],
        ['no', 18],
        ['niqab', 4],
        ['prefer-not-to-say', 5],
      ])} end)`,
    ],
    [
      'beard',
      sql`(case when not ${woman} then ${answers(d('covering'), [
        ['yes', 45],
        ['no', 40],
        ['prefer-not-to-say', 5],
      ])} end)`,
    ],
    [
      'halal',
      answers(d('halal'), [
        ['yes', 85],
        ['no', 2],
        ['prefer-not-to-say', 3],
      ]),
    ],
    [
      'revert',
      answers(d('revert'), [
        ['no', 85],
        ['yes', 3],
        ['prefer-not-to-say', 2],
      ]),
    ],
    [
      'marriage_timeline',
      answers(d('marriage_timeline'), [
        ['within-6-months', 20],
        ['within-1-year', 30],
        ['within-2-years', 20],
        ['not-sure', 18],
        ['prefer-not-to-say', 4],
      ]),
    ],
    [
      'polygamy',
      byGender(woman, (gender) =>
        answers(
          d('polygamy'),
          gender === 'femme'
            ? [
                ['yes', 15],
                ['no', 65],
                ['prefer-not-to-say', 10],
              ]
            : [
                ['yes', 35],
                ['no', 45],
                ['prefer-not-to-say', 10],
              ],
        ),
      ),
    ],
    [
      'children_wanted',
      answers(d('children_wanted'), [
        ['yes', 75],
        ['open', 12],
        ['no', 3],
        ['prefer-not-to-say', 3],
      ]),
    ],
    [
      'relocation',
      answers(d('relocation'), [
        ['no', 20],
        ['within-country', 25],
        ['abroad', 15],
        ['diaspora-and-home', 22],
        ['prefer-not-to-say', 8],
      ]),
    ],
    [
      'education',
      answers(d('education'), [
        ['primary', 8],
        ['secondary', 25],
        ['vocational', 12],
        ['islamic', 8],
        ['university', 28],
        ['postgraduate', 10],
        ['prefer-not-to-say', 3],
      ]),
    ],
    // Some 6% leave languages empty whatever their country.
    [
      'languages',
      sql`(case when ${d('languages_given')} >= 0.94 then ${textArray([])} else ${byNationality(spoken, spoken('other'))} end)`,
    ],
    ['nationality', answers(d('nationality'), NATIONALITIES)],
    [
      'origin',
      byNationality(
        (code) =>
          code === 'FR'
            ? answers(d('origin'), FRENCH_ORIGINS)
            : pick(d('origin'), [
                [text(code), 90],
                [text('prefer-not-to-say'), 3],
              ]),
        sql`null`,
      ),
    ],
    // About one in ten keeps their prayer to matches; a few of them their tariqa too.
    [
      'faith_matches_only',
      pick(
        d('matches_only'),
        [
          [textArray(['prayer']), 8],
          [textArray(['prayer', 'community']), 2],
        ],
        textArray([]),
      ),
    ],
    [
      'has_children',
      pick(
        d('has_children'),
        [
          [text('no'), 75],
          [text('yes'), 10],
        ],
        text('not specified'),
      ),
    ],
    // 60% none, 25% one, 15% three.
    [
      'dealbreakers',
      pick(
        d('dealbreakers'),
        [
          [sql`'{}'::jsonb`, 60],
          [oneDealbreaker(woman, d('wish_faith')), 25],
        ],
        threeDealbreakers(woman, [d('wish_faith'), d('wish_family'), d('wish_origin')]),
      ),
    ],
  ];
}
