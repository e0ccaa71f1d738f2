import { PRIVACY_VERSION } from '@mawadda/contract';
import type { FastifyBaseLogger } from 'fastify';
import { findMailRecipient, findStanding, liftSuspension } from '../../core/members.repository.ts';
import { issueStandingPass } from '../../core/standing-passes.ts';
import type { Database } from '../../db/database.ts';
import type { MailLanguage } from '../../lib/bilingual-mail.ts';
import type { Clock } from '../../lib/clock.ts';
import { HttpError, unauthorized } from '../../lib/http-error.ts';
import { createMailCap, type MailShare } from '../../lib/mail-cap.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { RateLimitStore } from '../../lib/rate-limiter.ts';
import { hashToken, newSecretToken } from '../../lib/tokens.ts';
import type { ActivityRecorder } from './activity-recorder.ts';
import type { DeviceCookies } from './device-cookie.ts';
import { deviceLabel } from './device-label.ts';
import { newDeviceMail } from './new-device.mail.ts';
import type { SessionCache } from './session-cache.ts';
import {
  findLiveSession,
  findSecondFactorAt,
  findSessionMember,
  hasEverSignedIn,
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
  /** The new-device mail (ADR 075): who is told, by which mailer, capped in which store. */
  deviceCookies: DeviceCookies;
  mailer: Mailer;
  limiter: RateLimitStore;
  publicUrl: string;
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
 * The device a sign-in comes from, as its request tells (ADR 075): its `Cookie` header (a device
 * cookie, ADR 027, says the browser signed in to the account before), its User-Agent and the
 * country the proxy in front named (`COUNTRY_HEADER`); the address is not kept.
 */
export type SignInDevice = {
  cookie: string | undefined;
  userAgent?: string | undefined;
  country?: string | null | undefined;
  log: FastifyBaseLogger;
};

/**
 * A new session for a member in good standing: its token, stored hashed. `secondFactor` when
 * the sign-in itself proved one (a passkey with user verification). `device`: where the sign-in
 * comes from, which the member's list of sessions shows; a browser that never signed in to the
 * account gets its member a mail, unless it is their first session ever (ADR 075).
 */
export async function openSession(
  deps: SessionDeps,
  memberId: string,
  options: { secondFactor?: boolean; device?: SignInDevice } = {},
): Promise<string> {
  const refusal = await standingRefusal(deps, memberId);
  if (refusal) throw refusal;
  const { device } = options;
  const signedInBefore = device ? await hasEverSignedIn(deps.db, memberId) : false;
  const token = newSecretToken();
  const now = deps.clock.now();
  await insertSession(deps.db, {
    memberId,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + deps.sessionTtlMs),
    secondFactorAt: options.secondFactor ? now : null,
    createdAt: now,
    lastActiveAt: now,
    ...deviceLabel(device?.userAgent),
    country: device?.country ?? null,
  });
  if (device && signedInBefore) {
    // After the answer: the sign-in waits neither for the mailer nor for its failure.
    mailNewDevice(deps, memberId, device).catch((err: unknown) =>
      device.log.error({ err, memberId }, 'New-device mail failed'),
    );
  }
  return token;
}

/**
 * New-device mails' share of what one address may receive: enough for a member who signs in on
 * a few new browsers in a day, never so many that a stranger holding the password could fill
 * the inbox, or use up the share a reset mail needs.
 */
export const NEW_DEVICE_MAILS: MailShare = { name: 'new-device', perHour: 3, perDay: 6 };

/** Where the mail's link leads: the member's signed-in devices, in the mail's language. */
const sessionsScreenUrl = (publicUrl: string, language: string) =>
  `${publicUrl}/${language}/sessions`;

/**
 * Tells a member, in their language, that a browser that never signed in to their account did:
 * one without a device cookie for it (ADR 027), which every sign-in, password or not, leaves.
 * Capped like the other mails (`mail-cap.ts`); a known browser or an address past its share
 * gets nothing.
 */
async function mailNewDevice(
  deps: SessionDeps,
  memberId: string,
  device: SignInDevice,
): Promise<void> {
  const member = await findMailRecipient(deps.db, memberId);
  if (!member) return;
  if (deps.deviceCookies.recognise(device.cookie, member.email.toLowerCase())) return;
  if (!(await createMailCap(deps.limiter).take(member.email, NEW_DEVICE_MAILS))) {
    device.log.info({ memberId }, 'New-device mail not sent: the address had its share');
    return;
  }
  await deps.mailer.send(
    newDeviceMail({
      to: member.email,
      name: member.name,
      language: member.language,
      device: { ...deviceLabel(device.userAgent), country: device.country ?? null },
      link: sessionsScreenUrl(deps.publicUrl, member.language),
    }),
  );
}

/** The last token each keep-alive connection sent, with its hash. */
const hashedOn = new WeakMap<object, { token: string; hash: string }>();

/**
 * The hash of `token`, kept with the `connection` it came on (a keep-alive socket): a member's
 * phone sends the same token with every request, a chat message each, and hashing it again was
 * the largest single cost of authenticating one (ADR 086). Only the hash is kept; the session is
 * still looked up, so an ended one ends at once.
 */
function tokenHashOn(connection: object | undefined, token: string): string {
  if (!connection) return hashToken(token);
  const last = hashedOn.get(connection);
  if (last?.token === token) return last.hash;
  const hash = hashToken(token);
  hashedOn.set(connection, { token, hash });
  return hash;
}

/**
 * The live session of a token, when it expires (the broker closes its sockets then), and
 * whether its member consented to the current privacy text; a member's activity is refreshed
 * at most once a minute. Only consented sessions are cached (ADR 013): the consent, given on any
 * node, then counts on every node at the next request.
 */
export async function authenticateToken(
  deps: SessionDeps,
  token: string,
  language?: MailLanguage,
  connection?: object,
) {
  const { sessionCache } = deps;
  const now = deps.clock.now();
  const tokenHash = tokenHashOn(connection, token);
  const cached = sessionCache.get(tokenHash, now.getTime());
  if (cached) {
    if (now.getTime() - cached.activeAt > ACTIVITY_RESOLUTION_MS) {
      cached.activeAt = now.getTime();
      deps.activity.touch(cached.session.memberId, language, cached.session.id);
    }
    return { ...cached.session, expiresAt: cached.expiresAt, consented: true };
  }
  const startedAt = sessionCache.generation();
  const session = await findLiveSession(deps.db, tokenHash, now);
  if (!session) return undefined;
  let activeAt = session.lastActiveAt.getTime();
  // Either way: a time ahead of this node's clock (the database's own, another node's) is stale too.
  if (Math.abs(now.getTime() - activeAt) > ACTIVITY_RESOLUTION_MS) {
    activeAt = now.getTime();
    deps.activity.touch(session.memberId, language, session.id);
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

/** Whether the session's holder proved a second factor in it in the last `withinMs`. */
export async function hasFreshSecondFactor(
  deps: SessionDeps,
  sessionId: string,
  withinMs: number,
): Promise<boolean> {
  const now = deps.clock.now();
  const at = await findSecondFactorAt(deps.db, sessionId, now);
  return at !== undefined && now.getTime() - at.getTime() <= withinMs;
}

/** Whether the session's holder proved a second factor in it. */
export async function hasSecondFactor(deps: SessionDeps, sessionId: string): Promise<boolean> {
  return (await findSecondFactorAt(deps.db, sessionId, deps.clock.now())) !== undefined;
}
