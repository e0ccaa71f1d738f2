import type { DeleteAccountRequest } from '@mawadda/contract';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import { members } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, HttpError, notFound, tooManyRequests } from '../../lib/http-error.ts';
import type { PasswordHashing } from '../../lib/passwords.ts';
import { type Limit, type RateLimitStore, reserveLimits } from '../../lib/rate-limiter.ts';
import type { GoogleVerifier } from '../auth/index.ts';
import { eraseMember } from './account-deletion.repository.ts';

/** A Google sign-in older than this does not confirm a deletion: ask for a fresh one. */
const FRESH_GOOGLE_SIGN_IN_MS = 5 * 60 * 1000;
/** A passkey proved in the session longer ago than this does not confirm a deletion either. */
const FRESH_PASSKEY_MS = 5 * 60 * 1000;
/** Wrong passwords a session may try: a stolen session cannot guess its way to a deletion. */
const wrongPasswords: Limit = { name: 'delete-account', max: 10, windowMs: 15 * 60 * 1000 };

export type AccountDeletion = ReturnType<typeof createAccountDeletion>;

/**
 * Deleting one's account (ADR 020): confirmed with the password, or for an account
 * without one (Google sign-in only) with a Google ID token issued in the last few minutes for
 * the same Google account, or with a passkey proved in the session a few minutes ago (ADR 073). One transaction erases the member (`eraseMember`); then their
 * sessions end on every node with their sockets, and the files go.
 */
export function createAccountDeletion(deps: {
  db: Database;
  clock: Clock;
  limiter: RateLimitStore;
  googleVerifier: GoogleVerifier | undefined;
  log: FastifyBaseLogger;
  passwords: PasswordHashing;
  /** Ends every session of the member, on every node, with their sockets. */
  endMemberSessions(memberId: string): Promise<void>;
  /** Whether a second factor (a passkey, ADR 073) was proved in the session in `withinMs`. */
  hasFreshSecondFactor(sessionId: string, withinMs: number): Promise<boolean>;
  /** Deletes the files queued for deletion (the janitor's sweep). */
  sweepFiles(): Promise<unknown>;
}) {
  const { db, clock } = deps;

  async function confirmWithPassword(memberId: string, hash: string | null, password: string) {
    const attempt = { limit: wrongPasswords, key: memberId };
    const slots = await reserveLimits(deps.limiter, [attempt], (ms) => tooManyRequests(ms));
    const { verifyPassword, decoyPasswordHash } = deps.passwords;
    const valid = await verifyPassword(hash ?? (await decoyPasswordHash()), password);
    if (!hash || !valid) throw new HttpError(403, 'DELETE_PASSWORD_WRONG');
    await slots.release(attempt);
  }

  async function confirmWithGoogle(
    account: { email: string; googleSubject: string | null },
    token: string,
  ) {
    if (!deps.googleVerifier) throw new HttpError(503, 'GOOGLE_UNAVAILABLE');
    const identity = await deps.googleVerifier(token).catch((error: unknown) => {
      // A refused token is a 403 here: a 401 in the member area would read as a session ended.
      if (error instanceof HttpError) throw new HttpError(403, error.code, { cause: error });
      throw error;
    });
    const same = account.googleSubject
      ? identity.subject === account.googleSubject
      : identity.email === account.email.toLowerCase();
    if (!same) throw new HttpError(403, 'GOOGLE_ACCOUNT_OTHER');
    if (clock.now().getTime() - identity.issuedAt.getTime() > FRESH_GOOGLE_SIGN_IN_MS) {
      throw new HttpError(403, 'GOOGLE_SIGN_IN_TOO_OLD');
    }
  }

  return {
    async deleteAccount(
      session: { id: string; memberId: string },
      request: DeleteAccountRequest,
    ): Promise<void> {
      const { memberId } = session;
      const [account] = await db
        .select({
          email: members.email,
          passwordHash: members.passwordHash,
          googleSubject: members.googleSubject,
        })
        .from(members)
        .where(eq(members.id, memberId));
      if (!account) throw notFound('ACCOUNT_GONE');
      if (request.password !== undefined) {
        await confirmWithPassword(memberId, account.passwordHash, request.password);
      } else if (request.googleToken !== undefined) {
        await confirmWithGoogle(account, request.googleToken);
      } else if (request.passkey) {
        if (!(await deps.hasFreshSecondFactor(session.id, FRESH_PASSKEY_MS))) {
          throw new HttpError(403, 'PASSKEY_PROOF_REQUIRED');
        }
      } else {
        throw badRequest('DELETE_CONFIRMATION_REQUIRED');
      }
      const erased = await db.transaction((tx) => eraseMember(tx, memberId));
      if (!erased) throw notFound('ACCOUNT_GONE');
      await deps.endMemberSessions(memberId);
      deps.sweepFiles().catch((err) => deps.log.warn({ err }, 'Media deletion failed'));
    },
  };
}
