import type { TFunction } from 'i18next';
import { ApiError, NetworkError } from '@/lib/api-client.ts';
import { translateError } from '@/lib/translate-error.ts';

/** The login's `t`: its own namespace, and the common one. */
type LoginT = TFunction<readonly ['auth', 'common']>;

/**
 * docs/spec.md §8: a wrong e-mail or password reads 'Identifiants incorrects. Veuillez réessayer.'
 * (or its English twin), a rate limit says how long to wait, any other refusal is shown in the
 * member's language, and a failed network says so.
 */
export function loginErrorMessage(t: LoginT, error: unknown): string {
  if (error instanceof NetworkError) return t('common:errors.network');
  if (error instanceof ApiError) {
    if (error.status === 401) return t('auth:errors.invalidCredentials');
    const known = error.status < 500 ? translateError(t, error.body) : undefined;
    // A suspension or a ban says the moderators' reason too.
    const reason = error.body?.params?.reason;
    if (known && reason) return `${known} ${t('common:notice.reason', { reason })}`;
    if (known) return known;
    if (error.status === 429) return t('auth:errors.tooManyAttempts');
  }
  return t('auth:errors.invalidCredentials');
}

/** docs/spec.md §8: 'Connexion avec Google échouée. Veuillez réessayer.' unless a reason is known. */
export function googleErrorMessage(t: LoginT, error: unknown): string {
  if (error instanceof NetworkError) return t('common:errors.network');
  if (error instanceof ApiError && error.status < 500) {
    return translateError(t, error.body) ?? t('auth:errors.googleFailed');
  }
  return t('auth:errors.googleFailed');
}

/** A passkey sign-in's failure: the server's refusal in the member's language, else a plain one. */
export function passkeyErrorMessage(t: LoginT, error: unknown): string {
  if (error instanceof NetworkError) return t('common:errors.network');
  if (error instanceof ApiError && error.status < 500) {
    return translateError(t, error.body) ?? t('auth:passkey.failed');
  }
  return t('auth:passkey.failed');
}
