import {
  COUNTRY_CODES,
  type DealbreakerField,
  type Dealbreakers,
  dealbreakerValues,
  FAITH_FIELDS,
  FAMILY_FIELDS,
} from '@mawadda/contract';
import { type SQL, sql } from 'drizzle-orm';

/**
 * The faith and family answers as bits, so the suggestions statement checks every dealbreaker of
 * both members with a few integer operations per row (ADR 042).
 *
 * Two words (bigint), faith and family. Each single-choice field has one bit per value a
 * dealbreaker may accept, then one "unstated" bit: not answered, "prefer not to say", or kept to
 * matches only (a private answer cannot be filtered on, or the filter would reveal it). Every
 * member has exactly one bit of each such field, so a dealbreaker is the set of bits it rejects
 * (the field's bits minus the accepted ones, the unstated bit always rejected) and a member meets
 * all of someone's dealbreakers when `answers & rejects = 0`. Languages are a set (a member
 * speaks several, a dealbreaker accepts any of several): their bits have no unstated bit and are
 * checked by intersection. Countries (some 250 values) are not bits: they compare as text.
 *
 * The layout is derived from the contract's value sets; changing a set moves bits, so the
 * migration that changes it must regenerate the columns below (they are generated from the
 * answers and the dealbreakers, never written).
 */

type Word = 'faith' | 'family';
type BitField = {
  field: DealbreakerField;
  column: string;
  word: Word;
  values: readonly string[];
  /** Bit of the first value; the unstated bit follows the last value. */
  first: number;
  /** Faith fields may be kept to matches only. */
  private: boolean;
};

const snake = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function layout() {
  const next: Record<Word, number> = { faith: 0, family: 0 };
  const place = (field: DealbreakerField, word: Word, unstated: boolean): BitField => {
    const values = dealbreakerValues(field);
    const placed = {
      field,
      column: snake(field),
      word,
      values,
      first: next[word],
      private: (FAITH_FIELDS as readonly string[]).includes(field),
    };
    next[word] += values.length + (unstated ? 1 : 0);
    return placed;
  };
  const choices = [
    ...FAITH_FIELDS.map((field) => place(field, 'faith', true)),
    ...[...FAMILY_FIELDS, 'hasChildren' as const].map((field) => place(field, 'family', true)),
  ];
  const languages = place('languages', 'family', false);
  // Bit 63 is the sign: keep clear of it so every mask is a plain positive number.
  if (next.faith > 63 || next.family > 63) throw new Error('answer bits: a word is full');
  return { choices, languages };
}

const { choices: CHOICES, languages: LANGUAGES } = layout();

const bit = (n: number) => 1n << BigInt(n);
const literal = (value: bigint) => sql.raw(`${value}::bigint`);
const text = (value: string) => sql.raw(`'${value.replace(/'/g, "''")}'`);
const or = (terms: SQL[]) => (terms.length === 0 ? literal(0n) : sql.join(terms, sql` | `));

function valueBit(f: BitField, value: string): bigint {
  return bit(f.first + f.values.indexOf(value));
}
const unstatedBit = (f: BitField) => bit(f.first + f.values.length);
function scopeOf(f: BitField): bigint {
  let scope = 0n;
  for (let i = 0; i <= f.values.length; i++) scope |= bit(f.first + i);
  return scope;
}

/** The member's answers of `word` as bits: the generated column's expression. */
export function answerBitsSql(word: Word): SQL {
  const terms = CHOICES.filter((f) => f.word === word).map((f) => {
    const column = sql.identifier(f.column);
    const kept = f.private
      ? sql`when ${text(f.field)} = any(faith_matches_only) then ${literal(unstatedBit(f))} `
      : sql``;
    const cases = f.values.map(
      (v) => sql`when ${column} = ${text(v)} then ${literal(valueBit(f, v))}`,
    );
    return sql`(case ${kept}${sql.join(cases, sql` `)} else ${literal(unstatedBit(f))} end)`;
  });
  if (word === LANGUAGES.word) {
    terms.push(
      ...LANGUAGES.values.map(
        (v) =>
          sql`(case when ${text(v)} = any(languages) then ${literal(valueBit(LANGUAGES, v))} else 0::bigint end)`,
      ),
    );
  }
  return or(terms);
}

/**
 * The bits of `word` that the dealbreakers in `source` (a jsonb expression: the column, or a
 * form's dealbreakers as a parameter) reject: for each field made a dealbreaker, its bits minus
 * the accepted values'.
 */
export function rejectedBitsSql(word: Word, source: SQL): SQL {
  const terms = CHOICES.filter((f) => f.word === word).map((f) => {
    const accepted = or(
      f.values.map(
        (v) =>
          sql`(case when ${source} -> ${text(f.field)} ? ${text(v)} then ${literal(valueBit(f, v))} else 0::bigint end)`,
      ),
    );
    return sql`(case when ${source} ? ${text(f.field)} then ${literal(scopeOf(f))} # (${accepted}) else 0::bigint end)`;
  });
  return or(terms);
}

/** The language bits a dealbreaker in `source` accepts (any one of them meets it); 0: none. */
export function acceptedLanguagesSql(source: SQL): SQL {
  return or(
    LANGUAGES.values.map(
      (v) =>
        sql`(case when ${source} -> 'languages' ? ${text(v)} then ${literal(valueBit(LANGUAGES, v))} else 0::bigint end)`,
    ),
  );
}

/**
 * The member's age and answers as a point for the suggestions index (ADR 042): the age, then one
 * dimension per single-choice field and per country field, the answer's position in its list,
 * the unstated ones last. The index keeps it beside `position`, so a viewer's age range and
 * dealbreakers become a box that the walk tests on each index entry, before computing its
 * distance or reading its row.
 */
const BOX_FIELDS = [...CHOICES.map((f) => f.field), 'nationality', 'origin'] as const;

const literalNumber = (n: number) => sql.raw(`${n}`);

function boxOrdinalSql(field: DealbreakerField): SQL {
  const values = dealbreakerValues(field);
  const unstated = literalNumber(values.length);
  if (field === 'nationality' || field === 'origin') {
    const list = sql.raw(`array[${COUNTRY_CODES.map((c) => `'${c}'`).join(',')}]::text[]`);
    return sql`coalesce(array_position(${list}, ${sql.identifier(field)}) - 1, ${unstated})`;
  }
  const f = CHOICES.find((c) => c.field === field) as BitField;
  const kept = f.private
    ? sql`when ${text(f.field)} = any(faith_matches_only) then ${unstated} `
    : sql``;
  const cases = f.values.map(
    (v, i) => sql`when ${sql.identifier(f.column)} = ${text(v)} then ${literalNumber(i)}`,
  );
  return sql`(case ${kept}${sql.join(cases, sql` `)} else ${unstated} end)`;
}

/** The generated column's expression: the member's age and answers as a point of `cube`. */
export function answersBoxSql(): SQL {
  const dimensions = [sql`coalesce(age, 0)`, ...BOX_FIELDS.map((field) => boxOrdinalSql(field))];
  return sql`cube(array[${sql.join(dimensions, sql`, `)}]::float8[])`;
}

/**
 * The box of the ages and answers a viewer accepts, as a `cube` literal: the age range, and per
 * field from the first to the last accepted position (a set with gaps is checked exactly by the
 * two-way rule), the whole field, unstated included, when it is no dealbreaker.
 */
export function acceptedBox(filters: {
  minAge: number | null;
  maxAge: number | null;
  dealbreakers: Dealbreakers;
}): string {
  const lows = [filters.minAge ?? 0];
  const highs = [filters.maxAge ?? 1000];
  for (const field of BOX_FIELDS) {
    const values = dealbreakerValues(field);
    const accepted = (filters.dealbreakers[field] ?? [])
      .map((v) => values.indexOf(v))
      .filter((i) => i >= 0);
    lows.push(accepted.length > 0 ? Math.min(...accepted) : 0);
    highs.push(accepted.length > 0 ? Math.max(...accepted) : values.length);
  }
  return `(${lows.join(', ')}),(${highs.join(', ')})`;
}
