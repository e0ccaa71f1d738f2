import { z } from 'zod';
import {
  EMAIL_ERROR,
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './constants.ts';
import { requiredField } from './form-fields.ts';

/** Spec section 5: lowercase letters, digits, . _ % + -, then @, a domain, a dot, 2+ letters. */
export const EMAIL_PATTERN = /^[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}$/;

/** E-mails are compared case-insensitively: they are trimmed and lowercased before the pattern. */
export const emailSchema = requiredField(
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
    z
      .string({ error: EMAIL_ERROR })
      .max(EMAIL_MAX_LENGTH, EMAIL_ERROR)
      .regex(EMAIL_PATTERN, EMAIL_ERROR),
  ),
  'Email is required',
);

export const newPasswordSchema = requiredField(
  z
    .string({ error: 'Password is required' })
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  'Password is required',
);

export const loginRequestSchema = z.object({
  username: requiredField(
    z.string().trim().max(EMAIL_MAX_LENGTH, 'Username is too long'),
    'Username is required',
  ),
  password: requiredField(
    z.string().max(PASSWORD_MAX_LENGTH, 'Password is too long'),
    'Password is required',
  ),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const tokenResponseSchema = z.object({ token: z.string() });
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const googleLoginRequestSchema = z.object({
  token: requiredField(
    z.string().max(8192, 'Google credential is too long'),
    'Google credential is required',
  ),
});
export type GoogleLoginRequest = z.infer<typeof googleLoginRequestSchema>;

export const forgotPasswordRequestSchema = z.object({ username: emailSchema });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

export const resetPasswordRequestSchema = z.object({
  token: requiredField(z.string().max(200, 'Reset link is invalid'), 'Reset link is invalid'),
  password: newPasswordSchema,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** GET /api/config: what the client needs to know of the server's setup before login. */
export const clientConfigSchema = z.object({
  /** Google Identity Services client id; null when Google sign-in is off on this server. */
  googleClientId: z.string().nullable(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;
