import './zod-config.ts';
import { z } from 'zod';
import { tokenResponseSchema } from './auth.ts';
import { EMAIL_MAX_LENGTH, PASSKEY_NAME_MAX_LENGTH } from './constants.ts';
import { E } from './error-codes.ts';
import { messageResponseSchema } from './errors.ts';
import { memberText, optionalField, requiredField } from './form-fields.ts';

/** How long registration, sign-in and confirmation options can be answered (single use). */
export const PASSKEY_OPTIONS_TTL_MS = 5 * 60 * 1000;

/** base64url text of bounded length: what WebAuthn's JSON forms carry for bytes. */
const base64url = (max: number) =>
  z
    .string({ error: E.PASSKEY_RESPONSE_INVALID })
    .max(max, E.PASSKEY_RESPONSE_INVALID)
    .regex(/^[A-Za-z0-9_-]*$/, E.PASSKEY_RESPONSE_INVALID);

const credentialId = base64url(1400).min(1, E.PASSKEY_RESPONSE_INVALID);
const transports = z.array(z.string().max(32)).max(10);
const extensionResults = z.record(z.string(), z.unknown());
const attachment = z.enum(['platform', 'cross-platform']).optional();

/** An assertion (`navigator.credentials.get`) as @simplewebauthn/browser's JSON form. */
export const passkeyAssertionSchema = z.object(
  {
    id: credentialId,
    rawId: credentialId,
    type: z.literal('public-key', E.PASSKEY_RESPONSE_INVALID),
    response: z.object({
      clientDataJSON: base64url(4096),
      authenticatorData: base64url(4096),
      signature: base64url(1024),
      userHandle: base64url(256).optional(),
    }),
    clientExtensionResults: extensionResults,
    authenticatorAttachment: attachment,
  },
  { error: E.PASSKEY_RESPONSE_INVALID },
);
export type PasskeyAssertion = z.infer<typeof passkeyAssertionSchema>;

/** An attestation (`navigator.credentials.create`) as @simplewebauthn/browser's JSON form. */
export const passkeyAttestationSchema = z.object(
  {
    id: credentialId,
    rawId: credentialId,
    type: z.literal('public-key', E.PASSKEY_RESPONSE_INVALID),
    response: z.object({
      clientDataJSON: base64url(4096),
      attestationObject: base64url(16384),
      authenticatorData: base64url(4096).optional(),
      transports: transports.optional(),
      publicKeyAlgorithm: z.number().optional(),
      publicKey: base64url(4096).optional(),
    }),
    clientExtensionResults: extensionResults,
    authenticatorAttachment: attachment,
  },
  { error: E.PASSKEY_RESPONSE_INVALID },
);
export type PasskeyAttestation = z.infer<typeof passkeyAttestationSchema>;

const descriptor = z.object({
  id: z.string(),
  type: z.literal('public-key'),
  transports: transports.optional(),
});

/** `PublicKeyCredentialRequestOptionsJSON`: what `startAuthentication` is given. */
export const passkeyRequestOptionsSchema = z.looseObject({
  challenge: z.string(),
  rpId: z.string().optional(),
  timeout: z.number().optional(),
  allowCredentials: z.array(descriptor).optional(),
  userVerification: z.enum(['required', 'preferred', 'discouraged']).optional(),
});
export type PasskeyRequestOptions = z.infer<typeof passkeyRequestOptionsSchema>;

/** `PublicKeyCredentialCreationOptionsJSON`: what `startRegistration` is given. */
export const passkeyCreationOptionsSchema = z.looseObject({
  challenge: z.string(),
  rp: z.object({ id: z.string().optional(), name: z.string() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ type: z.literal('public-key'), alg: z.number() })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(descriptor).optional(),
  authenticatorSelection: z.looseObject({}).optional(),
  attestation: z.string().optional(),
});
export type PasskeyCreationOptions = z.infer<typeof passkeyCreationOptionsSchema>;

/**
 * Sign-in options. With a username (username-first), the options name that member's passkeys;
 * without one (usernameless, the browser's autofill), the browser offers any passkey it holds
 * for the site.
 */
export const passkeyLoginOptionsRequestSchema = z.object({
  username: optionalField(memberText().max(EMAIL_MAX_LENGTH, E.USERNAME_TOO_LONG)),
});

export const passkeyCredentialRequestSchema = z.object({
  credential: passkeyAssertionSchema,
});
export type PasskeyCredentialRequest = z.infer<typeof passkeyCredentialRequestSchema>;

export const passkeyNameSchema = requiredField(
  memberText().max(PASSKEY_NAME_MAX_LENGTH, E.PASSKEY_NAME_TOO_LONG),
  E.PASSKEY_NAME_REQUIRED,
);

export const addPasskeyRequestSchema = z.object({
  credential: passkeyAttestationSchema,
  name: passkeyNameSchema,
});
export type AddPasskeyRequest = z.infer<typeof addPasskeyRequestSchema>;

export const renamePasskeyRequestSchema = z.object({ name: passkeyNameSchema });

export const passkeyParamsSchema = z.object({ id: z.uuid({ error: E.PASSKEY_NOT_FOUND }) });

/** One of the member's passkeys as their settings list it (never its key). */
export const passkeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** `multiDevice`: synced by a password manager (Google, iCloud); `singleDevice`: one device. */
  deviceType: z.enum(['singleDevice', 'multiDevice']),
  backedUp: z.boolean(),
  /** How the browser reaches it: `internal` (this device), `hybrid` (a phone nearby), `usb` … */
  transports: z.array(z.string()),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/** The member's passkeys, the latest first, and whether their password still signs them in. */
export const passkeysOverviewSchema = z.object({
  passkeys: z.array(passkeySchema),
  passwordSignIn: z.boolean(),
});
export type PasskeysOverview = z.infer<typeof passkeysOverviewSchema>;

/**
 * The passkey endpoints' schemas (ADR 073); their paths are in passkey-endpoint-routes.ts, and
 * `endpoints.ts` checks both name the same endpoints.
 */
export const passkeyEndpointSchemas = {
  passkeyLoginOptions: {
    summary:
      'Single-use sign-in options (5 min, user verification required); with a username, they name that member’s passkeys (none for an unknown address)',
    member: false,
    body: passkeyLoginOptionsRequestSchema,
    response: passkeyRequestOptionsSchema,
  },
  passkeyLogin: {
    summary:
      'Sign in with a passkey: opens a session whose second factor is proved; 400 PASSKEY_CHALLENGE_INVALID for options expired or used, 401 PASSKEY_UNKNOWN or PASSKEY_FAILED; counted in the sign-in limits (ADR 027)',
    member: false,
    body: passkeyCredentialRequestSchema,
    response: tokenResponseSchema,
  },
  passkeys: {
    summary: 'The member’s passkeys, the latest first, and whether their password signs them in',
    member: true,
    response: passkeysOverviewSchema,
  },
  passkeyRegistrationOptions: {
    summary:
      'Single-use options to create a passkey for the session’s member (5 min; a discoverable credential, user verification required; their passkeys excluded)',
    member: true,
    response: passkeyCreationOptionsSchema,
  },
  addPasskey: {
    summary:
      'Keep a new passkey, named by the member; 400 PASSKEY_CHALLENGE_INVALID or PASSKEY_REGISTRATION_FAILED, 409 PASSKEY_ALREADY_REGISTERED',
    member: true,
    body: addPasskeyRequestSchema,
    status: 201,
    response: passkeySchema,
  },
  renamePasskey: {
    summary: 'Rename one of the member’s passkeys; 404 PASSKEY_NOT_FOUND for any other',
    member: true,
    params: passkeyParamsSchema,
    body: renamePasskeyRequestSchema,
    response: passkeySchema,
  },
  removePasskey: {
    summary:
      'Remove one of the member’s passkeys; 404 PASSKEY_NOT_FOUND for any other, 409 PASSKEY_LAST_ONE for the last one while the password is off',
    member: true,
    params: passkeyParamsSchema,
    response: passkeysOverviewSchema,
  },
  passkeyConfirmOptions: {
    summary:
      'Step-up: single-use options (5 min, user verification required) naming the session’s member’s passkeys; 409 PASSKEY_NONE when they have none',
    member: true,
    response: passkeyRequestOptionsSchema,
  },
  passkeyConfirm: {
    summary:
      'Step-up: one of the member’s own passkeys proved, the session’s second factor is confirmed (the moderators’ gate reads it); the refusals of passkeyLogin',
    member: true,
    body: passkeyCredentialRequestSchema,
    response: messageResponseSchema,
  },
  turnPasswordOff: {
    summary:
      'Stop signing in with a password (a reset turns it back on): needs a passkey and a second factor proved in this session (403 PASSKEY_PROOF_REQUIRED, 409 PASSKEY_NONE)',
    member: true,
    response: passkeysOverviewSchema,
  },
} as const;
