import { hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id`: the package exports it as a const enum, which type stripping cannot read. */
const ARGON2ID = 2;

/** OWASP's argon2id minimum: 19 MiB, two passes, one lane (about 20-30 ms here). */
const ARGON2_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let decoyHash: Promise<string> | undefined;
/**
 * A hash of nothing anyone knows, verified when the account does not exist, so an unknown
 * e-mail costs the same time as a wrong password and timing reveals no account.
 */
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(`decoy-${Math.random()}-${Date.now()}`);
  return decoyHash;
}
