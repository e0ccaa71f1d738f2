import './zod-config.ts';
import { z } from 'zod';
import { E } from './error-codes.ts';
import { requiredField } from './form-fields.ts';

/** Ten recovery codes, each usable once, shown once when TOTP is set up (ADR 074). */
export const RECOVERY_CODE_COUNT = 10;

/**
 * A code from the authenticator app (6 digits) or a recovery code (`xxxxx-xxxxx`): spaces and
 * dashes as a person types them are the server's to ignore, so the field takes any short text.
 */
export const secondFactorCodeSchema = requiredField(
  z.string({ error: E.SECOND_FACTOR_CODE_REQUIRED }).max(40, E.TOTP_CODE_INVALID),
  E.SECOND_FACTOR_CODE_REQUIRED,
);

export const secondFactorCodeRequestSchema = z.object({ code: secondFactorCodeSchema });
export type SecondFactorCodeRequest = z.infer<typeof secondFactorCodeRequestSchema>;

/**
 * A TOTP set-up waiting for its first code: the otpauth:// URI (for a QR code or a link an app
 * opens) and the same secret in groups of four, to type into an app by hand. Answered once, by
 * this call only: the server never shows the secret again.
 */
export const totpSetupSchema = z.object({
  uri: z.string(),
  secret: z.string(),
});
export type TotpSetup = z.infer<typeof totpSetupSchema>;

/** TOTP confirmed: the recovery codes, shown this once (stored hashed). */
export const totpConfirmedSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type TotpConfirmed = z.infer<typeof totpConfirmedSchema>;

/** A second factor proved in this session; `recoveryCodesLeft` warns when they run low. */
export const secondFactorProvedSchema = z.object({ recoveryCodesLeft: z.int() });
export type SecondFactorProved = z.infer<typeof secondFactorProvedSchema>;
