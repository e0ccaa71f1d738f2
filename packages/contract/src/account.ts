import './zod-config.ts';
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './constants.ts';
import { E } from './error-codes.ts';
import { optionalField } from './form-fields.ts';

/** How long a data export stays offered once it is made (ADR 020). */
export const DATA_EXPORT_TTL_HOURS = 24;

const DATA_EXPORT_STATUSES = ['none', 'pending', 'ready', 'failed'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

/**
 * The member's latest request for a copy of their data. While it is `ready`, until `expiresAt`,
 * the member downloads it from `GET /api/users/me/export/file` with their session (ADR 028).
 */
export const dataExportSchema = z.object({
  status: z.enum(DATA_EXPORT_STATUSES),
  requestedAt: z.iso.datetime().nullable(),
  readyAt: z.iso.datetime().nullable(),
  expiresAt: z.iso.datetime().nullable(),
  sizeBytes: z.number().int().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** The ZIP of the member's ready copy, sent as an attachment named `mawadda-data-<day>.zip`. */
export const dataExportFileSchema = z.file().mime('application/zip');

/**
 * Deleting one's account is confirmed with the password, or for an account without one, with an
 * ID token of a Google sign-in made a few minutes ago, or with `passkey`: one of the member's
 * passkeys proved in this session a few minutes ago (POST /api/auth/passkeys/confirm, ADR 073).
 */
export const deleteAccountRequestSchema = z.object({
  password: optionalField(z.string().max(PASSWORD_MAX_LENGTH, E.PASSWORD_TOO_LONG)),
  googleToken: optionalField(z.string().max(8192, E.GOOGLE_CREDENTIAL_TOO_LONG)),
  passkey: optionalField(z.literal(true, E.DELETE_CONFIRMATION_REQUIRED)),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;
