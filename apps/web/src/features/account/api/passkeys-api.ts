import { callApi } from '@/lib/api-client.ts';
import { createPasskey, getPasskey } from '@/lib/webauthn.ts';

/** GET /api/auth/passkeys: my passkeys and whether my password signs me in. */
export function fetchPasskeys(signal?: AbortSignal) {
  return callApi('passkeys', {}, signal);
}

/** A new passkey made by this browser's authenticator, kept under `name` (ADR 073). */
export async function addPasskey(name: string) {
  const options = await callApi('passkeyRegistrationOptions');
  const credential = await createPasskey(options);
  return callApi('addPasskey', { body: { credential, name } });
}

export function removePasskey(id: string) {
  return callApi('removePasskey', { params: { id } });
}

/** One of my passkeys proved in this session (the step-up, POST /api/auth/passkeys/confirm). */
export async function provePasskey() {
  const options = await callApi('passkeyConfirmOptions');
  const credential = await getPasskey(options);
  await callApi('passkeyConfirm', { body: { credential } });
}

/** Turns my password off: one of my passkeys proved first, then DELETE /api/auth/password. */
export async function turnPasswordOff() {
  await provePasskey();
  return callApi('turnPasswordOff');
}
