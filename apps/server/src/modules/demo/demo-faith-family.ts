import type { Dealbreakers, FaithFamily, Gender, SpokenLanguage } from '@mawadda/contract';
import {
  ANSWER_WEIGHTS,
  COMMUNITY,
  DIASPORA,
  LOCAL_LANGUAGE,
  POLYGAMY,
  PROFESSIONS,
  WEST_AFRICA,
  type Weighted,
} from './demo-faith-weights.ts';

/**
 * Plausible faith and family answers for demo members (ADR 041), drawn in the proportions of
 * demo-faith-weights.ts, always in the same order so a seed gives the same members.
 */

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

/** `country`: the code of the country the demo member lives in. */
export function demoFaithFamily(random: Random, gender: Gender, country: string): FaithFamily {
  const abroad = DIASPORA.has(country);
  const origin = abroad ? weighted(random, WEST_AFRICA) : country;
  const pick = <T>(choices: Weighted<T>) => weighted(random, choices);
  const answers = ANSWER_WEIGHTS;
  const revert = pick(answers.revert);
  const languages = new Set<SpokenLanguage>(country === 'GB' ? ['en', 'fr'] : ['fr']);
  const local = LOCAL_LANGUAGE[origin];
  if (local && random() < 0.85) languages.add(pick(local));
  if (random() < 0.15) languages.add('en');
  if (random() < 0.15) languages.add('ar');
  if (random() < 0.08) languages.clear();
  const matchesOnly = random() < 0.12;
  return {
    faithBranch: pick(answers.faithBranch),
    madhhab: pick(answers.madhhab),
    community: pick(
      COMMUNITY[
        origin === 'SN' ? 'SN' : origin === 'MA' || origin === 'TN' ? 'other' : 'westAfrica'
      ],
    ),
    prayer: pick(answers.prayer),
    hijab: gender === 'femme' ? pick(answers.hijab) : null,
    beard: gender === 'homme' ? pick(answers.beard) : null,
    halal: pick(answers.halal),
    revert,
    revertSince: revert === 'yes' ? 2000 + Math.floor(random() * 25) : null,
    marriageTimeline: pick(answers.marriageTimeline),
    polygamy: pick(POLYGAMY[gender]),
    childrenWanted: pick(answers.childrenWanted),
    relocation: pick(answers.relocation),
    education: pick(answers.education),
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
