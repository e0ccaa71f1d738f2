/**
 * The refusals of the visitor's screens (sessions, account fields, the rate limit), in English:
 * part of `ERROR_TEXTS` (error-codes.ts), kept apart and small because the web's first route
 * (login) bundles this text while the rest of the catalogue loads in a chunk of its own.
 */
export const AUTH_ERROR_TEXTS = {
  RATE_LIMITED: 'Too many attempts. Please wait {{minutes}} min and try again.',
  // Sessions
  LOGIN_REQUIRED: 'Please log in to continue.',
  SESSION_ENDED: 'Your session has ended. Please log in again.',
  LOGIN_FAILED: 'Incorrect username or password.',
  GOOGLE_UNAVAILABLE: 'Google sign-in is not available on this server.',
  GOOGLE_FAILED: 'Google sign-in failed. Please try again.',
  GOOGLE_EMAIL_UNVERIFIED: 'Your Google account has no verified e-mail address.',
  GOOGLE_ACCOUNT_MISMATCH: 'This e-mail address is linked to another Google account.',
  GOOGLE_CREDENTIAL_REQUIRED: 'Google credential is required',
  GOOGLE_CREDENTIAL_TOO_LONG: 'Google credential is too long',
  RESET_LINK_INVALID:
    'This reset link is invalid, expired or already used. Please ask for a new one.',
  ACCOUNT_GONE: 'This account no longer exists.',
  ACCOUNT_SUSPENDED:
    'Your account is suspended until {{until, date}}. Write to us if you think this is a mistake.',
  ACCOUNT_BANNED: 'Your account was closed for breaking the community rules.',
  // Passkeys (ADR 073)
  PASSKEY_RESPONSE_INVALID: 'The passkey’s answer could not be read. Please try again.',
  PASSKEY_CHALLENGE_INVALID:
    'This passkey request has expired or was already used. Please try again.',
  PASSKEY_UNKNOWN:
    'This passkey is not registered with Mawadda. Sign in with your password, then add it from your profile.',
  PASSKEY_FAILED: 'This passkey could not be verified. Please try again or use your password.',
  PASSKEY_REGISTRATION_FAILED: 'This passkey could not be added. Please try again.',
  PASSKEY_ALREADY_REGISTERED: 'This passkey is already registered.',
  PASSKEY_NOT_FOUND: 'This passkey does not exist, or is not yours.',
  PASSKEY_NAME_REQUIRED: 'Please give this passkey a name.',
  PASSKEY_NAME_TOO_LONG: 'A passkey’s name is at most {{max}} characters.',
  PASSKEY_NONE: 'You have no passkey yet. Add one from your profile first.',
  PASSKEY_LAST_ONE:
    'This is your last passkey and your password is off. Turn your password back on (with a reset) before removing it.',
  PASSKEY_PROOF_REQUIRED: 'Please confirm with one of your passkeys first.',
  // Account fields
  EMAIL_REQUIRED: 'Email is required',
  EMAIL_INVALID: 'Please enter a valid email address',
  USERNAME_REQUIRED: 'Username is required',
  USERNAME_TOO_LONG: 'Username is too long',
  PASSWORD_REQUIRED: 'Password is required',
  PASSWORD_TOO_SHORT: 'Password must be at least {{min}} characters',
  PASSWORD_TOO_LONG: 'Password must be at most {{max}} characters',
  TERMS_REQUIRED: 'You must accept the terms and the privacy policy',
} as const;
