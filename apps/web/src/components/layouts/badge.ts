import { BADGE_CAP } from '@mawadda/contract/constants';

/**
 * The text of a navigation badge (docs/spec.md §2 and §9): nothing at zero (or for a count that
 * is not a positive number), the count up to the cap, `9+` above it.
 */
export function formatBadge(count: number, cap: number = BADGE_CAP): string | null {
  if (!Number.isFinite(count) || count < 1) return null;
  const whole = Math.floor(count);
  return whole > cap ? `${cap}+` : String(whole);
}
