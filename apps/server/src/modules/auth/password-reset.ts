import { findMemberByEmail, findMemberById, updateMember } from '../../core/members.repository.ts';
import { badRequest, tooManyRequests } from '../../lib/http-error.ts';
import type { MailCap } from '../../lib/mail-cap.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { PasswordHashing } from '../../lib/passwords.ts';
import { type Limit, type RateLimitStore, reserveLimits } from '../../lib/rate-limiter.ts';
import { hashToken, newSecretToken } from '../../lib/tokens.ts';
import { endSessions, type SessionDeps } from './auth-sessions.ts';
import type { DeviceCookies } from './device-cookie.ts';
import { passwordResetMail } from './password-reset.mail.ts';
import type { RequestContext } from './password-sign-in.ts';
import {
  consumePasswordReset,
  findUsablePasswordReset,
  insertPasswordReset,
  revokeMemberSessions,
} from './sessions.repository.ts';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const ONE_HOUR = 60 * 60 * 1000;

const limits = {
  resetMailsPerAddress: { name: 'forgot-ip', max: 5, windowMs: FIFTEEN_MINUTES },
  resetMailsPerAccount: { name: 'forgot-account', max: 3, windowMs: ONE_HOUR },
  resetFailuresPerAddress: { name: 'reset-ip', max: 10, windowMs: FIFTEEN_MINUTES },
} satisfies Record<string, Limit>;

const PASSWORD_RESET_TTL_MS = ONE_HOUR;
export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for this address, a reset link has been sent to it.';

/** What recovering an account by mail needs. */
export type PasswordResetDeps = SessionDeps & {
  limiter: RateLimitStore;
  mailer: Mailer;
  publicUrl: string;
  passwords: PasswordHashing;
  deviceCookies: DeviceCookies;
};

/**
 * Answers the same whether or not the account exists; the mail goes out after the answer,
 * so neither the answer nor its timing tells who is a member. `mailCap`: the mails one address
 * may receive, whoever asks.
 */
export async function forgotPassword(
  deps: PasswordResetDeps,
  mailCap: MailCap,
  email: string,
  language: 'en' | 'fr',
  ctx: RequestContext,
): Promise<void> {
  await reserveLimits(
    deps.limiter,
    [
      { limit: limits.resetMailsPerAddress, key: ctx.ip },
      { limit: limits.resetMailsPerAccount, key: email },
    ],
    (ms) => tooManyRequests(ms),
  );
  const send = async () => {
    const member = await findMemberByEmail(deps.db, email);
    if (!member) return;
    if (!(await mailCap.take(member.email))) {
      ctx.log.info({ memberId: member.id }, 'Reset mail not sent: the address had its share');
      return;
    }
    const token = newSecretToken();
    await insertPasswordReset(deps.db, {
      memberId: member.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(deps.clock.now().getTime() + PASSWORD_RESET_TTL_MS),
    });
    const link = `${deps.publicUrl}/reset-password/${token}`;
    await deps.mailer.send(
      passwordResetMail({ to: member.email, name: member.name, link, language }),
    );
  };
  send().catch((error) => ctx.log.error({ err: error }, 'Password reset mail failed'));
}

/**
 * A failed use of a reset link takes a slot of the address's limit, given back once the link
 * proves usable: what the check of a link and the reset itself begin with.
 */
async function assertUsableLink(deps: PasswordResetDeps, tokenHash: string, ctx: RequestContext) {
  const perAddress = { limit: limits.resetFailuresPerAddress, key: ctx.ip };
  const slots = await reserveLimits(deps.limiter, [perAddress], (ms) => tooManyRequests(ms));
  if (!(await findUsablePasswordReset(deps.db, tokenHash, deps.clock.now()))) {
    throw badRequest('RESET_LINK_INVALID');
  }
  await slots.release(perAddress);
}

/**
 * Whether a link can still be used, so its page says at once when it cannot. An unknown,
 * expired or used link get the one refusal, and each takes a slot of the same limit as a
 * failed reset: the check is no cheaper way to guess tokens.
 */
export async function checkResetLink(
  deps: PasswordResetDeps,
  token: string,
  ctx: RequestContext,
): Promise<void> {
  await assertUsableLink(deps, hashToken(token), ctx);
}

/**
 * Sets the new password, consumes the link and signs the member out everywhere. The browser
 * that used the link, which the mailbox's owner holds, is trusted as a device of the account
 * (ADR 027): its answer is the cookie, so the owner can sign in while strangers' guesses
 * keep the account locked to others.
 */
export async function resetPassword(
  deps: PasswordResetDeps,
  token: string,
  password: string,
  ctx: RequestContext,
): Promise<string> {
  const { db, clock } = deps;
  const tokenHash = hashToken(token);
  await assertUsableLink(deps, tokenHash, ctx);
  const passwordHash = await deps.passwords.hashPassword(password);
  const memberId = await db.transaction(async (tx) => {
    const now = clock.now();
    const reset = await consumePasswordReset(tx, tokenHash, now);
    if (!reset) return undefined;
    await updateMember(tx, reset.memberId, { passwordHash });
    await revokeMemberSessions(tx, reset.memberId, now);
    return reset.memberId;
  });
  if (!memberId) throw badRequest('RESET_LINK_INVALID');
  await endSessions(deps, { memberId });
  const member = await findMemberById(db, memberId);
  if (!member) throw badRequest('RESET_LINK_INVALID');
  return deps.deviceCookies.issue(member.email);
}
