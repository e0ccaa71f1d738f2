import { and, desc, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { members, passwordResets, sessions } from '../../db/schema.ts';

export async function insertSession(
  db: Executor,
  session: {
    memberId: string;
    tokenHash: string;
    expiresAt: Date;
    secondFactorAt: Date | null;
    createdAt: Date;
    lastActiveAt: Date;
    browser: string | null;
    os: string | null;
    country: string | null;
  },
): Promise<void> {
  await db.insert(sessions).values(session);
}

/** The live session for a token hash: not revoked, not expired at `now`. */
export async function findLiveSession(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      id: sessions.id,
      memberId: sessions.memberId,
      expiresAt: sessions.expiresAt,
      lastActiveAt: sessions.lastActiveAt,
      consentVersion: members.religiousDataConsentVersion,
    })
    .from(sessions)
    .innerJoin(members, eq(members.id, sessions.memberId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    );
  return row;
}

/** The member a token was given to, whatever became of its session since. */
export async function findSessionMember(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({ memberId: sessions.memberId })
    .from(sessions)
    .where(eq(sessions.tokenHash, tokenHash));
  return row?.memberId;
}

export async function revokeSession(db: Executor, sessionId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Records that the holder of a live session proved a second factor in it. */
export async function markSecondFactor(db: Executor, sessionId: string, now: Date) {
  await db
    .update(sessions)
    .set({ secondFactorAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** When the session's holder proved a second factor, if they did and it is still live. */
export async function findSecondFactorAt(db: Executor, sessionId: string, now: Date) {
  const [row] = await db
    .select({ at: sessions.secondFactorAt })
    .from(sessions)
    .where(
      and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)),
    );
  return row?.at ?? undefined;
}

export async function revokeMemberSessions(db: Executor, memberId: string, now: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.memberId, memberId), isNull(sessions.revokedAt)));
}

/** Whether the member ever had a session (rows are kept once revoked or expired). */
export async function hasEverSignedIn(db: Executor, memberId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.memberId, memberId))
    .limit(1);
  return row !== undefined;
}

/** The sessions seen since the last write were active at `now` (a minute's resolution). */
export async function touchSessions(db: Executor, sessionIds: readonly string[], now: Date) {
  await db
    .update(sessions)
    .set({ lastActiveAt: now })
    .where(inArray(sessions.id, [...sessionIds]));
}

/** A member's live sessions, the most recently active first (ADR 075). */
export async function findMemberSessions(db: Executor, memberId: string, now: Date) {
  return db
    .select({
      id: sessions.id,
      browser: sessions.browser,
      os: sessions.os,
      country: sessions.country,
      createdAt: sessions.createdAt,
      lastActiveAt: sessions.lastActiveAt,
    })
    .from(sessions)
    .where(
      and(eq(sessions.memberId, memberId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)),
    )
    .orderBy(desc(sessions.lastActiveAt), desc(sessions.createdAt));
}

/**
 * Revokes one live session of the member; another member's session id, or one already ended,
 * revokes nothing and answers false.
 */
export async function revokeMemberSession(
  db: Executor,
  memberId: string,
  sessionId: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.memberId, memberId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    )
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Revokes every session of the member but `keptId`; answers the ids it revoked. */
export async function revokeOtherSessions(
  db: Executor,
  memberId: string,
  keptId: string,
  now: Date,
): Promise<string[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(eq(sessions.memberId, memberId), ne(sessions.id, keptId), isNull(sessions.revokedAt)),
    )
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}

export async function insertPasswordReset(
  db: Executor,
  reset: { memberId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResets).values(reset);
}

export async function findUsablePasswordReset(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ id: passwordResets.id, memberId: passwordResets.memberId })
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    );
  return row;
}

/**
 * Marks the reset used only if it still is usable; of two concurrent uses only one gets a row.
 * Every other open reset of the member is closed at the same time.
 */
export async function consumePasswordReset(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .returning({ memberId: passwordResets.memberId });
  if (row) {
    await db
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.memberId, row.memberId), isNull(passwordResets.usedAt)));
  }
  return row;
}

/** The member's password hash: null for an account without a password (Google only). */
export async function findPasswordHash(db: Executor, memberId: string) {
  const [row] = await db
    .select({ passwordHash: members.passwordHash })
    .from(members)
    .where(eq(members.id, memberId));
  return row?.passwordHash ?? null;
}
