import { describe, expect, it } from 'vitest';
import { stayDates } from './stay-dates.ts';

describe('stayDates', () => {
  const august = { arrivesOn: '2027-08-01', departsOn: '2027-08-20' };

  it('writes the days in the reader’s language', () => {
    expect(stayDates(august, 'fr')).toMatch(/^1\s?–\s?20 août$/);
    expect(stayDates(august, 'en')).toMatch(/^August 1\s?–\s?20$/);
  });

  it('never moves a day with the reader’s time zone', () => {
    // Calendar days of the town: formatted in UTC whatever the machine's zone.
    expect(stayDates({ arrivesOn: '2027-12-31', departsOn: '2028-01-02' }, 'fr')).toMatch(/31 déc/);
  });
});
