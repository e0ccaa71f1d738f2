import type { TFunction } from 'i18next';
import { ApiError, NetworkError } from '../../../lib/api-client.ts';
import { knownMessage } from '../../../lib/translate-message.ts';

/**
 * The server's edit-profile sentences (users.service.ts) the shared `messages` namespace does not
 * hold yet, translated here. Any other message is looked up there, or shown as the server wrote it.
 */
const OWN_MESSAGES: Record<string, string> = {
  'A photo to remove is not one of your photos.': 'serverMessages.notYourPhoto',
  'Please keep at most 6 photos.': 'serverMessages.tooManyPhotos',
};

/** A server or contract message (a field error, a refusal) in the member's language. */
export function profileMessage(t: TFunction<'profile'>, message: string): string {
  const own = OWN_MESSAGES[message];
  if (own) return t(own);
  return knownMessage(t, message) ?? message;
}

/** Why an update failed, in the member's language: shown under "Erreur lors de la mise à jour". */
export function updateFailureReason(t: TFunction<'profile'>, error: unknown): string {
  if (error instanceof NetworkError) return t('errors.network');
  if (error instanceof ApiError) {
    if (error.status === 413) return t('errors.tooLarge');
    if (error.status >= 500) return t('errors.server');
    if (error.serverMessage) return profileMessage(t, error.serverMessage);
  }
  return t('errors.unknown');
}
