import type { SignedInDevice } from '@mawadda/contract';
import { notFound } from '../../lib/http-error.ts';
import { endSessions, type SessionDeps } from './auth-sessions.ts';
import {
  findMemberSessions,
  revokeMemberSession,
  revokeOtherSessions,
} from './sessions.repository.ts';

/** The session a member acts from and whose devices they see: never another member's. */
export type OwnSession = { id: string; memberId: string };

/** The member's live sessions, as their list of signed-in devices shows them (ADR 075). */
export async function listSignedInDevices(
  deps: SessionDeps,
  own: OwnSession,
): Promise<SignedInDevice[]> {
  const rows = await findMemberSessions(deps.db, own.memberId, deps.clock.now());
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    lastActiveAt: row.lastActiveAt.toISOString(),
    current: row.id === own.id,
  }));
}

/**
 * Signs one of the member's devices out, on every node, its sockets closed. Another member's
 * session answers as an unknown one, 404: whether an id is someone's session is not told.
 */
export async function endSignedInDevice(
  deps: SessionDeps,
  own: OwnSession,
  sessionId: string,
): Promise<void> {
  if (!(await revokeMemberSession(deps.db, own.memberId, sessionId, deps.clock.now()))) {
    throw notFound('SESSION_NOT_FOUND');
  }
  await endSessions(deps, { sessionId });
}

/** Signs out every device of the member but the one asking; answers how many. */
export async function endOtherDevices(deps: SessionDeps, own: OwnSession): Promise<number> {
  const ended = await revokeOtherSessions(deps.db, own.memberId, own.id, deps.clock.now());
  await endEach(deps, ended);
  return ended.length;
}

/** Sessions revoked in the database, ended on every node one by one (a member has a few). */
export async function endEach(deps: SessionDeps, sessionIds: readonly string[]): Promise<void> {
  for (const sessionId of sessionIds) await endSessions(deps, { sessionId });
}
