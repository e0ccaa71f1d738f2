import { eq } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { members } from '../db/schema.ts';

/** What the rule reads of a member. */
export type AccountAge = { createdAt: Date; verifiedAt: Date | null };

/**
 * A new account (ADR 043): made less than `windowMs` ago and not verified. It gives fewer likes
 * and starts fewer conversations a day, and may not send links or phone numbers; verification
 * lifts all of it at once. The one place this is decided.
 */
export function isNewAccount(member: AccountAge, now: Date, windowMs: number): boolean {
  if (member.verifiedAt !== null) return false;
  return now.getTime() - member.createdAt.getTime() < windowMs;
}

/** A member's `AccountAge`; undefined when unknown. */
export async function accountAgeOf(
  db: Executor,
  memberId: string,
): Promise<AccountAge | undefined> {
  const [row] = await db
    .select({ createdAt: members.createdAt, verifiedAt: members.verifiedAt })
    .from(members)
    .where(eq(members.id, memberId));
  return row;
}
