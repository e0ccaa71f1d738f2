import { createHmac, createSecretKey, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../lib/clock.ts';

export const DEVICE_COOKIE = 'mawadda-device';
/** A device that has not signed in for this long is a stranger again. */
const DEVICE_TRUST_MS = 180 * 24 * 60 * 60 * 1000;
/** Nodes' clocks differ a little: a cookie another node made a moment ago is not from the future. */
const CLOCK_SKEW_MS = 60_000;
/** Sent only with the sign-in requests, never with the rest of the API or the pages. */
const COOKIE_PATH = '/api/auth';
/** `<issued, seconds, base36>.<device id, 16 random bytes>.<HMAC-SHA256, base64url>` */
const VALUE = /^([0-9a-z]{1,10})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

/**
 * OWASP's device cookies (ADR 027): after a password sign-in, the browser gets a cookie naming
 * the account (through the signature only: the address is not in it) and an id of its own,
 * signed with a server secret. A later sign-in to that account carrying it is counted against
 * that device's own budget, not the account's lockout, which strangers' guesses fill.
 */
export function createDeviceCookies(deps: { secret: Buffer; clock: Clock; secure: boolean }) {
  const secret = createSecretKey(deps.secret);
  const signature = (email: string, issued: string, device: string) =>
    createHmac('sha256', secret).update(`device\n${email}\n${issued}\n${device}`).digest();

  /** The device id of one cookie value, when it is ours, for this account, and not too old. */
  function deviceOf(value: string, email: string): string | undefined {
    const match = VALUE.exec(value);
    if (!match) return undefined;
    const [, issued = '', device = '', given = ''] = match;
    const expected = signature(email, issued, device);
    const received = Buffer.from(given, 'base64url');
    if (received.length !== expected.length || !timingSafeEqual(received, expected)) {
      return undefined;
    }
    const issuedAt = Number.parseInt(issued, 36) * 1000;
    const now = deps.clock.now().getTime();
    const fresh = issuedAt - now < CLOCK_SKEW_MS && now - issuedAt < DEVICE_TRUST_MS;
    return fresh ? device : undefined;
  }

  return {
    /**
     * The id of the device a request's `Cookie` header proves for `email`, if any. A cookie that
     * is missing, malformed, altered, for another account or too old proves nothing: the attempt
     * is then a stranger's.
     */
    recognise(cookieHeader: string | undefined, email: string): string | undefined {
      if (!cookieHeader) return undefined;
      for (const pair of cookieHeader.split(';')) {
        const equals = pair.indexOf('=');
        if (equals < 0 || pair.slice(0, equals).trim() !== DEVICE_COOKIE) continue;
        const device = deviceOf(pair.slice(equals + 1).trim(), email);
        if (device) return device;
      }
      return undefined;
    },

    /** A `Set-Cookie` value trusting this browser for `email`, with a new device id. */
    issue(email: string): string {
      const issued = Math.floor(deps.clock.now().getTime() / 1000).toString(36);
      const device = randomBytes(16).toString('base64url');
      const mac = signature(email, issued, device).toString('base64url');
      const attributes = [
        `${DEVICE_COOKIE}=${issued}.${device}.${mac}`,
        `Path=${COOKIE_PATH}`,
        `Max-Age=${DEVICE_TRUST_MS / 1000}`,
        'HttpOnly',
        'SameSite=Strict',
        // Without https (a developer's machine), a Secure cookie would never come back.
        ...(deps.secure ? ['Secure'] : []),
      ];
      return attributes.join('; ');
    },
  };
}

export type DeviceCookies = ReturnType<typeof createDeviceCookies>;
