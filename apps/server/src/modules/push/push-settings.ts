import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from '@mawadda/contract';
import type { Executor } from '../../db/database.ts';
import type { MailLanguage } from '../../lib/bilingual-mail.ts';
import {
  findSettings,
  type NewSettingsRow,
  saveLanguages,
  saveSettings,
} from './push.repository.ts';
import type { SettingsRow } from './push-queue.repository.ts';

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const clockTime = (total: number) =>
  `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;

/** A member's settings from their stored row (the defaults when they have none). */
export function settingsFrom(row: SettingsRow | undefined | null): NotificationSettings {
  if (!row) return DEFAULT_NOTIFICATION_SETTINGS;
  return {
    messages: row.messages,
    matches: row.matches,
    likes: row.likes,
    calls: row.calls,
    gifts: row.gifts,
    showMessageText: row.showMessageText,
    quietHours:
      row.quietStart === null || row.quietEnd === null
        ? null
        : { start: clockTime(row.quietStart), end: clockTime(row.quietEnd) },
    timeZone: row.timeZone,
    emailDigest: row.emailDigest,
  };
}

/** The stored row of settings; `language` undefined keeps the one stored (French for a new row). */
function settingsRow(
  memberId: string,
  settings: NotificationSettings,
  now: Date,
  language: MailLanguage | undefined,
): NewSettingsRow {
  const { quietHours, ...switches } = settings;
  return {
    memberId,
    ...switches,
    quietStart: quietHours ? minutes(quietHours.start) : null,
    quietEnd: quietHours ? minutes(quietHours.end) : null,
    language,
    updatedAt: now,
  };
}

export async function memberSettings(
  db: Executor,
  memberId: string,
): Promise<NotificationSettings> {
  return settingsFrom(await findSettings(db, memberId));
}

/** Changes some settings and keeps the others (the defaults for a member who has none). */
export function changeSettings(
  db: Executor,
  memberId: string,
  changes: Partial<NewSettingsRow>,
  now: Date,
) {
  const row = settingsRow(memberId, DEFAULT_NOTIFICATION_SETTINGS, now, undefined);
  return saveSettings(db, { ...row, ...changes }, { ...changes, updatedAt: now });
}

/**
 * The languages members use the app in, from their requests (auth's activity, at most once a
 * minute each): what is written to them while they are away follows the last (ADR 040).
 */
export function recordLanguages(
  db: Executor,
  languages: ReadonlyMap<string, MailLanguage>,
  now: Date,
): Promise<void> {
  return saveLanguages(
    db,
    [...languages].map(([memberId, language]) =>
      settingsRow(memberId, DEFAULT_NOTIFICATION_SETTINGS, now, language),
    ),
  );
}

/** `language`: the one the request named, kept for what is written to the member. */
export async function saveMemberSettings(
  db: Executor,
  memberId: string,
  settings: NotificationSettings,
  now: Date,
  language?: MailLanguage,
): Promise<NotificationSettings> {
  await saveSettings(db, settingsRow(memberId, settings, now, language));
  return settings;
}
