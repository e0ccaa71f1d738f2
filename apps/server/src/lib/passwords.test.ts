import { describe, expect, it } from 'vitest';
import { createPasswordHashing } from './passwords.ts';

describe('password hashing', () => {
  it("hashes with argon2id at OWASP's minimum unless told otherwise", async () => {
    const { hashPassword } = createPasswordHashing();
    expect(await hashPassword('correct horse battery')).toMatch(
      /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/,
    );
  });

  it('checks a password against a hash of any cost, and refuses the wrong one or a broken hash', async () => {
    const cheap = createPasswordHashing({ memoryCost: 1024, timeCost: 1, parallelism: 1 });
    const hash = await cheap.hashPassword('correct horse battery');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    const { verifyPassword } = createPasswordHashing();
    expect(await verifyPassword(hash, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(hash, 'correct horse batterY')).toBe(false);
    expect(await verifyPassword('not a hash', 'correct horse battery')).toBe(false);
  });

  it('keeps one decoy hash, which no password opens', async () => {
    const { decoyPasswordHash, verifyPassword } = createPasswordHashing();
    const decoy = await decoyPasswordHash();
    expect(await decoyPasswordHash()).toBe(decoy);
    expect(await verifyPassword(decoy, '')).toBe(false);
  });
});
