import { createRemoteJWKSet, type JWTVerifyGetKey, jwtVerify } from 'jose';
import type { Clock } from '../../lib/clock.ts';
import { HttpError } from '../../lib/http-error.ts';

/** `issuedAt`: when Google made the token, so a fresh sign-in can be asked for (account deletion). */
export type GoogleIdentity = { subject: string; email: string; name: string; issuedAt: Date };
export type GoogleVerifier = (idToken: string) => Promise<GoogleIdentity>;

const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];
const GOOGLE_KEYS_URL = new URL('https://www.googleapis.com/oauth2/v3/certs');

/**
 * Verifies a Google ID token: signature against Google's published keys (or the keys given,
 * in tests), audience = our client id, issuer, expiry, and a verified e-mail address.
 */
export function createGoogleVerifier(options: {
  clientId: string;
  clock: Clock;
  keys?: JWTVerifyGetKey;
}): GoogleVerifier {
  const keys = options.keys ?? createRemoteJWKSet(GOOGLE_KEYS_URL);
  return async (idToken) => {
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(idToken, keys, {
        issuer: GOOGLE_ISSUERS,
        audience: options.clientId,
        algorithms: ['RS256'],
        currentDate: options.clock.now(),
        clockTolerance: 30,
        requiredClaims: ['sub', 'exp', 'iat'],
      }));
    } catch (error) {
      throw new HttpError(401, 'GOOGLE_FAILED', { cause: error });
    }
    const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : '';
    if (!email || payload.email_verified !== true) {
      throw new HttpError(401, 'GOOGLE_EMAIL_UNVERIFIED');
    }
    const name =
      typeof payload.name === 'string' && payload.name.trim()
        ? payload.name.trim()
        : email.split('@')[0];
    return {
      subject: String(payload.sub),
      email,
      name: name ?? email,
      issuedAt: new Date(Number(payload.iat) * 1000),
    };
  };
}
