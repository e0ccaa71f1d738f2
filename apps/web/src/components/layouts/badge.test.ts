import { BADGE_CAP } from '@mawadda/contract/constants';
import { describe, expect, it } from 'vitest';
import { formatBadge } from './badge.ts';

describe('formatBadge', () => {
  it('shows nothing at zero or for a count that is not a positive number', () => {
    expect(formatBadge(0)).toBeNull();
    expect(formatBadge(-3)).toBeNull();
    expect(formatBadge(Number.NaN)).toBeNull();
    expect(formatBadge(0.5)).toBeNull();
  });

  it('shows the count itself from one up to the cap', () => {
    expect(formatBadge(1)).toBe('1');
    expect(formatBadge(5)).toBe('5');
    expect(formatBadge(BADGE_CAP)).toBe('9');
  });

  it('shows 9+ above nine', () => {
    expect(BADGE_CAP).toBe(9);
    expect(formatBadge(10)).toBe('9+');
    expect(formatBadge(250)).toBe('9+');
    expect(formatBadge(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('follows another cap when given one', () => {
    expect(formatBadge(100, 99)).toBe('99+');
    expect(formatBadge(99, 99)).toBe('99');
  });
});
