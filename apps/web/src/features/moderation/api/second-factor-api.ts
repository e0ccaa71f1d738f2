import { secondFactorEndpointRoutes } from '@mawadda/contract/second-factor-endpoint-routes';
import { callApi, endpointCaller } from '@/lib/api-client.ts';
import { getPasskey } from '@/lib/webauthn.ts';

// The second factor's endpoints come with the moderation page's chunk (ADR 074).
const callSecondFactorApi = endpointCaller(secondFactorEndpointRoutes);

/** POST /api/auth/second-factor/totp: a new secret for an authenticator app, shown this once. */
export function setUpTotp() {
  return callSecondFactorApi('setUpTotp', {});
}

/** POST /api/auth/second-factor/totp/confirm: the app's first code; answers the recovery codes. */
export function confirmTotp(code: string) {
  return callSecondFactorApi('confirmTotp', { body: { code } });
}

/** POST /api/auth/second-factor/prove: a code of the app, or a recovery code, for this session. */
export function proveSecondFactor(code: string) {
  return callSecondFactorApi('proveSecondFactor', { body: { code } });
}

/**
 * A passkey's step-up (ADR 073's routes): single-use options naming the member's passkeys, the
 * browser's prompt, then the assertion, which stamps the session as a code does.
 */
export async function provePasskey() {
  const options = await callApi('passkeyConfirmOptions', {});
  // lib/webauthn.ts: the browser library, loaded when the ceremony starts, and its answer in
  // the contract's shape.
  const credential = await getPasskey(options);
  return callApi('passkeyConfirm', { body: { credential } });
}
