import type { FastifyBaseLogger } from 'fastify';
import { findCredentials } from '../../core/members.repository.ts';
import { tooManyRequests, unauthorized } from '../../lib/http-error.ts';
import type { PasswordHashing } from '../../lib/passwords.ts';
import { type Limit, type RateLimitStore, reserveLimits } from '../../lib/rate-limiter.ts';
import { openSession, type SessionDeps, type SignInDevice } from './auth-sessions.ts';
import type { DeviceCookies } from './device-cookie.ts';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

const limits = {
  loginFailuresPerAccount: { name: 'login-account', max: 10, windowMs: FIFTEEN_MINUTES },
  loginFailuresPerAddress: { name: 'login-ip', max: 10, windowMs: FIFTEEN_MINUTES },
  /** A device the account signed in from before (ADR 027): its own budget, locked on its own. */
  loginFailuresPerDevice: { name: 'login-device', max: 10, windowMs: FIFTEEN_MINUTES },
} satisfies Record<string, Limit>;

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
 * Every attempt takes a failure slot before any hashing, so a flood of guesses, however many
 * arrive at once, gets at most `max` hashes and the rest a 429 at the cost of a counter; a
 * successful sign-in gives its slot back. An attempt from a device the account signed in from
 * before (a valid device cookie, ADR 027) takes its slot from that device's budget alone:
 * strangers' guesses, which lock the account and their addresses, do not lock its owner out.
 */
export async function passwordSignIn(
  deps: PasswordSignInDeps,
  username: string,
  password: string,
  ctx: SignInContext,
): Promise<SignedIn> {
  const { limiter } = deps;
  const { verifyPassword, decoyPasswordHash } = deps.passwords;
  const email = username.trim().toLowerCase();
  const device = deps.deviceCookies.recognise(ctx.cookie, email);
  const perAccount = { limit: limits.loginFailuresPerAccount, key: email };
  const perAddress = { limit: limits.loginFailuresPerAddress, key: ctx.ip };
  const checks = device
    ? [{ limit: limits.loginFailuresPerDevice, key: device }]
    : [perAccount, perAddress];
  const slots = await reserveLimits(limiter, checks, (ms) => tooManyRequests(ms));
  const member = await findCredentials(deps.db, email);
  const passwordHash = member?.passwordHash ?? (await decoyPasswordHash());
  const valid = await verifyPassword(passwordHash, password);
  if (!member?.passwordHash || !valid) throw unauthorized('LOGIN_FAILED');
  if (device) {
    await limiter.reset(`${limits.loginFailuresPerDevice.name}:${device}`);
  } else {
    await limiter.reset(`${perAccount.limit.name}:${email}`);
    await slots.release(perAddress);
  }
  return {
    token: await openSession(deps, member.id, { device: ctx }),
    deviceCookie: deps.deviceCookies.issue(email),
  };
}
