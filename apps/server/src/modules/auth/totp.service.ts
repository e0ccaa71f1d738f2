import { RECOVERY_CODE_COUNT, type TotpSetup } from '@mawadda/contract';
import { Secret, TOTP } from 'otpauth';
import { HttpError, tooManyRequests } from '../../lib/http-error.ts';
import { type Limit, type RateLimitStore, reserveLimits } from '../../lib/rate-limiter.ts';
import type { SecretSealer } from '../../lib/sealed-secrets.ts';
import { hashToken } from '../../lib/tokens.ts';
import { confirmSecondFactor, type SessionDeps } from './auth-sessions.ts';
import type { DeviceCookies } from './device-cookie.ts';
import type { SignInContext } from './password-sign-in.ts';
import { findSecondFactorAt } from './sessions.repository.ts';
import {
  claimTotpStep,
  consumeRecoveryCode,
  countRecoveryCodesLeft,
  deleteTotpFactor,
  findMemberEmail,
  findTotpFactor,
  hasProvedSessionSomewhere,
  hasSecondFactorSetUp,
  replaceRecoveryCodes,
  saveTotpSetup,
} from './totp.repository.ts';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
/** Removing a factor wants one proved this recently in the session (ADR 074). */
const FRESH_PROOF_MS = 10 * 60 * 1000;
/** RFC 6238's defaults, the ones every authenticator app reads: SHA-1, 6 digits, 30 seconds. */
const TOTP_PARAMS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
/** One step either side: a phone's clock a little off, or a code typed as it changed. */
const TOTP_WINDOW = 1;
const ISSUER = 'Mawadda';

/** ADR 027's budgets, for codes: a guess costs a slot, taken before the code is checked. */
const limits = {
  failuresPerAccount: { name: 'totp-account', max: 10, windowMs: FIFTEEN_MINUTES },
  failuresPerAddress: { name: 'totp-ip', max: 10, windowMs: FIFTEEN_MINUTES },
  /** A browser the member signed in from before (ADR 027): its own budget, locked on its own. */
  failuresPerDevice: { name: 'totp-device', max: 10, windowMs: FIFTEEN_MINUTES },
} satisfies Record<string, Limit>;

/** What the authenticator app and the recovery codes need. */
export type TotpDeps = SessionDeps & {
  limiter: RateLimitStore;
  totpSealer: SecretSealer;
  deviceCookies: DeviceCookies;
};

/** The session proving a code: whose, and which. */
export type ProvingSession = { id: string; memberId: string };

const sealContext = (memberId: string) => `totp:${memberId}`;

/** An app's secret as the database keeps it: sealed, bound to its member. */
export function sealTotpSecret(sealer: SecretSealer, memberId: string, secret: Uint8Array) {
  return sealer.seal(Buffer.from(secret), sealContext(memberId));
}

/** `ABCD EFGH ...`: the secret as a person types it into an app. */
const grouped = (base32: string) => base32.replace(/(.{4})(?=.)/g, '$1 ');

/** Recovery codes as they are typed: lower case, without spaces or dashes. */
const normalised = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

/** `xxxxx-xxxxx` of base32 letters and digits: 50 bits each, so a SHA-256 is enough to keep. */
function newRecoveryCode(): string {
  const letters = new Secret({ size: 7 }).base32.toLowerCase().slice(0, 10);
  return `${letters.slice(0, 5)}-${letters.slice(5)}`;
}

/**
 * Why the session may not act as a moderator yet: the member has a second factor (an app or a
 * passkey) but did not prove it in this session, or has none. Without a session (a selfie link,
 * which an `<img>` opens without a token), any live session of the member that proved one counts.
 */
export async function secondFactorRefusal(
  deps: TotpDeps,
  asker: { memberId: string; sessionId?: string },
): Promise<HttpError | undefined> {
  const now = deps.clock.now();
  const proved = asker.sessionId
    ? (await findSecondFactorAt(deps.db, asker.sessionId, now)) !== undefined
    : await hasProvedSessionSomewhere(deps.db, asker.memberId, now);
  if (proved) return undefined;
  return (await hasSecondFactorSetUp(deps.db, asker.memberId))
    ? new HttpError(403, 'SECOND_FACTOR_REQUIRED')
    : new HttpError(403, 'SECOND_FACTOR_SETUP_REQUIRED');
}

/**
 * A new secret for an app, waiting for its first code. A member who has a second factor already
 * (a passkey) sets up another only from a session that proved one: a stolen password alone adds
 * no factor of the thief's.
 */
export async function setUpTotp(deps: TotpDeps, session: ProvingSession): Promise<TotpSetup> {
  const factor = await findTotpFactor(deps.db, session.memberId);
  if (factor?.confirmedAt) throw new HttpError(409, 'TOTP_ALREADY_SET_UP');
  const refusal = await secondFactorRefusal(deps, {
    memberId: session.memberId,
    sessionId: session.id,
  });
  if (refusal?.code === 'SECOND_FACTOR_REQUIRED') throw refusal;
  const secret = new Secret({ size: 20 });
  const sealed = sealTotpSecret(deps.totpSealer, session.memberId, secret.bytes);
  // A confirmation racing this set-up wins: the app it confirmed stays.
  if (!(await saveTotpSetup(deps.db, session.memberId, sealed))) {
    throw new HttpError(409, 'TOTP_ALREADY_SET_UP');
  }
  const label = (await findMemberEmail(deps.db, session.memberId)) ?? session.memberId;
  const totp = new TOTP({ issuer: ISSUER, label, secret, ...TOTP_PARAMS });
  return { uri: totp.toString(), secret: grouped(secret.base32) };
}

/** The step of a code the app shows within the window, if it is one. */
function acceptedStep(secretBytes: Buffer, code: string, nowMs: number): number | undefined {
  const secret = new Secret({ buffer: new Uint8Array(secretBytes).buffer });
  const delta = TOTP.validate({
    token: code,
    secret,
    ...TOTP_PARAMS,
    timestamp: nowMs,
    window: TOTP_WINDOW,
  });
  if (delta === null) return undefined;
  return TOTP.counter({ period: TOTP_PARAMS.period, timestamp: nowMs }) + delta;
}

/**
 * Checks a code under ADR 027's budgets, a slot taken first: the browser's own when it carries
 * the member's device cookie, so that someone holding the password and guessing codes elsewhere
 * does not lock the owner out; otherwise the member's and the address's. A success gives the slot
 * back and clears the budget it came from.
 */
async function withinBudget<T>(
  deps: TotpDeps,
  memberId: string,
  ctx: SignInContext,
  check: () => Promise<T>,
): Promise<T> {
  const email = await findMemberEmail(deps.db, memberId);
  const device = email ? deps.deviceCookies.recognise(ctx.cookie, email.toLowerCase()) : undefined;
  const perAccount = { limit: limits.failuresPerAccount, key: memberId };
  const perAddress = { limit: limits.failuresPerAddress, key: ctx.ip };
  const perDevice = device ? { limit: limits.failuresPerDevice, key: device } : undefined;
  const slots = await reserveLimits(
    deps.limiter,
    perDevice ? [perDevice] : [perAccount, perAddress],
    (ms) => tooManyRequests(ms),
  );
  const result = await check();
  if (perDevice) {
    await deps.limiter.reset(`${perDevice.limit.name}:${perDevice.key}`);
  } else {
    await deps.limiter.reset(`${perAccount.limit.name}:${memberId}`);
    await slots.release(perAddress);
  }
  return result;
}

/** Takes a code of the app: once, and never one of a step before the last one taken. */
async function takeTotpCode(
  deps: TotpDeps,
  memberId: string,
  sealedSecret: string,
  code: string,
): Promise<void> {
  const secret = deps.totpSealer.open(sealedSecret, sealContext(memberId));
  const digits = code.replace(/\s/g, '');
  const now = deps.clock.now();
  const step =
    secret && /^\d{6}$/.test(digits) ? acceptedStep(secret, digits, now.getTime()) : undefined;
  if (step === undefined) throw new HttpError(400, 'TOTP_CODE_INVALID');
  if (!(await claimTotpStep(deps.db, memberId, step, now))) {
    throw new HttpError(400, 'TOTP_CODE_USED');
  }
}

/**
 * The first code from the app confirms it: the session counts as proved, and the recovery codes
 * are made, answered this once and kept only as hashes.
 */
export async function confirmTotp(
  deps: TotpDeps,
  session: ProvingSession,
  code: string,
  ctx: SignInContext,
): Promise<{ recoveryCodes: string[] }> {
  const factor = await findTotpFactor(deps.db, session.memberId);
  if (!factor || factor.confirmedAt) throw new HttpError(409, 'TOTP_SETUP_MISSING');
  return withinBudget(deps, session.memberId, ctx, async () => {
    await takeTotpCode(deps, session.memberId, factor.sealedSecret, code);
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await replaceRecoveryCodes(deps.db, session.memberId, codes.map(normalised).map(hashToken));
    await confirmSecondFactor(deps, session.id);
    ctx.log.info({ memberId: session.memberId }, 'Authenticator app set up');
    return { recoveryCodes: codes };
  });
}

/**
 * A second factor proved in this session: a code of the app (6 digits) or a recovery code (used
 * up). Every failure, a reused code included, costs a slot of the budgets.
 */
export async function proveSecondFactor(
  deps: TotpDeps,
  session: ProvingSession,
  code: string,
  ctx: SignInContext,
): Promise<{ recoveryCodesLeft: number }> {
  const factor = await findTotpFactor(deps.db, session.memberId);
  if (!factor?.confirmedAt) throw new HttpError(409, 'TOTP_NOT_SET_UP');
  return withinBudget(deps, session.memberId, ctx, async () => {
    if (/^\d{6}$/.test(code.replace(/\s/g, ''))) {
      await takeTotpCode(deps, session.memberId, factor.sealedSecret, code);
    } else {
      const used = await consumeRecoveryCode(
        deps.db,
        session.memberId,
        hashToken(normalised(code)),
        deps.clock.now(),
      );
      if (!used) throw new HttpError(400, 'TOTP_CODE_INVALID');
      ctx.log.info({ memberId: session.memberId }, 'Recovery code used');
    }
    await confirmSecondFactor(deps, session.id);
    return { recoveryCodesLeft: await countRecoveryCodesLeft(deps.db, session.memberId) };
  });
}

/** Removes the app and its recovery codes: only from a session that proved a factor lately. */
export async function removeTotp(deps: TotpDeps, session: ProvingSession): Promise<void> {
  const now = deps.clock.now();
  const provedAt = await findSecondFactorAt(deps.db, session.id, now);
  if (!provedAt || now.getTime() - provedAt.getTime() > FRESH_PROOF_MS) {
    throw new HttpError(403, 'SECOND_FACTOR_REQUIRED');
  }
  const removed = await deps.db.transaction((tx) => deleteTotpFactor(tx, session.memberId));
  if (!removed) throw new HttpError(409, 'TOTP_NOT_SET_UP');
}
