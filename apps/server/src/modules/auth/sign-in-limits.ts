import { tooManyRequests } from '../../lib/http-error.ts';
import { type Limit, type RateLimitStore, reserveLimits } from '../../lib/rate-limiter.ts';
import type { DeviceCookies } from './device-cookie.ts';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/** ADR 003 and 027: failed sign-ins, whatever proved them (a password, a passkey). */
const limits = {
  loginFailuresPerAccount: { name: 'login-account', max: 10, windowMs: FIFTEEN_MINUTES },
  loginFailuresPerAddress: { name: 'login-ip', max: 10, windowMs: FIFTEEN_MINUTES },
  /** A device the account signed in from before (ADR 027): its own budget, locked on its own. */
  loginFailuresPerDevice: { name: 'login-device', max: 10, windowMs: FIFTEEN_MINUTES },
} satisfies Record<string, Limit>;

/** A sign-in attempt that holds its failure slots: a success gives them back. */
export type SignInAttempt = { succeeded(): Promise<void> };

/**
 * Every attempt on an account takes a failure slot before anything is checked, so a flood of
 * guesses, however many arrive at once, gets at most `max` checks and the rest a 429 at the cost
 * of a counter. An attempt from a device the account signed in from before (a valid device
 * cookie, ADR 027) takes its slot from that device's budget alone: strangers' guesses, which lock
 * the account and their addresses, do not lock its owner out.
 */
export async function reserveSignInAttempt(
  deps: { limiter: RateLimitStore; deviceCookies: DeviceCookies },
  email: string,
  ctx: { ip: string; cookie: string | undefined },
): Promise<SignInAttempt> {
  const { limiter } = deps;
  const device = deps.deviceCookies.recognise(ctx.cookie, email);
  const perAccount = { limit: limits.loginFailuresPerAccount, key: email };
  const perAddress = { limit: limits.loginFailuresPerAddress, key: ctx.ip };
  const checks = device
    ? [{ limit: limits.loginFailuresPerDevice, key: device }]
    : [perAccount, perAddress];
  const slots = await reserveLimits(limiter, checks, (ms) => tooManyRequests(ms));
  return {
    async succeeded() {
      if (device) {
        await limiter.reset(`${limits.loginFailuresPerDevice.name}:${device}`);
      } else {
        await limiter.reset(`${perAccount.limit.name}:${email}`);
        await slots.release(perAddress);
      }
    },
  };
}

/** An attempt that names no account (an unknown passkey): it counts against its address only. */
export async function reserveAddressAttempt(limiter: RateLimitStore, ip: string): Promise<void> {
  await reserveLimits(limiter, [{ limit: limits.loginFailuresPerAddress, key: ip }], (ms) =>
    tooManyRequests(ms),
  );
}
