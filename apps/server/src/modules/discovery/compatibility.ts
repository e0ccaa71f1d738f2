import type { Dealbreakers } from '@mawadda/contract';
import { type SQL, sql } from 'drizzle-orm';
import { acceptedLanguagesSql, rejectedBitsSql } from '../../db/answer-bits.ts';
import type { Executor } from '../../db/database.ts';

/**
 * One side of the two-way rule (ADR 042), as bits (`db/answer-bits.ts`): the viewer's own
 * answers, which a member's dealbreakers must accept, and what the viewer's dealbreakers reject.
 * Bigints travel as decimal strings, as the driver reads them.
 */
export type Compatibility = {
  faithBits: string;
  familyBits: string;
  nationality: string | null;
  origin: string | null;
  faithRejects: string;
  familyRejects: string;
  acceptedLanguages: string;
  acceptedNationalities: string[] | null;
  acceptedOrigins: string[] | null;
  /** The dealbreakers themselves, from which the index's box is drawn (`acceptedBox`). */
  dealbreakers: Dealbreakers;
};

/**
 * The members of `members` this viewer may be suggested both ways: the member meets every
 * dealbreaker of the viewer, and the viewer meets every dealbreaker of the member. A few integer
 * operations a row, the same statement text whatever the dealbreakers (their values are
 * parameters), so a prepared statement keeps one plan. Not answered, "prefer not to say" and an
 * answer kept to matches never meet a dealbreaker (their bit is rejected by every one).
 *
 * One `coalesce(…, false)` around it all, for the planner: it cannot know how many members pass
 * someone's dealbreakers, and for an opaque boolean it guesses half. As separate clauses it
 * multiplied a guess per clause (0.5% for each equality) down to no row at all, and sorted the
 * whole audience instead of walking the index in distance order (`suggestions-plan.test.ts`).
 * The index itself skips most members a viewer's dealbreakers refuse: see `acceptedBox`.
 */
export function bothWays(v: Compatibility): SQL {
  const nationalities = sql.param(v.acceptedNationalities);
  const origins = sql.param(v.acceptedOrigins);
  return sql`coalesce(
    ((members.faith_bits & ${v.faithRejects}::bigint)
      | (members.family_bits & ${v.familyRejects}::bigint)
      | (members.faith_rejects & ${v.faithBits}::bigint)
      | (members.family_rejects & ${v.familyBits}::bigint)) = 0
    and (${v.acceptedLanguages}::bigint = 0 or (members.family_bits & ${v.acceptedLanguages}::bigint) <> 0)
    and (members.accepted_languages = 0 or (members.accepted_languages & ${v.familyBits}::bigint) <> 0)
    and (${nationalities}::text[] is null or members.nationality = any(${nationalities}::text[]))
    and (${origins}::text[] is null or members.origin = any(${origins}::text[]))
    and (not members.dealbreakers ? 'nationality' or members.dealbreakers -> 'nationality' ? ${v.nationality}::text)
    and (not members.dealbreakers ? 'origin' or members.dealbreakers -> 'origin' ? ${v.origin}::text),
    false)`;
}

/** The columns of a member's row that make their side of the rule, as `Compatibility` names. */
export const compatibilityColumns = sql`faith_bits as "faithBits", family_bits as "familyBits",
  nationality, origin, faith_rejects as "faithRejects", family_rejects as "familyRejects",
  accepted_languages as "acceptedLanguages", dealbreakers`;

/**
 * A row's side of the rule as `Compatibility`: bigints as strings whichever engine read them
 * (node-postgres gives strings, PGlite may give bigints), the countries from the dealbreakers.
 */
export function compatibilityOf(row: CompatibilityRow): Compatibility {
  return {
    faithBits: String(row.faithBits),
    familyBits: String(row.familyBits),
    nationality: (row.nationality as string | null) ?? null,
    origin: (row.origin as string | null) ?? null,
    faithRejects: String(row.faithRejects),
    familyRejects: String(row.familyRejects),
    acceptedLanguages: String(row.acceptedLanguages),
    ...fromDealbreakers(row.dealbreakers),
  };
}

/** The columns `compatibilityColumns` reads, as the driver gives them. */
export type CompatibilityRow = Record<
  | 'faithBits'
  | 'familyBits'
  | 'nationality'
  | 'origin'
  | 'faithRejects'
  | 'familyRejects'
  | 'acceptedLanguages',
  unknown
> & { dealbreakers: Dealbreakers };

function fromDealbreakers(dealbreakers: Dealbreakers) {
  return {
    acceptedNationalities: dealbreakers.nationality ?? null,
    acceptedOrigins: dealbreakers.origin ?? null,
    dealbreakers,
  };
}

/**
 * The viewer's side with other dealbreakers than the saved ones (the filters being edited): the
 * same generated expressions as the columns, so a form's estimate and the saved filters agree.
 */
export async function withDealbreakers(
  db: Executor,
  own: Compatibility,
  dealbreakers: Dealbreakers,
): Promise<Compatibility> {
  const source = sql.raw('f.d');
  const result = await db.execute<
    Record<string, unknown>
  >(sql`select ${rejectedBitsSql('faith', source)} as "faithRejects",
      ${rejectedBitsSql('family', source)} as "familyRejects",
      ${acceptedLanguagesSql(source)} as "acceptedLanguages"
    from (select ${JSON.stringify(dealbreakers)}::jsonb as d) f`);
  const masks = result.rows[0];
  if (!masks) throw new Error('no row from a select without a table');
  return {
    ...own,
    faithRejects: String(masks.faithRejects),
    familyRejects: String(masks.familyRejects),
    acceptedLanguages: String(masks.acceptedLanguages),
    ...fromDealbreakers(dealbreakers),
  };
}
