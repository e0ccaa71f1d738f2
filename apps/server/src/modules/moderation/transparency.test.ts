import { describe, expect, it } from 'vitest';
import { transparencyPeriod } from './transparency.ts';

const iso = (period: { start: Date; end: Date }) => [
  period.start.toISOString(),
  period.end.toISOString(),
];

describe('the period of a transparency summary', () => {
  it('is the last calendar month by default, January’s across the year', () => {
    const period = transparencyPeriod({}, new Date('2027-01-15T08:00:00Z'));
    expect(period).toMatchObject({ from: '2026-12-01', to: '2026-12-31' });
    expect(iso(period)).toEqual(['2026-12-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z']);
    expect(transparencyPeriod({}, new Date('2028-03-01T00:00:00Z'))).toMatchObject({
      from: '2028-02-01',
      to: '2028-02-29',
    });
  });

  it('includes both days asked for, one day or a whole leap year', () => {
    const now = new Date('2027-01-15T08:00:00Z');
    expect(iso(transparencyPeriod({ from: '2026-12-24', to: '2026-12-24' }, now))).toEqual([
      '2026-12-24T00:00:00.000Z',
      '2026-12-25T00:00:00.000Z',
    ]);
    expect(transparencyPeriod({ from: '2024-01-01', to: '2024-12-31' }, now).to).toBe('2024-12-31');
    expect(() => transparencyPeriod({ from: '2024-01-01', to: '2025-01-01' }, now)).toThrow(
      expect.objectContaining({ statusCode: 400, code: 'TRANSPARENCY_PERIOD_TOO_LONG' }),
    );
  });
});
