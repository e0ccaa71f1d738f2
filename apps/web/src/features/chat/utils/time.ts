import { capitalize } from '@/lib/format.ts';

const sameDay = (a: Date, b: Date) => a.toDateString() === b.toDateString();

/**
 * A message's time: "14:32" today, with the day otherwise ("12 Nov, 14:32"), in the member's
 * language.
 */
export function messageTime(iso: string, language: string, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language, {
    ...(sameDay(date, now) ? {} : { day: 'numeric', month: 'short' }),
    ...(date.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
    hour: '2-digit',
    minute: '2-digit',
  }).format(date);
}

/**
 * When a conversation last moved, as the conversation list says it in the member's language:
 * the time today ("14:05", "2:05 PM"), "Yesterday" ("Hier"), then the date ("12 nov.", "Nov 12",
 * with the year when it is not this one).
 */
export function conversationTime(iso: string, language: string, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  if (sameDay(date, now)) {
    return new Intl.DateTimeFormat(language, { timeStyle: 'short' }).format(date);
  }
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (sameDay(date, yesterday)) {
    const words = new Intl.RelativeTimeFormat(language, { numeric: 'auto' }).format(-1, 'day');
    return capitalize(words, language);
  }
  return new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'short',
    ...(date.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  }).format(date);
}
