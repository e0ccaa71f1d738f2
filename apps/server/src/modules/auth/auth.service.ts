import { PRIVACY_VERSION } from '@mawadda/contract';
import type { FastifyBaseLogger } from 'fastify';
import {
  findCredentials,
  findMemberByEmail,
  findMemberByGoogleSubject,
  findMemberById,
  findStanding,
  insertMember,
  liftSuspension,
  setGoogleSubject,
  updateMember,
} from '../../core/members.repository.ts';
import type { Database } from '../../db/database.ts';
import type { MailLanguage } from '../../lib/bilingual-mail.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, HttpError, tooManyRequests, unauthorized } from '../../lib/http-error.ts';
import { createMailCap } from '../../lib/mail-cap.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { PasswordHashing } from '../../lib/passwords.ts';
import { type Limit, type RateLimitStore, reserveLimits } from '../../lib/rate-limiter.ts';
import { hashToken, newSecretToken } from '../../lib/tokens.ts';
import type { ActivityRecorder } from './activity-recorder.ts';
import type { DeviceCookies } from './device-cookie.ts';
import type { GoogleVerifier } from './google-verifier.ts';
import { passwordResetMail } from './password-reset.mail.ts';
import type { SessionCache } from './session-cache.ts';
import {
  consumePasswordReset,
  findLiveSession,
  findSessionMember,
  findUsablePasswordReset,
  insertPasswordReset,
  insertSession,
  revokeMemberSessions,
  revokeSession,
} from './sessions.repository.ts';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const ONE_HOUR = 60 * 60 * 1000;

export const limits = {
  loginFailuresPerAccount: { name: 'login-account', max: 10, windowMs: FIFTEEN_MINUTES },
  loginFailuresPerAddress: { name: 'login-ip', max: 10, windowMs: FIFTEEN_MINUTES },
  /** A device the account signed in from before (ADR 027): its own budget, locked on its own. */
  loginFailuresPerDevice: { name: 'login-device', max: 10, windowMs: FIFTEEN_MINUTES },
  resetMailsPerAddress: { name: 'forgot-ip', max: 5, windowMs: FIFTEEN_MINUTES },
  resetMailsPerAccount: { name: 'forgot-account', max: 3, windowMs: ONE_HOUR },
  resetFailuresPerAddress: { name: 'reset-ip', max: 10, windowMs: FIFTEEN_MINUTES },
} satisfies Record<string, Limit>;

export const PASSWORD_RESET_TTL_MS = ONE_HOUR;
const ACTIVITY_RESOLUTION_MS = 60 * 1000;
export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for this address, a reset link has been sent to it.';

export type RequestContext = { ip: string; log: FastifyBaseLogger };
/** A sign-in's request: its `Cookie` header may carry a device cookie (ADR 027). */
export type SignInContext = RequestContext & { cookie: string | undefined };
/** A new session, and the cookie that trusts the browser it was opened in. */
export type SignedIn = { token: string; deviceCookie: string };

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(deps: {
  db: Database;
  clock: Clock;
  limiter: RateLimitStore;
  mailer: Mailer;
  publicUrl: string;
  sessionTtlMs: number;
  googleVerifier: GoogleVerifier | undefined;
  deviceCookies: DeviceCookies;
  passwords: PasswordHashing;
  /** Told after sessions end, so their open sockets close too (logout, password reset). */
  onSessionsEnded?: (ended: { sessionId: string } | { memberId: string }) => void;
  /**
   * Awaited once sessions are revoked, before the answer: what hangs on a session (a device's
   * push subscription) goes with it.
   */
  afterSessionsEnd?: (ended: { sessionId: string } | { memberId: string }) => Promise<void>;
  sessionCache: SessionCache;
  activity: ActivityRecorder;
}) {
  const { db, clock, limiter, sessionCache } = deps;
  const { hashPassword, verifyPassword, decoyPasswordHash } = deps.passwords;
  const mailCap = createMailCap(limiter);

  async function endSessions(ended: { sessionId: string } | { memberId: string }) {
    sessionCache.forget(ended);
    deps.onSessionsEnded?.(ended);
    await deps.afterSessionsEnd?.(ended);
  }

  /**
   * The refusal a member a moderator suspended or banned gets instead of a session: until when
   * (the instant, which the app shows in the member's language and time zone) and the
   * moderator's reason. Undefined for a member in good standing; a suspension past its end is
   * lifted here.
   */
  async function standingRefusal(memberId: string): Promise<HttpError | undefined> {
    const standing = await findStanding(db, memberId);
    if (!standing || standing.standing === 'active') return undefined;
    const reason = standing.reason ? { reason: standing.reason } : undefined;
    if (standing.standing === 'banned') {
      return new HttpError(403, 'ACCOUNT_BANNED', reason ? { params: reason } : {});
    }
    const until = standing.suspendedUntil;
    if (until && until <= clock.now()) {
      await liftSuspension(db, memberId);
      return undefined;
    }
    return new HttpError(403, 'ACCOUNT_SUSPENDED', {
      params: { until: (until ?? clock.now()).toISOString(), ...reason },
    });
  }

  async function openSession(memberId: string): Promise<string> {
    const refusal = await standingRefusal(memberId);
    if (refusal) throw refusal;
    const token = newSecretToken();
    await insertSession(db, {
      memberId,
      tokenHash: hashToken(token),
      expiresAt: new Date(clock.now().getTime() + deps.sessionTtlMs),
    });
    return token;
  }

  return {
    /**
     * Every attempt takes a failure slot before any hashing, so a flood of guesses, however many
     * arrive at once, gets at most `max` hashes and the rest a 429 at the cost of a counter; a
     * successful sign-in gives its slot back. An attempt from a device the account signed in from
     * before (a valid device cookie, ADR 027) takes its slot from that device's budget alone:
     * strangers' guesses, which lock the account and their addresses, do not lock its owner out.
     */
    async login(username: string, password: string, ctx: SignInContext): Promise<SignedIn> {
      const email = username.trim().toLowerCase();
      const device = deps.deviceCookies.recognise(ctx.cookie, email);
      const perAccount = { limit: limits.loginFailuresPerAccount, key: email };
      const perAddress = { limit: limits.loginFailuresPerAddress, key: ctx.ip };
      const checks = device
        ? [{ limit: limits.loginFailuresPerDevice, key: device }]
        : [perAccount, perAddress];
      const slots = await reserveLimits(limiter, checks, (ms) => tooManyRequests(ms));
      const member = await findCredentials(db, email);
      const passwordHash = member?.passwordHash ?? (await decoyPasswordHash());
      const valid = await verifyPassword(passwordHash, password);
      if (!member?.passwordHash || !valid) throw unauthorized('LOGIN_FAILED');
      if (device) {
        await limiter.reset(`${limits.loginFailuresPerDevice.name}:${device}`);
      } else {
        await limiter.reset(`${perAccount.limit.name}:${email}`);
        await slots.release(perAddress);
      }
      return { token: await openSession(member.id), deviceCookie: deps.deviceCookies.issue(email) };
    },

    /** Ends every session of a member, on every node, their open sockets with them. */
    async endMemberSessions(memberId: string): Promise<void> {
      await revokeMemberSessions(db, memberId, clock.now());
      await endSessions({ memberId });
    },

    /** Signs in with Google; the first sign-in creates the account, left incomplete. */
    async loginWithGoogle(idToken: string): Promise<string> {
      if (!deps.googleVerifier) {
        throw new HttpError(503, 'GOOGLE_UNAVAILABLE');
      }
      const identity = await deps.googleVerifier(idToken);
      const bySubject = await findMemberByGoogleSubject(db, identity.subject);
      if (bySubject) return openSession(bySubject.id);
      // Google vouches for the address (email_verified), so it may join an existing account.
      const byEmail = await findMemberByEmail(db, identity.email);
      if (byEmail) {
        if (byEmail.googleSubject && byEmail.googleSubject !== identity.subject) {
          throw unauthorized('GOOGLE_ACCOUNT_MISMATCH');
        }
        await setGoogleSubject(db, byEmail.id, identity.subject);
        return openSession(byEmail.id);
      }
      const created = await insertMember(db, {
        email: identity.email,
        name: identity.name,
        googleSubject: identity.subject,
      });
      // Two first sign-ins racing: the loser finds the winner's row.
      const member = created ?? (await findMemberByGoogleSubject(db, identity.subject));
      if (!member) throw unauthorized('GOOGLE_FAILED');
      return openSession(member.id);
    },

    /**
     * The live session of a token, when it expires (the broker closes its sockets then), and
     * whether its member consented to the current privacy text; a member's activity is refreshed
     * at most once a minute. Only consented sessions are cached: the consent, given on any node,
     * then counts on every node at the next request.
     */
    async authenticate(token: string, language?: MailLanguage) {
      const now = clock.now();
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
      const session = await findLiveSession(db, tokenHash, now);
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
    },

    /**
     * Why a token opens no session. A suspension or a ban ends every session of the member, who
     * may still have the app open: the token's holder is told which, and why, as at login.
     * Any other ended session (logout, expiry, password reset) is SESSION_ENDED.
     */
    async endedSessionRefusal(token: string): Promise<HttpError> {
      const memberId = await findSessionMember(db, hashToken(token));
      return (memberId && (await standingRefusal(memberId))) || unauthorized('SESSION_ENDED');
    },

    /** Sessions another node ended (over the backplane): their cached entries go too. */
    forgetSessions: (ended: { sessionId?: string | undefined; memberId?: string | undefined }) =>
      sessionCache.forget(ended),

    async logout(sessionId: string): Promise<void> {
      await revokeSession(db, sessionId, clock.now());
      await endSessions({ sessionId });
    },

    /**
     * Answers the same whether or not the account exists; the mail goes out after the answer,
     * so neither the answer nor its timing tells who is a member.
     */
    async forgotPassword(email: string, language: 'en' | 'fr', ctx: RequestContext): Promise<void> {
      await reserveLimits(
        limiter,
        [
          { limit: limits.resetMailsPerAddress, key: ctx.ip },
          { limit: limits.resetMailsPerAccount, key: email },
        ],
        (ms) => tooManyRequests(ms),
      );
      const send = async () => {
        const member = await findMemberByEmail(db, email);
        if (!member) return;
        if (!(await mailCap.take(member.email))) {
          ctx.log.info({ memberId: member.id }, 'Reset mail not sent: the address had its share');
          return;
        }
        const token = newSecretToken();
        await insertPasswordReset(db, {
          memberId: member.id,
          tokenHash: hashToken(token),
          expiresAt: new Date(clock.now().getTime() + PASSWORD_RESET_TTL_MS),
        });
        const link = `${deps.publicUrl}/reset-password/${token}`;
        await deps.mailer.send(
          passwordResetMail({ to: member.email, name: member.name, link, language }),
        );
      };
      send().catch((error) => ctx.log.error({ err: error }, 'Password reset mail failed'));
    },

    /**
     * Whether a link can still be used, so its page says at once when it cannot. An unknown,
     * expired or used link get the one refusal, and each takes a slot of the same limit as a
     * failed reset: the check is no cheaper way to guess tokens.
     */
    async checkResetLink(token: string, ctx: RequestContext): Promise<void> {
      const perAddress = { limit: limits.resetFailuresPerAddress, key: ctx.ip };
      const slots = await reserveLimits(limiter, [perAddress], (ms) => tooManyRequests(ms));
      if (!(await findUsablePasswordReset(db, hashToken(token), clock.now()))) {
        throw badRequest('RESET_LINK_INVALID');
      }
      await slots.release(perAddress);
    },

    /**
     * Sets the new password, consumes the link and signs the member out everywhere. The browser
     * that used the link, which the mailbox's owner holds, is trusted as a device of the account
     * (ADR 027): its answer is the cookie, so the owner can sign in while strangers' guesses
     * keep the account locked to others.
     */
    async resetPassword(token: string, password: string, ctx: RequestContext): Promise<string> {
      const perAddress = { limit: limits.resetFailuresPerAddress, key: ctx.ip };
      const slots = await reserveLimits(limiter, [perAddress], (ms) => tooManyRequests(ms));
      const tokenHash = hashToken(token);
      if (!(await findUsablePasswordReset(db, tokenHash, clock.now()))) {
        throw badRequest('RESET_LINK_INVALID');
      }
      await slots.release(perAddress);
      const passwordHash = await hashPassword(password);
      const memberId = await db.transaction(async (tx) => {
        const now = clock.now();
        const reset = await consumePasswordReset(tx, tokenHash, now);
        if (!reset) return undefined;
        await updateMember(tx, reset.memberId, { passwordHash });
        await revokeMemberSessions(tx, reset.memberId, now);
        return reset.memberId;
      });
      if (!memberId) throw badRequest('RESET_LINK_INVALID');
      await endSessions({ memberId });
      const member = await findMemberById(db, memberId);
      if (!member) throw badRequest('RESET_LINK_INVALID');
      return deps.deviceCookies.issue(member.email);
    },
  };
}
