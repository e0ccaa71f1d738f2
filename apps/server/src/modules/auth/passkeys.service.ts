import {
  PASSKEY_OPTIONS_TTL_MS,
  type Passkey,
  type PasskeyAssertion,
  type PasskeyAttestation,
  type PasskeysOverview,
} from '@mawadda/contract';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { COSEALG } from '@simplewebauthn/server/helpers';
import { findCredentials } from '../../core/members.repository.ts';
import {
  badRequest,
  HttpError,
  notFound,
  tooManyRequests,
  unauthorized,
} from '../../lib/http-error.ts';
import { type Limit, reserveLimits } from '../../lib/rate-limiter.ts';
import { confirmSecondFactor, hasFreshSecondFactor, openSession } from './auth-sessions.ts';
import {
  type ChallengePurpose,
  deletePasskey,
  findByCredentialId,
  findMemberNames,
  hasPassword,
  insertChallenge,
  insertPasskey,
  listCredentials,
  listPasskeys,
  lockSignInMethods,
  recordUse,
  renamePasskey,
  takeChallenge,
  turnPasswordOff,
} from './passkeys.repository.ts';
import type { PasswordSignInDeps, SignedIn, SignInContext } from './password-sign-in.ts';
import { reserveAddressAttempt, reserveSignInAttempt } from './sign-in-limits.ts';

/** What passkeys need: a sign-in's, and the public address the relying party is derived from. */
export type PasskeyDeps = PasswordSignInDeps & {
  publicUrl: string;
  /** Sign-in options one address may ask for in a minute (`PASSKEY_SIGN_INS_PER_MINUTE_PER_ADDRESS`). */
  signInOptionsPerMinutePerAddress: number;
};

const RP_NAME = 'Mawadda';
/**
 * EdDSA, ES256, RS256: what passkey providers use. The library would put ML-DSA-44 first where
 * the runtime has it, but Node's ML-DSA is still experimental (ADR 073).
 */
const ALGORITHMS = [COSEALG.EdDSA, COSEALG.ES256, COSEALG.RS256];
/** Turning the password off wants a passkey proved this recently in the session. */
const FRESH_PROOF_MS = 15 * 60 * 1000;

/** Options a visitor asks for: each is a row until it is answered or expires. */
const signInOptionsPerAddress = (max: number): Limit => ({
  name: 'passkey-options-ip',
  max,
  windowMs: 60 * 1000,
});

const limits = {
  /** Registration and step-up options a member asks for. */
  memberOptions: { name: 'passkey-options-member', max: 30, windowMs: 15 * 60 * 1000 },
} satisfies Record<string, Limit>;

/** The relying party is the site the member sees: `PUBLIC_URL`'s host and origin. */
function relyingParty(publicUrl: string) {
  const url = new URL(publicUrl);
  return { rpID: url.hostname, origin: url.origin };
}

/**
 * The challenge an answer claims to answer, read from its client data (which the library then
 * checks again, with the origin and type, against the challenge given).
 */
function claimedChallenge(credential: { response: { clientDataJSON: string } }): string {
  try {
    const clientData: unknown = JSON.parse(
      Buffer.from(credential.response.clientDataJSON, 'base64url').toString('utf8'),
    );
    const challenge = (clientData as { challenge?: unknown }).challenge;
    if (typeof challenge === 'string' && challenge !== '') return challenge;
  } catch {
    // Not JSON: refused below like any other unreadable answer.
  }
  throw badRequest('PASSKEY_RESPONSE_INVALID');
}

const asListed = (row: {
  id: string;
  name: string;
  deviceType: string;
  backedUp: boolean;
  transports: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
}): Passkey => ({
  ...row,
  deviceType: row.deviceType === 'multiDevice' ? 'multiDevice' : 'singleDevice',
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

async function keepChallenge(
  deps: PasskeyDeps,
  challenge: string,
  purpose: ChallengePurpose,
  memberId: string | null,
): Promise<void> {
  const now = deps.clock.now();
  await insertChallenge(
    deps.db,
    { challenge, purpose, memberId, expiresAt: new Date(now.getTime() + PASSKEY_OPTIONS_TTL_MS) },
    now,
  );
}

/** The member the options were for (null: anyone), once; refused when unknown, used or expired. */
async function spendChallenge(deps: PasskeyDeps, challenge: string, purpose: ChallengePurpose) {
  const row = await takeChallenge(deps.db, challenge, purpose);
  if (!row || row.expiresAt <= deps.clock.now()) throw badRequest('PASSKEY_CHALLENGE_INVALID');
  return row.memberId;
}

async function memberOptionsSlot(deps: PasskeyDeps, memberId: string): Promise<void> {
  await reserveLimits(deps.limiter, [{ limit: limits.memberOptions, key: memberId }], (ms) =>
    tooManyRequests(ms),
  );
}

/**
 * Options for an assertion. `named`: the options list the member's passkeys, an empty list for
 * an address nobody has (the same answer as a member without passkeys).
 */
async function requestOptions(
  deps: PasskeyDeps,
  purpose: ChallengePurpose,
  memberId: string | null,
  named = memberId !== null,
) {
  const allowCredentials = named
    ? (memberId ? await listCredentials(deps.db, memberId) : []).map((c) => ({
        id: c.credentialId,
        transports: c.transports,
      }))
    : undefined;
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(deps.publicUrl).rpID,
    userVerification: 'required',
    timeout: PASSKEY_OPTIONS_TTL_MS,
    ...(allowCredentials ? { allowCredentials } : {}),
  });
  await keepChallenge(deps, options.challenge, purpose, memberId);
  return options;
}

/**
 * Checks an assertion against one of the member's passkeys (`expectedMember`, when the options
 * named one): its challenge taken once, then the library's checks (origin, RP id, type,
 * signature, user verification, counter). The failure slot is taken before any of it.
 */
async function verifyAssertion(
  deps: PasskeyDeps,
  credential: PasskeyAssertion,
  purpose: ChallengePurpose,
  ctx: SignInContext,
  expectedMember?: string,
) {
  const rp = relyingParty(deps.publicUrl);
  const challenge = claimedChallenge(credential);
  const passkey = await findByCredentialId(deps.db, credential.id);
  if (!passkey) {
    await reserveAddressAttempt(deps.limiter, ctx.ip);
    await takeChallenge(deps.db, challenge, purpose);
    throw unauthorized('PASSKEY_UNKNOWN');
  }
  const email = passkey.email.toLowerCase();
  const attempt = await reserveSignInAttempt(deps, email, ctx);
  const namedMember = await spendChallenge(deps, challenge, purpose);
  const owner = expectedMember ?? namedMember;
  if (owner && owner !== passkey.memberId) throw unauthorized('PASSKEY_FAILED');
  const verification = await verifyAuthenticationResponse({
    response: credential as AuthenticationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    requireUserVerification: true,
    credential: {
      id: passkey.credentialId,
      publicKey: new Uint8Array(passkey.publicKey),
      counter: passkey.counter,
      transports: passkey.transports,
    },
  }).catch((err: unknown) => {
    ctx.log.info({ err: (err as Error).message }, 'Passkey assertion refused');
    return undefined;
  });
  if (!verification?.verified) throw unauthorized('PASSKEY_FAILED');
  const info = verification.authenticationInfo;
  await recordUse(deps.db, passkey.id, {
    counter: info.newCounter,
    backedUp: info.credentialBackedUp,
    at: deps.clock.now(),
  });
  await attempt.succeeded();
  return { memberId: passkey.memberId, email };
}

async function overview(deps: PasskeyDeps, memberId: string): Promise<PasskeysOverview> {
  const passwordSignIn = await hasPassword(deps.db, memberId);
  if (passwordSignIn === undefined) throw notFound('ACCOUNT_GONE');
  return { passkeys: (await listPasskeys(deps.db, memberId)).map(asListed), passwordSignIn };
}

/**
 * Passkeys (ADR 073): WebAuthn with @simplewebauthn/server. Every ceremony's options are single
 * use and expire (`webauthn_challenges`, taken by a delete, so a replay finds nothing on any
 * node); user verification is required, so a passkey sign-in is two factors at once (the device
 * and its PIN or biometrics) and opens a session whose second factor is proved. Failures count
 * in the sign-in limits of ADR 027, against the account the credential names.
 */
export function createPasskeyService(deps: PasskeyDeps) {
  const signInOptionsLimit = signInOptionsPerAddress(deps.signInOptionsPerMinutePerAddress);
  const { db, limiter } = deps;
  const rp = relyingParty(deps.publicUrl);
  return {
    /** Sign-in options; a username names its member's passkeys (none for an unknown address). */
    async signInOptions(username: string | undefined, ip: string) {
      await reserveLimits(limiter, [{ limit: signInOptionsLimit, key: ip }], (ms) =>
        tooManyRequests(ms),
      );
      const member = username
        ? await findCredentials(db, username.trim().toLowerCase())
        : undefined;
      return requestOptions(deps, 'sign-in', member?.id ?? null, username !== undefined);
    },

    /** A passkey sign-in: a session with its second factor proved, and a device cookie. */
    async signIn(credential: PasskeyAssertion, ctx: SignInContext): Promise<SignedIn> {
      const { memberId, email } = await verifyAssertion(deps, credential, 'sign-in', ctx);
      return {
        token: await openSession(deps, memberId, { secondFactor: true, device: ctx }),
        deviceCookie: deps.deviceCookies.issue(email),
      };
    },

    overview: (memberId: string) => overview(deps, memberId),

    async registrationOptions(memberId: string) {
      await memberOptionsSlot(deps, memberId);
      const member = await findMemberNames(db, memberId);
      if (!member) throw notFound('ACCOUNT_GONE');
      const existing = await listCredentials(db, memberId);
      const options = await generateRegistrationOptions({
        rpName: RP_NAME,
        rpID: rp.rpID,
        userName: member.email,
        userDisplayName: member.name,
        // The user handle is the member's id: the same on every passkey, nothing else in it.
        userID: new Uint8Array(Buffer.from(memberId.replaceAll('-', ''), 'hex')),
        timeout: PASSKEY_OPTIONS_TTL_MS,
        attestationType: 'none',
        supportedAlgorithmIDs: ALGORITHMS,
        excludeCredentials: existing.map((c) => ({ id: c.credentialId, transports: c.transports })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      await keepChallenge(deps, options.challenge, 'registration', memberId);
      return options;
    },

    async add(
      memberId: string,
      credential: PasskeyAttestation,
      name: string,
      log: SignInContext['log'],
    ): Promise<Passkey> {
      const challenge = claimedChallenge(credential);
      const owner = await spendChallenge(deps, challenge, 'registration');
      if (owner !== memberId) throw badRequest('PASSKEY_CHALLENGE_INVALID');
      const verification = await verifyRegistrationResponse({
        response: credential as RegistrationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.rpID,
        requireUserVerification: true,
        supportedAlgorithmIDs: ALGORITHMS,
      }).catch((err: unknown) => {
        log.info({ err: (err as Error).message }, 'Passkey registration refused');
        return undefined;
      });
      if (!verification?.verified) throw badRequest('PASSKEY_REGISTRATION_FAILED');
      const info = verification.registrationInfo;
      const row = await insertPasskey(db, {
        memberId,
        credentialId: info.credential.id,
        publicKey: Buffer.from(info.credential.publicKey),
        counter: info.credential.counter,
        transports: info.credential.transports ?? credential.response.transports ?? [],
        deviceType: info.credentialDeviceType,
        backedUp: info.credentialBackedUp,
        name,
      });
      if (!row) throw new HttpError(409, 'PASSKEY_ALREADY_REGISTERED');
      return asListed(row);
    },

    async rename(memberId: string, id: string, name: string): Promise<Passkey> {
      const row = await renamePasskey(db, memberId, id, name);
      if (!row) throw notFound('PASSKEY_NOT_FOUND');
      return asListed(row);
    },

    /** Removes a passkey, unless it is the member's last way in. */
    async remove(memberId: string, id: string): Promise<PasskeysOverview> {
      await db.transaction(async (tx) => {
        const methods = await lockSignInMethods(tx, memberId);
        if (!methods) throw notFound('ACCOUNT_GONE');
        if (!methods.hasPassword && !methods.hasGoogle && methods.passkeys <= 1) {
          const mine = (await listPasskeys(tx, memberId)).some((p) => p.id === id);
          throw mine ? new HttpError(409, 'PASSKEY_LAST_ONE') : notFound('PASSKEY_NOT_FOUND');
        }
        if (!(await deletePasskey(tx, memberId, id))) throw notFound('PASSKEY_NOT_FOUND');
      });
      return overview(deps, memberId);
    },

    /** Step-up options naming the member's own passkeys. */
    async confirmOptions(memberId: string) {
      await memberOptionsSlot(deps, memberId);
      if ((await listCredentials(db, memberId)).length === 0) {
        throw new HttpError(409, 'PASSKEY_NONE');
      }
      return requestOptions(deps, 'confirm', memberId);
    },

    /** Step-up: one of the member's passkeys proved, the session's second factor is stamped. */
    async confirm(
      session: { id: string; memberId: string },
      credential: PasskeyAssertion,
      ctx: SignInContext,
    ): Promise<void> {
      await verifyAssertion(deps, credential, 'confirm', ctx, session.memberId);
      await confirmSecondFactor(deps, session.id);
    },

    /**
     * The password stops signing the member in (a reset sets a new one): only with a passkey
     * left to sign in with, and one proved in this session lately (whoever holds a session
     * alone must not lock its owner's password out).
     */
    async turnPasswordOff(session: { id: string; memberId: string }): Promise<PasskeysOverview> {
      if (!(await hasFreshSecondFactor(deps, session.id, FRESH_PROOF_MS))) {
        throw new HttpError(403, 'PASSKEY_PROOF_REQUIRED');
      }
      await db.transaction(async (tx) => {
        const methods = await lockSignInMethods(tx, session.memberId);
        if (!methods) throw notFound('ACCOUNT_GONE');
        if (methods.passkeys === 0) throw new HttpError(409, 'PASSKEY_NONE');
        await turnPasswordOff(tx, session.memberId);
      });
      return overview(deps, session.memberId);
    },
  };
}

export type PasskeyService = ReturnType<typeof createPasskeyService>;
