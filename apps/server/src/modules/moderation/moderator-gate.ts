import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import { sessionOf } from '../../plugins/authentication.ts';
import type { AuthService } from '../auth/index.ts';
import { isModerator } from './moderation.repository.ts';

/** What the gate asks: the role, and the auth module's word on the session's second factor. */
export type ModeratorGateDeps = {
  db: Executor;
  auth: Pick<AuthService, 'secondFactorRefusal'>;
};

/**
 * The moderators' routes open to a moderator whose session proved a second factor (ADR 074),
 * checked before the body is read: a plain member gets 403 MODERATORS_ONLY as before, a
 * moderator 403 SECOND_FACTOR_REQUIRED (a factor not proved in this session) or
 * SECOND_FACTOR_SETUP_REQUIRED (none yet). The services check the role again, on their own.
 */
export function moderatorGate(deps: ModeratorGateDeps) {
  return async (request: FastifyRequest) => {
    const session = sessionOf(request);
    await assertModeratorWithSecondFactor(deps, session.memberId, session.id);
  };
}

/**
 * The same rule for a selfie link, which names its moderator but carries no session: one of
 * their live sessions must have proved a second factor.
 */
export async function assertModeratorWithSecondFactor(
  deps: ModeratorGateDeps,
  memberId: string,
  sessionId?: string,
): Promise<void> {
  if (!(await isModerator(deps.db, memberId))) throw new HttpError(403, 'MODERATORS_ONLY');
  const refusal = await deps.auth.secondFactorRefusal(
    sessionId ? { memberId, sessionId } : { memberId },
  );
  if (refusal) throw refusal;
}
