import type { TFunction } from 'i18next';
import { ApiError, NetworkError } from '../../../lib/api-client.ts';
import { knownMessage } from '../../../lib/translate-message.ts';

/**
 * Spec section 8: a wrong e-mail or password reads 'Identifiants incorrects. Veuillez réessayer.'
 * (or its English twin), a rate limit says to wait, any other server message is shown in the
 * member's language, and a failed network says so.
 */
export function loginErrorMessage(t: TFunction, error: unknown): string {
  if (error instanceof NetworkError) return t('auth:errors.offline');
  if (error instanceof ApiError) {
    if (error.status === 401) return t('auth:errors.invalidCredentials');
    const known = error.serverMessage ? knownMessage(t, error.serverMessage) : undefined;
    if (error.status === 429) return known ?? t('auth:errors.tooManyAttempts');
    if (known) return known;
    if (error.serverMessage && error.status < 500) return error.serverMessage;
  }
  return t('auth:errors.invalidCredentials');
}

/** Spec section 8: 'Connexion avec Google échouée. Veuillez réessayer.' unless a reason is known. */
export function googleErrorMessage(t: TFunction, error: unknown): string {
  if (error instanceof NetworkError) return t('auth:errors.offline');
  if (error instanceof ApiError && error.status < 500 && error.serverMessage) {
    return knownMessage(t, error.serverMessage) ?? t('auth:errors.googleFailed');
  }
  return t('auth:errors.googleFailed');
}
