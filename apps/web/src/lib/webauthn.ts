import type {
  PasskeyAssertion,
  PasskeyAttestation,
  PasskeyCreationOptions,
  PasskeyRequestOptions,
} from '@mawadda/contract';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';

/**
 * The browser side of passkeys (ADR 073), @simplewebauthn/browser loaded only when a ceremony
 * starts: the login page (the first route) does not carry it until it is used.
 */
const library = () => import('@simplewebauthn/browser');

/** Whether this browser can use passkeys at all (WebAuthn in a secure context). */
export function supportsPasskeys(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** Whether the browser offers passkeys in the username field's autofill (conditional UI). */
export async function supportsPasskeyAutofill(): Promise<boolean> {
  if (!supportsPasskeys()) return false;
  return (await library()).browserSupportsWebAuthnAutofill();
}

/**
 * Whether the browser can create a passkey quietly after a password sign-in (conditional
 * create), as recent Chrome and Safari say through `getClientCapabilities`.
 */
export async function supportsConditionalCreate(): Promise<boolean> {
  const capabilities = (
    window.PublicKeyCredential as { getClientCapabilities?: () => Promise<Record<string, boolean>> }
  )?.getClientCapabilities;
  if (!capabilities) return false;
  try {
    return (await capabilities.call(window.PublicKeyCredential)).conditionalCreate === true;
  } catch {
    return false;
  }
}

/** Whether the device itself can hold a passkey behind its screen lock (a phone, a laptop). */
export async function hasPlatformAuthenticator(): Promise<boolean> {
  if (!supportsPasskeys()) return false;
  try {
    return await PublicKeyCredential.isUserVerifyingPlatformAuthenticatorAvailable();
  } catch {
    return false;
  }
}

/** The assertion of one of the member's passkeys; `autofill` waits for the username field's pick. */
// The browser's extension outputs are an interface the contract's schema (which drops them) does
// not name: the answers are cast to the contract's shape here, once.
export async function getPasskey(
  options: PasskeyRequestOptions,
  autofill = false,
): Promise<PasskeyAssertion> {
  const { startAuthentication } = await library();
  return startAuthentication({
    optionsJSON: options as PublicKeyCredentialRequestOptionsJSON,
    ...(autofill ? { useBrowserAutofill: true } : {}),
  }) as Promise<PasskeyAssertion>;
}

/** A new passkey; `quietly`: conditional create, no dialog (the browser decides). */
export async function createPasskey(
  options: PasskeyCreationOptions,
  quietly = false,
): Promise<PasskeyAttestation> {
  const { startRegistration } = await library();
  return startRegistration({
    optionsJSON: options as PublicKeyCredentialCreationOptionsJSON,
    useAutoRegister: quietly,
  }) as Promise<PasskeyAttestation>;
}

/** Ends a ceremony waiting in the browser (the autofill's, when the page goes). */
export async function cancelPasskeyCeremony(): Promise<void> {
  (await library()).WebAuthnAbortService.cancelCeremony();
}

/**
 * Whether a ceremony failed because the member closed the browser's dialog, took too long or
 * another ceremony replaced it: nothing to report as an error.
 */
export function isPasskeyCancel(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  const code = (error as { code?: unknown } | null)?.code;
  return name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED';
}

/**
 * A passkey's default name: the device it is made on, as the browser tells it ("Android",
 * "iPhone", "Mac"), which the member can change.
 */
export function deviceLabel(userAgent = navigator.userAgent): string {
  const devices: Array<[RegExp, string]> = [
    [/Android/, 'Android'],
    [/iPhone/, 'iPhone'],
    [/iPad/, 'iPad'],
    [/Mac OS X|Macintosh/, 'Mac'],
    [/Windows/, 'Windows'],
    [/CrOS/, 'Chromebook'],
    [/Linux/, 'Linux'],
  ];
  return devices.find(([pattern]) => pattern.test(userAgent))?.[1] ?? '';
}
