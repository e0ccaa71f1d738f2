import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { members, passkeys, webauthnChallenges } from '../../db/schema.ts';

export type ChallengePurpose = 'sign-in' | 'registration' | 'confirm';

/** Stores a challenge until it expires; expired ones (never answered) go at the same time. */
export async function insertChallenge(
  db: Executor,
  challenge: {
    challenge: string;
    purpose: ChallengePurpose;
    memberId: string | null;
    expiresAt: Date;
  },
  now: Date,
): Promise<void> {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  await db.insert(webauthnChallenges).values(challenge);
}

/**
 * Takes a challenge for one purpose: deleted as it is read, so of two answers to the same
 * options (a replay, or two nodes at once) only one gets the row. Undefined when it is unknown,
 * used or for another purpose; the caller checks its expiry and member.
 */
export async function takeChallenge(db: Executor, challenge: string, purpose: ChallengePurpose) {
  const [row] = await db
    .delete(webauthnChallenges)
    .where(
      and(eq(webauthnChallenges.challenge, challenge), eq(webauthnChallenges.purpose, purpose)),
    )
    .returning({ memberId: webauthnChallenges.memberId, expiresAt: webauthnChallenges.expiresAt });
  return row;
}

const listed = {
  id: passkeys.id,
  name: passkeys.name,
  deviceType: passkeys.deviceType,
  backedUp: passkeys.backedUp,
  transports: passkeys.transports,
  createdAt: passkeys.createdAt,
  lastUsedAt: passkeys.lastUsedAt,
};

/** A member's passkeys as their settings show them, the latest first. */
export async function listPasskeys(db: Executor, memberId: string) {
  return db
    .select(listed)
    .from(passkeys)
    .where(eq(passkeys.memberId, memberId))
    .orderBy(desc(passkeys.createdAt), desc(passkeys.id));
}

/** The credential ids and transports of a member's passkeys (for allow and exclude lists). */
export async function listCredentials(db: Executor, memberId: string) {
  return db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.memberId, memberId));
}

/** A passkey by its credential id, with what checking an assertion needs and whose it is. */
export async function findByCredentialId(db: Executor, credentialId: string) {
  const [row] = await db
    .select({
      id: passkeys.id,
      memberId: passkeys.memberId,
      email: members.email,
      credentialId: passkeys.credentialId,
      publicKey: passkeys.publicKey,
      counter: passkeys.counter,
      transports: passkeys.transports,
    })
    .from(passkeys)
    .innerJoin(members, eq(members.id, passkeys.memberId))
    .where(eq(passkeys.credentialId, credentialId));
  return row;
}

/** A new passkey; undefined when its credential id is already registered (to anyone). */
export async function insertPasskey(db: Executor, passkey: typeof passkeys.$inferInsert) {
  const [row] = await db.insert(passkeys).values(passkey).onConflictDoNothing().returning(listed);
  return row;
}

/**
 * A passkey's use: its counter, backup state and the time. The counter only moves forward (two
 * uses at once cannot set it back); an authenticator that does not count keeps 0.
 */
export async function recordUse(
  db: Executor,
  id: string,
  use: { counter: number; backedUp: boolean; at: Date },
): Promise<void> {
  await db
    .update(passkeys)
    .set({
      counter: sql`greatest(${passkeys.counter}, ${use.counter})`,
      backedUp: use.backedUp,
      lastUsedAt: use.at,
    })
    .where(eq(passkeys.id, id));
}

export async function renamePasskey(db: Executor, memberId: string, id: string, name: string) {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.memberId, memberId)))
    .returning(listed);
  return row;
}

export async function deletePasskey(db: Executor, memberId: string, id: string) {
  const [row] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.memberId, memberId)))
    .returning({ id: passkeys.id });
  return row;
}

/**
 * The member's row locked, with the ways they can sign in: password, Google, how many passkeys.
 * Locked so that two removals at once cannot both leave a member with no way in.
 */
export async function lockSignInMethods(db: Executor, memberId: string) {
  const [row] = await db
    .select({
      hasPassword: sql<boolean>`${members.passwordHash} is not null`,
      hasGoogle: sql<boolean>`${members.googleSubject} is not null`,
    })
    .from(members)
    .where(eq(members.id, memberId))
    .for('update');
  if (!row) return undefined;
  const [count] = await db
    .select({ passkeys: sql<number>`count(*)::int` })
    .from(passkeys)
    .where(eq(passkeys.memberId, memberId));
  return { ...row, passkeys: count?.passkeys ?? 0 };
}

/** Whether the member signs in with a password; undefined for no such member. */
export async function hasPassword(db: Executor, memberId: string) {
  const [row] = await db
    .select({ hasPassword: sql<boolean>`${members.passwordHash} is not null` })
    .from(members)
    .where(eq(members.id, memberId));
  return row?.hasPassword;
}

/** What a new passkey is labelled with in the member's password manager. */
export async function findMemberNames(db: Executor, memberId: string) {
  const [row] = await db
    .select({ email: members.email, name: members.name })
    .from(members)
    .where(eq(members.id, memberId));
  return row;
}

export async function turnPasswordOff(db: Executor, memberId: string): Promise<void> {
  await db.update(members).set({ passwordHash: null }).where(eq(members.id, memberId));
}
