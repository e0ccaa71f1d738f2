import type { ShownStay } from '@mawadda/contract';

/**
 * A stay's days as the reader reads dates ("Aug 1 – 20", "1–20 août"), by `Intl` in their
 * language. The days are the town's calendar days (ADR 077): formatted at UTC midnight in UTC,
 * so no reader's time zone moves them by one.
 */
export function stayDates(stay: Pick<ShownStay, 'arrivesOn' | 'departsOn'>, language: string) {
  const format = new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });
  const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
  return format.formatRange(day(stay.arrivesOn), day(stay.departsOn));
}
