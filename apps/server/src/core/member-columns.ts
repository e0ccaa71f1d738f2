import { getTableColumns } from 'drizzle-orm';
import { type MemberRow, members } from '../db/schema.ts';

/**
 * A member as the rest of the server reads it: every column but the password hash, which only
 * the sign-in check reads (`findCredentials`), so it never rides along into a log or an answer,
 * and the answers and dealbreakers as bits and as a point, which only the suggestions read (ADR 042).
 * Its own file, below the repository and the member view which both read it, so neither imports
 * the other both ways.
 */
export type Member = Omit<
  MemberRow,
  | 'passwordHash'
  | 'faithBits'
  | 'familyBits'
  | 'faithRejects'
  | 'familyRejects'
  | 'acceptedLanguages'
  | 'answersBox'
>;
const {
  passwordHash: _hash,
  faithBits: _faithBits,
  familyBits: _familyBits,
  faithRejects: _faithRejects,
  familyRejects: _familyRejects,
  acceptedLanguages: _acceptedLanguages,
  answersBox: _answersBox,
  ...columns
} = getTableColumns(members);

/** The columns a `Member` is selected with. */
export const memberColumns = columns;
