import { FALLBACK_LANGUAGE } from '@mawadda/contract/constants';
import type i18n from 'i18next';

/* Display helpers shared by the member screens: suggestions, profiles and the member lists. */

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

/**
 * "2 hours ago", "yesterday", "il y a 3 jours": how long ago `iso` was, in the member's language
 * (Intl.RelativeTimeFormat); `justNow` under a minute. Null for a date that cannot be read.
 */
export function timeAgo(
  iso: string,
  now: number,
  language: string,
  justNow?: string,
): string | null {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return null;
  const seconds = Math.max(0, Math.round((now - then) / 1000));
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  let text: string;
  if (seconds < 45) text = justNow ?? format.format(0, 'second');
  else if (seconds < 45 * MINUTE)
    text = format.format(-Math.max(1, Math.round(seconds / MINUTE)), 'minute');
  else if (seconds < 22 * HOUR) text = format.format(-Math.round(seconds / HOUR), 'hour');
  else if (seconds < 6.5 * DAY)
    text = format.format(-Math.max(1, Math.round(seconds / DAY)), 'day');
  else if (seconds < 4 * WEEK) text = format.format(-Math.round(seconds / WEEK), 'week');
  else if (seconds < 11 * MONTH)
    text = format.format(-Math.max(1, Math.round(seconds / MONTH)), 'month');
  else text = format.format(-Math.max(1, Math.round(seconds / YEAR)), 'year');
  return text;
}

/** "Yesterday": a phrase set on its own line starts with a capital. */
export function capitalize(text: string, language: string): string {
  return text.charAt(0).toLocaleUpperCase(language) + text.slice(1);
}

/** A calendar day without a time ("2026-12-02"): the same day wherever the reader is. */
const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `{{until, date}}` in a refusal: the server's raw ISO date, in the reader's language by the
 * app's one date formatter. Registered with the refusal texts, outside the first route.
 */
export function addDateFormat(instance: typeof i18n) {
  instance.services.formatter?.add(
    'date',
    (value: unknown, lng: string | undefined) =>
      formatDate(String(value), lng ?? FALLBACK_LANGUAGE) ?? String(value),
  );
}

/**
 * A date in the reader's language, the one way the app writes one: "2 December 2026",
 * "2 décembre 2026", never "2026-12-02". An instant is shown as the reader's local day (with its
 * time when `withTime`); a bare day as that day. Undefined for a date that cannot be read.
 */
export function formatDate(
  iso: string,
  language: string,
  { withTime = false }: { withTime?: boolean } = {},
): string | undefined {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return undefined;
  return new Intl.DateTimeFormat(language, {
    dateStyle: 'long',
    ...(withTime ? { timeStyle: 'short' } : {}),
    ...(DAY_ONLY.test(iso) ? { timeZone: 'UTC' } : {}),
  }).format(date);
}

const durationUnit = (language: string, unit: 'hour' | 'minute' | 'second') =>
  new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'short' });

/**
 * A call's length, the one way the app writes one (the call under way, its entry in the
 * conversation and in the conversation list): "4 sec", "1 min 5 sec", "1 hr 2 min 9 sec"; in
 * French "4 s", "1 min 5 s", "1 h 2 min 9 s". Units a screen reader says as words, where "1:05"
 * reads as a time of day.
 */
export function callDuration(seconds: number, language: string): string {
  const total = Math.max(0, Math.floor(seconds));
  const parts: Array<[number, 'hour' | 'minute' | 'second']> = [
    [Math.floor(total / 3600), 'hour'],
    [Math.floor((total % 3600) / 60), 'minute'],
    [total % 60, 'second'],
  ];
  return (
    parts
      .filter(([value, unit]) => value > 0 || (unit === 'second' && total === 0))
      // Each number kept with its unit by one no-break space, whichever space the locale's data
      // gives (French has two kinds); the parts may wrap between them.
      .map(([value, unit]) => durationUnit(language, unit).format(value).replace(/\s/g, '\u00a0'))
      .join(' ')
  );
}

/** `{{seconds, callDuration}}` in a text: the seconds as `callDuration` writes them. */
export function addCallDurationFormat(instance: typeof i18n) {
  instance.services.formatter?.add('callDuration', (value: unknown, lng: string | undefined) =>
    callDuration(Number(value), lng ?? FALLBACK_LANGUAGE),
  );
}

/** The full date and time, for the tooltip of a relative time. */
export const fullDate = (iso: string, language: string) =>
  formatDate(iso, language, { withTime: true });

/** "45 kB" / "45 ko", in the member's language; at least 1: what a tap in data saver costs. */
export function kilobytes(bytes: number, language: string) {
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: 'kilobyte',
    maximumFractionDigits: 0,
  }).format(Math.max(1, Math.round(bytes / 1024)));
}
