import { describe, expect, it } from 'vitest';
import { likesBadgeCount } from './likes-badge.ts';

const seen = Date.parse('2026-05-01T10:00:00.000Z');

describe('likesBadgeCount', () => {
  it('is zero when the last like is not newer than the seen timestamp', () => {
    expect(likesBadgeCount(3, '2026-05-01T09:59:59.000Z', seen)).toBe(0);
    expect(likesBadgeCount(3, '2026-05-01T10:00:00.000Z', seen)).toBe(0);
  });

  it('keeps the count when the last like is newer', () => {
    expect(likesBadgeCount(3, '2026-05-01T10:00:00.001Z', seen)).toBe(3);
  });

  it('keeps the count when nothing was seen yet, or no like time is known', () => {
    expect(likesBadgeCount(4, '2026-05-01T09:00:00.000Z', null)).toBe(4);
    expect(likesBadgeCount(4, null, seen)).toBe(4);
    expect(likesBadgeCount(4, 'not a date', seen)).toBe(4);
  });

  it('never goes below zero', () => {
    expect(likesBadgeCount(0, '2026-05-01T11:00:00.000Z', seen)).toBe(0);
    expect(likesBadgeCount(-2, null, null)).toBe(0);
  });
});
