import { and, eq, gt, lte } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { standingPasses } from '../db/schema.ts';
import { hashToken, newSecretToken } from '../lib/tokens.ts';

/** How long a suspended or banned member's pass opens their standing (ADR 076). */
const STANDING_PASS_TTL_MS = 60 * 60 * 1000;

/**
 * A pass for a suspended or banned member who proved who they are (their password, Google, an
 * ended session's token): it opens their standing, statements of reasons and appeals, and
 * nothing else. Auth issues it with the refusal; moderation reads it. The member's expired passes
 * go as a new one comes, so they do not pile up.
 */
export async function issueStandingPass(db: Executor, memberId: string, now: Date) {
  await db
    .delete(standingPasses)
    .where(and(eq(standingPasses.memberId, memberId), lte(standingPasses.expiresAt, now)));
  const pass = newSecretToken();
  await db.insert(standingPasses).values({
    tokenHash: hashToken(pass),
    memberId,
    expiresAt: new Date(now.getTime() + STANDING_PASS_TTL_MS),
  });
  return pass;
}

/** The member a live pass was given to. */
export async function standingPassMember(db: Executor, pass: string, now: Date) {
  const [row] = await db
    .select({ memberId: standingPasses.memberId })
    .from(standingPasses)
    .where(and(eq(standingPasses.tokenHash, hashToken(pass)), gt(standingPasses.expiresAt, now)));
  return row?.memberId;
}
