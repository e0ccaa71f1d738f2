import type { ChangePasswordRequest } from '@mawadda/contract';
import type { MailLanguage } from '../../lib/bilingual-mail.ts';
import { createMailCap } from '../../lib/mail-cap.ts';
import {
  authenticateToken,
  confirmSecondFactor,
  endedSessionRefusal,
  endMemberSessions,
  hasFreshSecondFactor,
  hasSecondFactor,
  logout,
} from './auth-sessions.ts';
import { type GoogleSignInDeps, googleSignIn } from './google-sign-in.ts';
import { createPasskeyService, type PasskeyDeps } from './passkeys.service.ts';
import { changePassword } from './password-change.ts';
import {
  checkResetLink,
  forgotPassword,
  type PasswordResetDeps,
  resetPassword,
} from './password-reset.ts';
import {
  type PasswordSignInDeps,
  passwordSignIn,
  type RequestContext,
  type SignInContext,
} from './password-sign-in.ts';
import {
  endOtherDevices,
  endSignedInDevice,
  listSignedInDevices,
  type OwnSession,
} from './signed-in-devices.ts';
import {
  confirmTotp,
  type ProvingSession,
  proveSecondFactor,
  removeTotp,
  secondFactorRefusal,
  setUpTotp,
  type TotpDeps,
} from './totp.service.ts';

export type AuthService = ReturnType<typeof createAuthService>;

/**
 * Signing in and out (ADR 003): with a password (`password-sign-in.ts`) or Google
 * (`google-sign-in.ts`), the sessions they open, read and end (`auth-sessions.ts`), and the
 * recovery of an account by mail (`password-reset.ts`); passkeys (`passkeys.service.ts`).
 */
export function createAuthService(
  deps: PasswordSignInDeps & GoogleSignInDeps & PasswordResetDeps & TotpDeps & PasskeyDeps,
) {
  const mailCap = createMailCap(deps.limiter);
  return {
    /** Passkeys: sign-in, the member's list, the step-up and the password off (ADR 073). */
    passkeys: createPasskeyService(deps),

    login: (username: string, password: string, ctx: SignInContext) =>
      passwordSignIn(deps, username, password, ctx),

    endMemberSessions: (memberId: string) => endMemberSessions(deps, memberId),

    loginWithGoogle: (idToken: string, ctx: SignInContext) => googleSignIn(deps, idToken, ctx),

    authenticate: (token: string, language?: MailLanguage, connection?: object) =>
      authenticateToken(deps, token, language, connection),

    endedSessionRefusal: (token: string) => endedSessionRefusal(deps, token),

    /** Sessions another node ended (over the backplane): their cached entries go too. */
    forgetSessions: (ended: { sessionId?: string | undefined; memberId?: string | undefined }) =>
      deps.sessionCache.forget(ended),

    logout: (sessionId: string) => logout(deps, sessionId),

    confirmSecondFactor: (sessionId: string) => confirmSecondFactor(deps, sessionId),

    hasSecondFactor: (sessionId: string) => hasSecondFactor(deps, sessionId),

    /** A second factor proved lately in the session: what confirms an account's deletion. */
    hasFreshSecondFactor: (sessionId: string, withinMs: number) =>
      hasFreshSecondFactor(deps, sessionId, withinMs),

    // The moderators' second factor (ADR 074): an authenticator app and its recovery codes.
    secondFactorRefusal: (asker: { memberId: string; sessionId?: string }) =>
      secondFactorRefusal(deps, asker),
    setUpTotp: (session: ProvingSession) => setUpTotp(deps, session),
    confirmTotp: (session: ProvingSession, code: string, ctx: SignInContext) =>
      confirmTotp(deps, session, code, ctx),
    proveSecondFactor: (session: ProvingSession, code: string, ctx: SignInContext) =>
      proveSecondFactor(deps, session, code, ctx),
    removeTotp: (session: ProvingSession) => removeTotp(deps, session),

    forgotPassword: (email: string, language: 'en' | 'fr', ctx: RequestContext) =>
      forgotPassword(deps, mailCap, email, language, ctx),

    checkResetLink: (token: string, ctx: RequestContext) => checkResetLink(deps, token, ctx),

    resetPassword: (token: string, password: string, ctx: RequestContext) =>
      resetPassword(deps, token, password, ctx),

    // A member's signed-in devices and their password (ADR 075).
    signedInDevices: (own: OwnSession) => listSignedInDevices(deps, own),
    endSignedInDevice: (own: OwnSession, sessionId: string) =>
      endSignedInDevice(deps, own, sessionId),
    endOtherDevices: (own: OwnSession) => endOtherDevices(deps, own),
    changePassword: (own: OwnSession, request: ChangePasswordRequest) =>
      changePassword(deps, own, request),
  };
}
