import { PRIVACY_VERSION } from '@mawadda/contract/constants';
import { callApi } from '@/lib/api-client.ts';
import { session } from '@/lib/session.ts';

/**
 * Gives the consent to the processing of data revealing religion, for the privacy text this
 * build shows; the answer (the member's profile) lifts the member area's question at once.
 */
export async function giveConsent() {
  const user = await callApi('giveConsent', { body: { version: PRIVACY_VERSION } });
  session.setUser(user);
  return user;
}
