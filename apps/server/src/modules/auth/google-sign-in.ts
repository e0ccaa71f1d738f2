import {
  findMemberByEmail,
  findMemberByGoogleSubject,
  insertMember,
  setGoogleSubject,
} from '../../core/members.repository.ts';
import { HttpError, unauthorized } from '../../lib/http-error.ts';
import { openSession, type SessionDeps } from './auth-sessions.ts';
import type { GoogleVerifier } from './google-verifier.ts';

/** What signing in with Google needs: a verifier where a Google client id is configured. */
export type GoogleSignInDeps = SessionDeps & { googleVerifier: GoogleVerifier | undefined };

/** Signs in with Google; the first sign-in creates the account, left incomplete. */
export async function googleSignIn(deps: GoogleSignInDeps, idToken: string): Promise<string> {
  const { db } = deps;
  if (!deps.googleVerifier) {
    throw new HttpError(503, 'GOOGLE_UNAVAILABLE');
  }
  const identity = await deps.googleVerifier(idToken);
  const bySubject = await findMemberByGoogleSubject(db, identity.subject);
  if (bySubject) return openSession(deps, bySubject.id);
  // Google vouches for the address (email_verified), so it may join an existing account.
  const byEmail = await findMemberByEmail(db, identity.email);
  if (byEmail) {
    if (byEmail.googleSubject && byEmail.googleSubject !== identity.subject) {
      throw unauthorized('GOOGLE_ACCOUNT_MISMATCH');
    }
    await setGoogleSubject(db, byEmail.id, identity.subject);
    return openSession(deps, byEmail.id);
  }
  const created = await insertMember(db, {
    email: identity.email,
    name: identity.name,
    googleSubject: identity.subject,
  });
  // Two first sign-ins racing: the loser finds the winner's row.
  const member = created ?? (await findMemberByGoogleSubject(db, identity.subject));
  if (!member) throw unauthorized('GOOGLE_FAILED');
  return openSession(deps, member.id);
}
