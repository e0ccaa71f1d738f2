import './zod-config.ts';
import { z } from 'zod';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.ts';
import { E } from './error-codes.ts';
import { memberText, requiredField } from './form-fields.ts';

/** docs/spec.md §5: lowercase letters, digits, . _ % + -, then @, a domain, a dot, 2+ letters. */
export const EMAIL_PATTERN = /^[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}$/;

/** E-mails are compared case-insensitively: they are trimmed and lowercased before the pattern. */
export const emailSchema = requiredField(
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
    z
      .string({ error: E.EMAIL_INVALID })
      .max(EMAIL_MAX_LENGTH, E.EMAIL_INVALID)
      .regex(EMAIL_PATTERN, E.EMAIL_INVALID),
  ),
  E.EMAIL_REQUIRED,
);

export const newPasswordSchema = requiredField(
  z
    .string({ error: E.PASSWORD_REQUIRED })
    .refine((v) => !v.includes('\u0000'), E.CONTROL_CHARACTERS)
    .min(PASSWORD_MIN_LENGTH, E.PASSWORD_TOO_SHORT)
    .max(PASSWORD_MAX_LENGTH, E.PASSWORD_TOO_LONG),
  E.PASSWORD_REQUIRED,
);

export const loginRequestSchema = z.object({
  username: requiredField(
    memberText().max(EMAIL_MAX_LENGTH, E.USERNAME_TOO_LONG),
    E.USERNAME_REQUIRED,
  ),
  password: requiredField(
    z.string().max(PASSWORD_MAX_LENGTH, E.PASSWORD_TOO_LONG),
    E.PASSWORD_REQUIRED,
  ),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const tokenResponseSchema = z.object({ token: z.string() });
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const googleLoginRequestSchema = z.object({
  token: requiredField(
    z.string().max(8192, E.GOOGLE_CREDENTIAL_TOO_LONG),
    E.GOOGLE_CREDENTIAL_REQUIRED,
  ),
});
export type GoogleLoginRequest = z.infer<typeof googleLoginRequestSchema>;

export const forgotPasswordRequestSchema = z.object({ username: emailSchema });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

const resetTokenSchema = requiredField(
  z.string().max(200, E.RESET_LINK_INVALID),
  E.RESET_LINK_INVALID,
);

export const resetPasswordRequestSchema = z.object({
  token: resetTokenSchema,
  password: newPasswordSchema,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

export const resetLinkParamsSchema = z.object({ token: resetTokenSchema });

/** A usable link answers this; any other link the refusal `RESET_LINK_INVALID`, nothing more. */
export const resetLinkStatusSchema = z.object({ usable: z.literal(true) });
export type ResetLinkStatus = z.infer<typeof resetLinkStatusSchema>;

/** GET /api/config: what the client needs to know of the server's setup before login. */
export const clientConfigSchema = z.object({
  /** Google Identity Services client id; null when Google sign-in is off on this server. */
  googleClientId: z.string().nullable(),
  /** The server's VAPID public key (base64url), the `applicationServerKey` of a push subscription. */
  vapidPublicKey: z.string(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;
