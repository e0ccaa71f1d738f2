import { and, count, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { members, passkeys, recoveryCodes, sessions, totpFactors } from '../../db/schema.ts';

/** The member's authenticator app, confirmed or waiting for its first code. */
export async function findTotpFactor(db: Executor, memberId: string) {
  const [row] = await db
    .select({
      sealedSecret: totpFactors.sealedSecret,
      confirmedAt: totpFactors.confirmedAt,
      lastStep: totpFactors.lastStep,
    })
    .from(totpFactors)
    .where(eq(totpFactors.memberId, memberId));
  return row;
}

/** A set-up waiting for its first code: replaces one that waited already, never a confirmed one. */
export async function saveTotpSetup(db: Executor, memberId: string, sealedSecret: string) {
  const [row] = await db
    .insert(totpFactors)
    .values({ memberId, sealedSecret })
    .onConflictDoUpdate({
      target: totpFactors.memberId,
      set: { sealedSecret, confirmedAt: null, lastStep: 0 },
      setWhere: isNull(totpFactors.confirmedAt),
    })
    .returning({ memberId: totpFactors.memberId });
  return row !== undefined;
}

/**
 * Takes the time step of an accepted code: only if no code of this step or a later one was taken
 * before (of two requests with one code, one gets the row). Confirms a set-up on its first code.
 */
export async function claimTotpStep(db: Executor, memberId: string, step: number, now: Date) {
  const [row] = await db
    .update(totpFactors)
    .set({ lastStep: step, confirmedAt: sql`coalesce(${totpFactors.confirmedAt}, ${now})` })
    .where(and(eq(totpFactors.memberId, memberId), lt(totpFactors.lastStep, step)))
    .returning({ memberId: totpFactors.memberId });
  return row !== undefined;
}

export async function deleteTotpFactor(db: Executor, memberId: string) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.memberId, memberId));
  const deleted = await db
    .delete(totpFactors)
    .where(and(eq(totpFactors.memberId, memberId), isNotNull(totpFactors.confirmedAt)))
    .returning({ memberId: totpFactors.memberId });
  return deleted.length > 0;
}

/** A new set of recovery codes (their hashes): the earlier ones stop working. */
export async function replaceRecoveryCodes(db: Executor, memberId: string, codeHashes: string[]) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.memberId, memberId));
  await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ memberId, codeHash })));
}

/** Uses a recovery code once: of two requests with one code, one gets the row. */
export async function consumeRecoveryCode(
  db: Executor,
  memberId: string,
  codeHash: string,
  now: Date,
) {
  const [row] = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.memberId, memberId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return row !== undefined;
}

export async function countRecoveryCodesLeft(db: Executor, memberId: string) {
  const [row] = await db
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.memberId, memberId), isNull(recoveryCodes.usedAt)));
  return row?.left ?? 0;
}

/** Whether the member has a second factor: a confirmed authenticator app or a passkey. */
export async function hasSecondFactorSetUp(db: Executor, memberId: string) {
  const [app] = await db
    .select({ memberId: totpFactors.memberId })
    .from(totpFactors)
    .where(and(eq(totpFactors.memberId, memberId), isNotNull(totpFactors.confirmedAt)));
  if (app) return true;
  const [passkey] = await db
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(eq(passkeys.memberId, memberId))
    .limit(1);
  return passkey !== undefined;
}

/** The member's e-mail: the account an authenticator app names. */
export async function findMemberEmail(db: Executor, memberId: string) {
  const [row] = await db
    .select({ email: members.email })
    .from(members)
    .where(eq(members.id, memberId));
  return row?.email;
}

/** Whether any live session of the member proved a second factor. */
export async function hasProvedSessionSomewhere(db: Executor, memberId: string, now: Date) {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.memberId, memberId),
        isNull(sessions.revokedAt),
        isNotNull(sessions.secondFactorAt),
        gt(sessions.expiresAt, now),
      ),
    )
    .limit(1);
  return row !== undefined;
}
