import { describe, expect, it } from 'vitest';
import { callDuration, capitalize, formatDate, fullDate, timeAgo } from './format.ts';

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

describe('formatDate', () => {
  it('writes a date in the reader’s language, never as 2026-12-02', () => {
    expect(formatDate('2026-12-02T10:00:00.000Z', 'fr')).toBe('2 décembre 2026');
    expect(formatDate('2026-12-02T10:00:00.000Z', 'en')).toBe('December 2, 2026');
    expect(fullDate('2026-12-02T10:00:00.000Z', 'fr')).toMatch(/^2 décembre 2026 à \d{2}:00$/);
  });

  it('keeps a bare day the same day wherever the reader is, and gives up on a bad date', () => {
    expect(formatDate('2026-12-02', 'fr')).toBe('2 décembre 2026');
    expect(formatDate('2026-12-01', 'en')).toBe('December 1, 2026');
    expect(formatDate('soon', 'en')).toBeUndefined();
  });
});

describe('callDuration', () => {
  it('writes a call’s length in units, the larger ones once reached, in each language', () => {
    // Each number is kept with its unit: a no-break space between them.
    const spaced = (text: string) => text.replace(/(\d) /g, '$1\u00a0');
    expect(callDuration(0, 'en')).toBe(spaced('0 sec'));
    expect(callDuration(4.9, 'en')).toBe(spaced('4 sec'));
    expect(callDuration(65, 'en')).toBe(spaced('1 min 5 sec'));
    expect(callDuration(240, 'en')).toBe(spaced('4 min'));
    expect(callDuration(3729, 'en')).toBe(spaced('1 hr 2 min 9 sec'));
    expect(callDuration(4, 'fr')).toBe(spaced('4 s'));
    expect(callDuration(65, 'fr')).toBe(spaced('1 min 5 s'));
    expect(callDuration(3729, 'fr')).toBe(spaced('1 h 2 min 9 s'));
  });
});
