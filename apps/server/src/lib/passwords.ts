import { hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id`: the package exports it as a const enum, which type stripping cannot read. */
const ARGON2ID = 2;

export type PasswordCost = { memoryCost: number; timeCost: number; parallelism: number };

/** OWASP's argon2id minimum: 19 MiB, two passes, one lane (about 20-30 ms here). */
const OWASP_MINIMUM_COST: PasswordCost = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export type PasswordHashing = ReturnType<typeof createPasswordHashing>;

/**
 * Hashing and checking passwords. A hash carries its own cost, so a check costs what the hash was
 * made with: the app always hashes at OWASP's minimum; only the server suite builds its apps with
 * a cheaper cost (ADR 035), as Django's test settings do, since it registers and logs in members
 * hundreds of times.
 */
export function createPasswordHashing(cost: PasswordCost = OWASP_MINIMUM_COST) {
  const options = { algorithm: ARGON2ID, ...cost } as const;
  const hashPassword = (password: string): Promise<string> => hash(password, options);
  let decoyHash: Promise<string> | undefined;
  return {
    hashPassword,
    async verifyPassword(passwordHash: string, password: string): Promise<boolean> {
      try {
        return await verify(passwordHash, password);
      } catch {
        return false;
      }
    },
    /**
     * A hash of nothing anyone knows, verified when the account does not exist, so an unknown
     * e-mail costs the same time as a wrong password and timing reveals no account.
     */
    decoyPasswordHash(): Promise<string> {
      decoyHash ??= hashPassword(`decoy-${Math.random()}-${Date.now()}`);
      return decoyHash;
    },
  };
}
