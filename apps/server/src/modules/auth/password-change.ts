import type { ChangePasswordRequest } from '@mawadda/contract';
import { updateMember } from '../../core/members.repository.ts';
import { HttpError, tooManyRequests } from '../../lib/http-error.ts';
import type { PasswordHashing } from '../../lib/passwords.ts';
import { type Limit, type RateLimitStore, reserveLimits } from '../../lib/rate-limiter.ts';
import type { SessionDeps } from './auth-sessions.ts';
import { findPasswordHash, revokeOtherSessions } from './sessions.repository.ts';
import { endEach, type OwnSession } from './signed-in-devices.ts';

/**
 * Wrong current passwords a session may try (ADR 027's count, per account): a stolen session
 * cannot guess its way to the password, which would lock its owner out.
 */
const wrongCurrentPasswords: Limit = {
  name: 'password-change',
  max: 10,
  windowMs: 15 * 60 * 1000,
};

export type PasswordChangeDeps = SessionDeps & {
  limiter: RateLimitStore;
  passwords: PasswordHashing;
};

/**
 * Changes the member's password with their current one, and signs every other device out
 * (ADR 075): whoever else held a session, a thief who knew the old password included, is out at
 * once; the device asking stays signed in. Answers how many devices were signed out. Each attempt
 * takes a slot before the hash is checked; a right one gives it back.
 */
export async function changePassword(
  deps: PasswordChangeDeps,
  own: OwnSession,
  request: ChangePasswordRequest,
): Promise<number> {
  const { db, passwords } = deps;
  const attempt = { limit: wrongCurrentPasswords, key: own.memberId };
  const slots = await reserveLimits(deps.limiter, [attempt], (ms) => tooManyRequests(ms));
  const hash = await findPasswordHash(db, own.memberId);
  if (!hash) {
    await slots.release(attempt);
    throw new HttpError(409, 'PASSWORD_NOT_SET');
  }
  if (!(await passwords.verifyPassword(hash, request.currentPassword))) {
    throw new HttpError(403, 'CURRENT_PASSWORD_WRONG');
  }
  await slots.release(attempt);
  const passwordHash = await passwords.hashPassword(request.newPassword);
  const ended = await db.transaction(async (tx) => {
    await updateMember(tx, own.memberId, { passwordHash });
    return revokeOtherSessions(tx, own.memberId, own.id, deps.clock.now());
  });
  await endEach(deps, ended);
  return ended.length;
}
