import './zod-config.ts';
import { z } from 'zod';
import { emailSchema } from './auth.ts';
import {
  LANGUAGES,
  PUBLIC_REPORT_EXPLANATION_MAX_LENGTH,
  PUBLIC_REPORTER_NAME_MAX_LENGTH,
} from './constants.ts';
import { E } from './error-codes.ts';
import { messageResponseSchema } from './errors.ts';
import { memberText, optionalField, personName, requiredField } from './form-fields.ts';
import type { publicReportEndpointRoutes } from './public-report-endpoint-routes.ts';
import { ILLEGAL_CONTENT_KINDS, PUBLIC_REPORT_SUBJECTS } from './value-lists.ts';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/**
 * The member a visitor names, as the app shares a profile: its link (`…/user-details/<id>`, with
 * or without a language prefix) or the id alone. Undefined for anything else.
 */
export function profileIdOf(link: string): string | undefined {
  const text = link.trim();
  const id = new RegExp(`^(?:${UUID.source})$`, 'i').test(text)
    ? text
    : new RegExp(`/user-details/(${UUID.source})(?:[/?#]|$)`, 'i').exec(text)?.[1];
  return id?.toLowerCase();
}

/**
 * `POST /api/public-reports` (DSA Art. 16, ADR 079): what is reported, the kind of illegality,
 * the reporter's explanation, their e-mail for the answer (their name if they give it), the
 * statement of good faith and the language of the answer.
 */
export const publicReportRequestSchema = z.object({
  subject: requiredField(
    z.enum(PUBLIC_REPORT_SUBJECTS, { error: E.PUBLIC_REPORT_SUBJECT_INVALID }),
    E.PUBLIC_REPORT_SUBJECT_INVALID,
  ),
  profile: requiredField(
    z
      .string({ error: E.PUBLIC_REPORT_PROFILE_INVALID })
      .max(500, E.PUBLIC_REPORT_PROFILE_INVALID)
      .refine((v) => profileIdOf(v) !== undefined, E.PUBLIC_REPORT_PROFILE_INVALID),
    E.PUBLIC_REPORT_PROFILE_INVALID,
  ),
  kind: requiredField(
    z.enum(ILLEGAL_CONTENT_KINDS, { error: E.ILLEGAL_CONTENT_KIND_INVALID }),
    E.ILLEGAL_CONTENT_KIND_INVALID,
  ),
  explanation: requiredField(
    memberText({ multiline: true })
      .min(10, E.PUBLIC_REPORT_EXPLANATION_REQUIRED)
      .max(PUBLIC_REPORT_EXPLANATION_MAX_LENGTH, E.PUBLIC_REPORT_EXPLANATION_REQUIRED),
    E.PUBLIC_REPORT_EXPLANATION_REQUIRED,
  ),
  email: emailSchema,
  name: optionalField(
    personName().max(PUBLIC_REPORTER_NAME_MAX_LENGTH, E.PUBLIC_REPORTER_NAME_TOO_LONG),
  ),
  goodFaith: requiredField(
    z.literal(true, { error: E.PUBLIC_REPORT_GOOD_FAITH_REQUIRED }),
    E.PUBLIC_REPORT_GOOD_FAITH_REQUIRED,
  ),
  language: requiredField(
    z.enum(LANGUAGES, { error: E.PUBLIC_REPORT_LANGUAGE_INVALID }),
    E.PUBLIC_REPORT_LANGUAGE_INVALID,
  ),
});
export type PublicReportRequest = z.infer<typeof publicReportRequestSchema>;

/** The schemas of `publicReportEndpointRoutes`, spread into the endpoint map. */
export const publicReportEndpoints = {
  publicReport: {
    summary:
      'Anyone, no account needed: report a profile or a photo as illegal (DSA Art. 16). 202 whether or not the profile exists; the reporter is mailed a receipt, then the outcome',
    member: false,
    body: publicReportRequestSchema,
    status: 202 as const,
    response: messageResponseSchema,
  },
} satisfies Record<keyof typeof publicReportEndpointRoutes, object>;
