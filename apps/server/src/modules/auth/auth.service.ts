import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, HttpError, tooManyRequests, unauthorized } from '../../lib/http-error.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import {
  consumeLimits,
  countAgainstLimits,
  ensureUnderLimits,
  type Limit,
  type RateLimitStore,
} from '../../lib/rate-limiter.ts';
import { hashToken, newSecretToken } from '../../lib/tokens.ts';
import {
  findMemberByEmail,
  findMemberByGoogleSubject,
  insertMember,
  setGoogleSubject,
  touchActivity,
  updateMember,
} from '../users/members.repository.ts';
import type { GoogleVerifier } from './google-verifier.ts';
import { passwordResetMail } from './password-reset.mail.ts';
import {
  consumePasswordReset,
  findLiveSession,
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
  resetMailsPerAddress: { name: 'forgot-ip', max: 5, windowMs: FIFTEEN_MINUTES },
  resetMailsPerAccount: { name: 'forgot-account', max: 3, windowMs: ONE_HOUR },
  resetFailuresPerAddress: { name: 'reset-ip', max: 10, windowMs: FIFTEEN_MINUTES },
} satisfies Record<string, Limit>;

export const PASSWORD_RESET_TTL_MS = ONE_HOUR;
const ACTIVITY_RESOLUTION_MS = 60 * 1000;
export const LOGIN_FAILED_MESSAGE = 'Incorrect username or password.';
export const RESET_LINK_INVALID_MESSAGE =
  'This reset link is invalid, expired or already used. Please ask for a new one.';
export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for this address, a reset link has been sent to it.';

export type RequestContext = { ip: string; log: FastifyBaseLogger };

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(deps: {
  db: Database;
  clock: Clock;
  limiter: RateLimitStore;
  mailer: Mailer;
  publicUrl: string;
  sessionTtlMs: number;
  googleVerifier: GoogleVerifier | undefined;
}) {
  const { db, clock, limiter } = deps;

  async function openSession(memberId: string): Promise<string> {
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
     * The limits are read before any hashing: a flood of guesses is refused at the cost of a
     * counter read, so it cannot exhaust the CPU with argon2.
     */
    async login(username: string, password: string, ctx: RequestContext): Promise<string> {
      const email = username.trim().toLowerCase();
      const checks = [
        { limit: limits.loginFailuresPerAccount, key: email },
        { limit: limits.loginFailuresPerAddress, key: ctx.ip },
      ];
      await ensureUnderLimits(limiter, checks, (ms) =>
        tooManyRequests(ms, 'failed sign-in attempts'),
      );
      const member = await findMemberByEmail(db, email);
      const passwordHash = member?.passwordHash ?? (await decoyPasswordHash());
      const valid = await verifyPassword(passwordHash, password);
      if (!member?.passwordHash || !valid) {
        await countAgainstLimits(limiter, checks);
        throw unauthorized(LOGIN_FAILED_MESSAGE);
      }
      await limiter.reset(`${limits.loginFailuresPerAccount.name}:${email}`);
      return openSession(member.id);
    },

    /** Signs in with Google; the first sign-in creates the account, left incomplete. */
    async loginWithGoogle(idToken: string): Promise<string> {
      if (!deps.googleVerifier) {
        throw new HttpError(503, 'Google sign-in is not available on this server.');
      }
      const identity = await deps.googleVerifier(idToken);
      const bySubject = await findMemberByGoogleSubject(db, identity.subject);
      if (bySubject) return openSession(bySubject.id);
      // Google vouches for the address (email_verified), so it may join an existing account.
      const byEmail = await findMemberByEmail(db, identity.email);
      if (byEmail) {
        if (byEmail.googleSubject && byEmail.googleSubject !== identity.subject) {
          throw unauthorized('This e-mail address is linked to another Google account.');
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
      if (!member) throw unauthorized('Google sign-in failed. Please try again.');
      return openSession(member.id);
    },

    /** The live session of a token; a member's activity is refreshed at most once a minute. */
    async authenticate(token: string) {
      const now = clock.now();
      const session = await findLiveSession(db, hashToken(token), now);
      if (!session) return undefined;
      if (now.getTime() - session.lastActiveAt.getTime() > ACTIVITY_RESOLUTION_MS) {
        await touchActivity(db, session.memberId, now);
      }
      return { id: session.id, memberId: session.memberId };
    },

    async logout(sessionId: string): Promise<void> {
      await revokeSession(db, sessionId, clock.now());
    },

    /**
     * Answers the same whether or not the account exists; the mail goes out after the answer,
     * so neither the answer nor its timing tells who is a member.
     */
    async forgotPassword(email: string, language: 'en' | 'fr', ctx: RequestContext): Promise<void> {
      await consumeLimits(
        limiter,
        [
          { limit: limits.resetMailsPerAddress, key: ctx.ip },
          { limit: limits.resetMailsPerAccount, key: email },
        ],
        (ms) => tooManyRequests(ms, 'password reset requests'),
      );
      const send = async () => {
        const member = await findMemberByEmail(db, email);
        if (!member) return;
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

    /** Sets the new password, consumes the link and signs the member out everywhere. */
    async resetPassword(token: string, password: string, ctx: RequestContext): Promise<void> {
      const check = [{ limit: limits.resetFailuresPerAddress, key: ctx.ip }];
      await ensureUnderLimits(limiter, check, (ms) =>
        tooManyRequests(ms, 'invalid reset attempts'),
      );
      const tokenHash = hashToken(token);
      if (!(await findUsablePasswordReset(db, tokenHash, clock.now()))) {
        await countAgainstLimits(limiter, check);
        throw badRequest(RESET_LINK_INVALID_MESSAGE);
      }
      const passwordHash = await hashPassword(password);
      const memberId = await db.transaction(async (tx) => {
        const now = clock.now();
        const reset = await consumePasswordReset(tx, tokenHash, now);
        if (!reset) return undefined;
        await updateMember(tx, reset.memberId, { passwordHash });
        await revokeMemberSessions(tx, reset.memberId, now);
        return reset.memberId;
      });
      if (!memberId) throw badRequest(RESET_LINK_INVALID_MESSAGE);
    },
  };
}
