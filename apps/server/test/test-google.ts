import {
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  type JWTPayload,
  type JWTVerifyGetKey,
  SignJWT,
} from 'jose';
import { TEST_GOOGLE_CLIENT_ID } from './test-app.ts';

const KID = 'google-test-key';
type PrivateKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

export type TestGoogle = {
  /** The keys the test app verifies Google's ID tokens with (`createTestApp({ googleKeys })`). */
  keys: JWTVerifyGetKey;
  /** A Google identity no other test uses; `overrides` change or add claims. */
  claims(overrides?: JWTPayload): JWTPayload;
  /** An ID token signed as Google signs it, issued at `issuedAt` and valid an hour unless `exp` says otherwise. */
  idToken(payload: JWTPayload, issuedAt: Date, key?: PrivateKey): Promise<string>;
};

/** A stand-in for Google sign-in: its own signing key, identities and ID tokens. */
export async function createTestGoogle(): Promise<TestGoogle> {
  const google = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(google.publicKey)), kid: KID, alg: 'RS256' };
  return {
    keys: createLocalJWKSet({ keys: [jwk] }),
    claims(overrides = {}) {
      const id = crypto.randomUUID();
      return {
        iss: 'https://accounts.google.com',
        aud: TEST_GOOGLE_CLIENT_ID,
        sub: id.replace(/\D/g, '').padEnd(21, '0'),
        email: `google.${id}@gmail.com`,
        email_verified: true,
        name: 'Yusuf Google',
        ...overrides,
      };
    },
    async idToken(payload, issuedAt, key = google.privateKey) {
      const iat = Math.floor(issuedAt.getTime() / 1000);
      return new SignJWT(payload)
        .setProtectedHeader({ alg: 'RS256', kid: KID })
        .setIssuedAt(iat)
        .setExpirationTime((payload.exp as number | undefined) ?? iat + 3600)
        .sign(key);
    },
  };
}
