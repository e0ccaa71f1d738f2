import { describe, expect, it } from 'vitest';
import { capitalize, timeAgo } from './format.ts';

const now = Date.parse('2026-05-10T12:00:00Z');
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('timeAgo', () => {
  it('says how long ago, in English and in French', () => {
    expect(timeAgo(ago(10), now, 'en')).toBe('now');
    expect(timeAgo(ago(10), now, 'fr')).toBe('maintenant');
    expect(timeAgo(ago(10), now, 'fr', 'à l’instant')).toBe('à l’instant');
    expect(timeAgo(ago(5 * 60), now, 'en')).toBe('5 minutes ago');
    expect(timeAgo(ago(3 * 3600), now, 'fr')).toBe('il y a 3 heures');
    expect(timeAgo(ago(26 * 3600), now, 'en')).toBe('yesterday');
    expect(timeAgo(ago(26 * 3600), now, 'fr')).toBe('hier');
    expect(timeAgo(ago(15 * 86400), now, 'en')).toBe('2 weeks ago');
    expect(timeAgo(ago(400 * 86400), now, 'fr')).toBe('l’année dernière');
  });

  it('reads a time a little ahead of this clock as now, and gives up on a bad date', () => {
    expect(timeAgo(new Date(now + 5000).toISOString(), now, 'en')).toBe('now');
    expect(timeAgo('yesterday', now, 'en')).toBeNull();
  });
});

describe('capitalize', () => {
  it('starts a phrase with a capital', () => {
    expect(capitalize('il y a 3 heures', 'fr')).toBe('Il y a 3 heures');
    expect(capitalize('', 'en')).toBe('');
  });
});
