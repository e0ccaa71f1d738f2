import './zod-config.ts';
import { z } from 'zod';
import { newPasswordSchema } from './auth.ts';
import { PASSWORD_MAX_LENGTH } from './constants.ts';
import { E } from './error-codes.ts';
import { messageResponseSchema } from './errors.ts';
import { requiredField } from './form-fields.ts';

/**
 * One of the member's signed-in devices (ADR 075): the browser and system its sign-in's
 * User-Agent named (null when unknown), the country its address was in (ISO 3166-1 alpha-2, null
 * when the server is not told), when it signed in and was last active (a minute's resolution),
 * and whether it is the device asking.
 */
export const signedInDeviceSchema = z.object({
  id: z.uuid(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  country: z.string().nullable(),
  createdAt: z.iso.datetime(),
  lastActiveAt: z.iso.datetime(),
  current: z.boolean(),
});
export type SignedInDevice = z.infer<typeof signedInDeviceSchema>;

export const sessionParamsSchema = z.object({ id: z.uuid({ error: E.SESSION_NOT_FOUND }) });

/** The devices signed out by "sign out all others" (or by a password change), however many. */
export const endedSessionsSchema = z.object({ ended: z.number().int().min(0) });
export type EndedSessionsAnswer = z.infer<typeof endedSessionsSchema>;

export const changePasswordRequestSchema = z.object({
  currentPassword: requiredField(
    z.string().max(PASSWORD_MAX_LENGTH, E.CURRENT_PASSWORD_WRONG),
    E.CURRENT_PASSWORD_REQUIRED,
  ),
  newPassword: newPasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/**
 * The schemas of `sessionEndpointRoutes`, joined to the others in endpoints.ts. Open before the
 * consent (ADR 021), as logout is: signing a stolen device out must not wait on it.
 */
export const sessionEndpointSchemas = {
  sessions: {
    summary:
      'My signed-in devices (live sessions), the most recently active first, the one asking marked `current`',
    member: true,
    beforeConsent: true,
    response: z.array(signedInDeviceSchema),
  },
  endSession: {
    summary:
      'Sign one of my devices out: its token stops working at once on every node, its sockets close; another member’s session, an unknown or already ended one is 404 SESSION_NOT_FOUND',
    member: true,
    beforeConsent: true,
    params: sessionParamsSchema,
    response: messageResponseSchema,
  },
  endOtherSessions: {
    summary: 'Sign out every device of mine but the one asking; answers how many were signed out',
    member: true,
    beforeConsent: true,
    response: endedSessionsSchema,
  },
  changePassword: {
    summary:
      'Change my password with the current one (403 CURRENT_PASSWORD_WRONG, limited like sign-ins; 409 PASSWORD_NOT_SET for an account without one): every other device is signed out',
    member: true,
    beforeConsent: true,
    body: changePasswordRequestSchema,
    response: endedSessionsSchema,
  },
} as const;
