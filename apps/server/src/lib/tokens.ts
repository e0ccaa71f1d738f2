import { hash, randomBytes } from 'node:crypto';

/** 32 random bytes, URL-safe: the only copy is the one handed to the member. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Tokens are stored only as this hash, so a database leak yields no usable session. Every
 * member request hashes its token: the one-shot form makes no hash object each time.
 */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}
