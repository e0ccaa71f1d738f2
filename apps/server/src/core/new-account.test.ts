import { describe, expect, it } from 'vitest';
import { isNewAccount } from './new-account.ts';

const HOUR = 60 * 60 * 1000;
const WINDOW = 48 * HOUR;
const created = new Date('2026-11-20T10:00:00Z');
const at = (hours: number) => new Date(created.getTime() + hours * HOUR);

describe('isNewAccount (ADR 043)', () => {
  it('is new for its first 48 hours while not verified', () => {
    const member = { createdAt: created, verifiedAt: null };
    expect(isNewAccount(member, at(0), WINDOW)).toBe(true);
    expect(isNewAccount(member, at(47.99), WINDOW)).toBe(true);
    expect(isNewAccount(member, at(48), WINDOW)).toBe(false);
    expect(isNewAccount(member, at(500), WINDOW)).toBe(false);
  });

  it('is never new once verified', () => {
    const member = { createdAt: created, verifiedAt: at(1) };
    expect(isNewAccount(member, at(2), WINDOW)).toBe(false);
  });

  it('is never new with a window of 0 (turned off)', () => {
    expect(isNewAccount({ createdAt: created, verifiedAt: null }, at(0), 0)).toBe(false);
  });
});
