import type { FastifyBaseLogger } from 'fastify';
import { findCredentials } from '../../core/members.repository.ts';
import { unauthorized } from '../../lib/http-error.ts';
import type { PasswordHashing } from '../../lib/passwords.ts';
import type { RateLimitStore } from '../../lib/rate-limiter.ts';
import { openSession, type SessionDeps, type SignInDevice } from './auth-sessions.ts';
import type { DeviceCookies } from './device-cookie.ts';
import { reserveSignInAttempt } from './sign-in-limits.ts';

/** What a request tells the sign-in and recovery paths: its address (their limits) and its log. */
export type RequestContext = { ip: string; log: FastifyBaseLogger };
/**
 * A sign-in's request: its `Cookie` header may carry a device cookie (ADR 027); its User-Agent
 * and country name the device in the member's list of sessions (ADR 075).
 */
export type SignInContext = RequestContext & SignInDevice;
/** A new session, and the cookie that trusts the browser it was opened in. */
export type SignedIn = { token: string; deviceCookie: string };

/** What signing in with a password needs. */
export type PasswordSignInDeps = SessionDeps & {
  limiter: RateLimitStore;
  passwords: PasswordHashing;
  deviceCookies: DeviceCookies;
};

/**
 * Every attempt takes a failure slot before any hashing (`sign-in-limits.ts`, ADR 007, 027); a
 * successful sign-in gives its slot back.
 */
export async function passwordSignIn(
  deps: PasswordSignInDeps,
  username: string,
  password: string,
  ctx: SignInContext,
): Promise<SignedIn> {
  const { verifyPassword, decoyPasswordHash } = deps.passwords;
  const email = username.trim().toLowerCase();
  const attempt = await reserveSignInAttempt(deps, email, ctx);
  const member = await findCredentials(deps.db, email);
  const passwordHash = member?.passwordHash ?? (await decoyPasswordHash());
  const valid = await verifyPassword(passwordHash, password);
  if (!member?.passwordHash || !valid) throw unauthorized('LOGIN_FAILED');
  await attempt.succeeded();
  return {
    token: await openSession(deps, member.id, { device: ctx }),
    deviceCookie: deps.deviceCookies.issue(email),
  };
}
