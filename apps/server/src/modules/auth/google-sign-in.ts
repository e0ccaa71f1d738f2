import {
  findMemberByEmail,
  findMemberByGoogleSubject,
  insertMember,
  setGoogleSubject,
} from '../../core/members.repository.ts';
import { HttpError, unauthorized } from '../../lib/http-error.ts';
import { openSession, type SessionDeps } from './auth-sessions.ts';
import type { GoogleVerifier } from './google-verifier.ts';
import type { SignedIn, SignInContext } from './password-sign-in.ts';

/** What signing in with Google needs: a verifier where a Google client id is configured. */
export type GoogleSignInDeps = SessionDeps & { googleVerifier: GoogleVerifier | undefined };

/**
 * Signs in with Google; the first sign-in creates the account, left incomplete. As after a
 * password sign-in, the browser gets a device cookie (ADR 027): a later sign-in from it is from a
 * known device, which sends no new-device mail (ADR 075).
 */
export async function googleSignIn(
  deps: GoogleSignInDeps,
  idToken: string,
  ctx: SignInContext,
): Promise<SignedIn> {
  const member = await googleMember(deps, idToken);
  return {
    token: await openSession(deps, member.id, { device: ctx }),
    deviceCookie: deps.deviceCookies.issue(member.email.toLowerCase()),
  };
}

/** The member a Google ID token signs in: found by Google account, then by address, or created. */
async function googleMember(deps: GoogleSignInDeps, idToken: string) {
  const { db } = deps;
  if (!deps.googleVerifier) {
    throw new HttpError(503, 'GOOGLE_UNAVAILABLE');
  }
  const identity = await deps.googleVerifier(idToken);
  const bySubject = await findMemberByGoogleSubject(db, identity.subject);
  if (bySubject) return bySubject;
  // Google vouches for the address (email_verified), so it may join an existing account.
  const byEmail = await findMemberByEmail(db, identity.email);
  if (byEmail) {
    if (byEmail.googleSubject && byEmail.googleSubject !== identity.subject) {
      throw unauthorized('GOOGLE_ACCOUNT_MISMATCH');
    }
    await setGoogleSubject(db, byEmail.id, identity.subject);
    return byEmail;
  }
  const created = await insertMember(db, {
    email: identity.email,
    name: identity.name,
    googleSubject: identity.subject,
  });
  // Two first sign-ins racing: the loser finds the winner's row.
  const member = created ?? (await findMemberByGoogleSubject(db, identity.subject));
  if (!member) throw unauthorized('GOOGLE_FAILED');
  return member;
}
