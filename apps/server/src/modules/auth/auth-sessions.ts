import { PRIVACY_VERSION } from '@mawadda/contract';
import { findStanding, liftSuspension } from '../../core/members.repository.ts';
import { issueStandingPass } from '../../core/standing-passes.ts';
import type { Database } from '../../db/database.ts';
import type { MailLanguage } from '../../lib/bilingual-mail.ts';
import type { Clock } from '../../lib/clock.ts';
import { HttpError, unauthorized } from '../../lib/http-error.ts';
import { hashToken, newSecretToken } from '../../lib/tokens.ts';
import type { ActivityRecorder } from './activity-recorder.ts';
import type { SessionCache } from './session-cache.ts';
import {
  findLiveSession,
  findSecondFactorAt,
  findSessionMember,
  insertSession,
  markSecondFactor,
  revokeMemberSessions,
  revokeSession,
} from './sessions.repository.ts';

const ACTIVITY_RESOLUTION_MS = 60 * 1000;

/** Sessions ended: one, or every one of a member. */
export type EndedSessions = { sessionId: string } | { memberId: string };

/** What opening, reading and ending sessions needs (ADR 003, 013). */
export type SessionDeps = {
  db: Database;
  clock: Clock;
  sessionTtlMs: number;
  sessionCache: SessionCache;
  activity: ActivityRecorder;
  /** Told after sessions end, so their open sockets close too (logout, password reset). */
  onSessionsEnded?: (ended: EndedSessions) => void;
  /**
   * Awaited once sessions are revoked, before the answer: what hangs on a session (a device's
   * push subscription) goes with it.
   */
  afterSessionsEnd?: (ended: EndedSessions) => Promise<void>;
};

/** Sessions revoked in the database: forgotten by this node's cache, their sockets closed. */
export async function endSessions(deps: SessionDeps, ended: EndedSessions): Promise<void> {
  deps.sessionCache.forget(ended);
  deps.onSessionsEnded?.(ended);
  await deps.afterSessionsEnd?.(ended);
}

/**
 * The refusal a member a moderator suspended or banned gets instead of a session: until when
 * (the instant, which the app shows in the member's language and time zone) and the
 * moderator's reason, and a pass to read the statement of reasons and appeal (ADR 076).
 * Undefined for a member in good standing; a suspension past its end is lifted here.
 */
async function standingRefusal(
  deps: SessionDeps,
  memberId: string,
): Promise<HttpError | undefined> {
  const standing = await findStanding(deps.db, memberId);
  if (!standing || standing.standing === 'active') return undefined;
  const until = standing.suspendedUntil;
  if (standing.standing === 'suspended' && until && until <= deps.clock.now()) {
    await liftSuspension(deps.db, memberId);
    return undefined;
  }
  // The pass opens the statement of reasons and the appeal, nothing else (ADR 076).
  const pass = await issueStandingPass(deps.db, memberId, deps.clock.now());
  const params = { pass, ...(standing.reason ? { reason: standing.reason } : {}) };
  if (standing.standing === 'banned') return new HttpError(403, 'ACCOUNT_BANNED', { params });
  return new HttpError(403, 'ACCOUNT_SUSPENDED', {
    params: { until: (until ?? deps.clock.now()).toISOString(), ...params },
  });
}

/**
 * A new session for a member in good standing: its token, stored hashed. `secondFactor` when
 * the sign-in itself proved one (a passkey with user verification).
 */
export async function openSession(
  deps: SessionDeps,
  memberId: string,
  options: { secondFactor?: boolean } = {},
): Promise<string> {
  const refusal = await standingRefusal(deps, memberId);
  if (refusal) throw refusal;
  const token = newSecretToken();
  const now = deps.clock.now();
  await insertSession(deps.db, {
    memberId,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + deps.sessionTtlMs),
    secondFactorAt: options.secondFactor ? now : null,
  });
  return token;
}

/**
 * The live session of a token, when it expires (the broker closes its sockets then), and
 * whether its member consented to the current privacy text; a member's activity is refreshed
 * at most once a minute. Only consented sessions are cached (ADR 013): the consent, given on any
 * node, then counts on every node at the next request.
 */
export async function authenticateToken(deps: SessionDeps, token: string, language?: MailLanguage) {
  const { sessionCache } = deps;
  const now = deps.clock.now();
  const tokenHash = hashToken(token);
  const cached = sessionCache.get(tokenHash, now.getTime());
  if (cached) {
    if (now.getTime() - cached.activeAt > ACTIVITY_RESOLUTION_MS) {
      cached.activeAt = now.getTime();
      deps.activity.touch(cached.session.memberId, language);
    }
    return { ...cached.session, expiresAt: cached.expiresAt, consented: true };
  }
  const startedAt = sessionCache.generation();
  const session = await findLiveSession(deps.db, tokenHash, now);
  if (!session) return undefined;
  let activeAt = session.lastActiveAt.getTime();
  if (now.getTime() - activeAt > ACTIVITY_RESOLUTION_MS) {
    activeAt = now.getTime();
    deps.activity.touch(session.memberId, language);
  }
  const live = { id: session.id, memberId: session.memberId };
  const expiresAt = session.expiresAt.getTime();
  if (session.consentVersion !== PRIVACY_VERSION) {
    return { ...live, expiresAt, consented: false };
  }
  sessionCache.set(
    tokenHash,
    {
      session: live,
      expiresAt,
      checkedAt: now.getTime(),
      activeAt,
    },
    startedAt,
  );
  return { ...live, expiresAt, consented: true };
}

/**
 * Why a token opens no session. A suspension or a ban ends every session of the member, who
 * may still have the app open: the token's holder is told which, and why, as at login.
 * Any other ended session (logout, expiry, password reset) is SESSION_ENDED.
 */
export async function endedSessionRefusal(deps: SessionDeps, token: string): Promise<HttpError> {
  const memberId = await findSessionMember(deps.db, hashToken(token));
  return (memberId && (await standingRefusal(deps, memberId))) || unauthorized('SESSION_ENDED');
}

/** Ends every session of a member, on every node, their open sockets with them. */
export async function endMemberSessions(deps: SessionDeps, memberId: string): Promise<void> {
  await revokeMemberSessions(deps.db, memberId, deps.clock.now());
  await endSessions(deps, { memberId });
}

export async function logout(deps: SessionDeps, sessionId: string): Promise<void> {
  await revokeSession(deps.db, sessionId, deps.clock.now());
  await endSessions(deps, { sessionId });
}

/**
 * A second factor proved in a live session (a passkey, a TOTP or recovery code). Read from the
 * database by whoever asks for it (the moderators' routes), never from the session cache: a
 * proof made through one node counts at once on every node.
 */
export async function confirmSecondFactor(deps: SessionDeps, sessionId: string): Promise<void> {
  await markSecondFactor(deps.db, sessionId, deps.clock.now());
}

/** Whether the session's holder proved a second factor in it. */
export async function hasSecondFactor(deps: SessionDeps, sessionId: string): Promise<boolean> {
  return (await findSecondFactorAt(deps.db, sessionId, deps.clock.now())) !== undefined;
}
