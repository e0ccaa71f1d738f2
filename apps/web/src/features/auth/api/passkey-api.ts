import type { CurrentUser } from '@mawadda/contract';
import { callApi } from '@/lib/api-client.ts';
import { startSession } from '@/lib/sign-in.ts';
import {
  createPasskey,
  deviceLabel,
  getPasskey,
  hasPlatformAuthenticator,
  supportsConditionalCreate,
} from '@/lib/webauthn.ts';

/**
 * Signs in with a passkey (ADR 073). `username` (username-first) makes the options name that
 * member's passkeys; `autofill` waits for the member to pick one in the username field.
 */
export async function passkeySignIn({
  username,
  autofill,
  remember,
}: {
  username?: string;
  autofill: boolean;
  remember: boolean;
}): Promise<CurrentUser> {
  const options = await callApi('passkeyLoginOptions', { body: username ? { username } : {} });
  const credential = await getPasskey(options, autofill);
  const { token } = await callApi('passkeyLogin', { body: { credential } });
  return startSession(token, remember);
}

/** Adds a passkey named after this device; `quietly`: conditional create, no dialog. */
export async function addPasskeyHere(name: string, quietly: boolean): Promise<void> {
  const options = await callApi('passkeyRegistrationOptions');
  const credential = await createPasskey(options, quietly);
  await callApi('addPasskey', { body: { credential, name } });
}

const OFFER_DISMISSED_KEY = 'mawadda-passkey-offer-dismissed';

export const passkeyOffer = {
  dismiss: () => localStorage.setItem(OFFER_DISMISSED_KEY, '1'),
  dismissed: () => localStorage.getItem(OFFER_DISMISSED_KEY) === '1',
};

/**
 * After a password sign-in: where the browser creates passkeys quietly (conditional create), it
 * is asked to, in the background (it adds one only if its password manager just filled the
 * password); elsewhere, whether to offer one: a device that can hold one, a member who has none
 * and did not say "not now" on this browser.
 */
export async function afterPasswordSignIn(fallbackName: string): Promise<'offer' | 'none'> {
  if (await supportsConditionalCreate()) {
    addPasskeyHere(deviceLabel() || fallbackName, true).catch(() => undefined);
    return 'none';
  }
  if (passkeyOffer.dismissed() || !(await hasPlatformAuthenticator())) return 'none';
  const { passkeys } = await callApi('passkeys').catch(() => ({ passkeys: [{}] }));
  return passkeys.length === 0 ? 'offer' : 'none';
}
