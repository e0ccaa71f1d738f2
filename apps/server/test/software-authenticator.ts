import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A WebAuthn authenticator in software for the server's tests (ADR 073): ES256 keys from
 * node:crypto, attestation "none", assertions signed as a platform authenticator signs them.
 * Each passkey keeps its counter; `tamper` hooks let a test break one part of an answer.
 */

const b64 = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_BACKUP_ELIGIBLE = 0x08;
const FLAG_BACKED_UP = 0x10;
const FLAG_ATTESTED = 0x40;

export type SoftPasskey = {
  credentialId: Buffer;
  privateKey: KeyObject;
  publicKeyCose: Uint8Array;
  counter: number;
  userHandle: string;
  rpId: string;
  /** A synced passkey (a password manager's) does not count its uses: it stays at 0. */
  synced: boolean;
};

type Ceremony = {
  origin?: string;
  /** Leave user verification unproved (the UV flag off). */
  unverified?: boolean;
  /** Report this counter instead of the next one. */
  counter?: number;
};

function counterBytes(counter: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
}

function flags(passkey: SoftPasskey, options: Ceremony, extra = 0): number {
  const backup = passkey.synced ? FLAG_BACKUP_ELIGIBLE | FLAG_BACKED_UP : 0;
  const verified = options.unverified ? 0 : FLAG_USER_VERIFIED;
  return FLAG_USER_PRESENT | verified | backup | extra;
}

function clientData(type: string, challenge: string, origin: string): string {
  return b64(Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false })));
}

/** A new key pair for `rpId`, not registered anywhere yet. */
export function newSoftPasskey(rpId: string, options: { synced?: boolean } = {}): SoftPasskey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const cose = new Map<number, number | Uint8Array>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, Buffer.from(jwk.x ?? '', 'base64url')],
    [-3, Buffer.from(jwk.y ?? '', 'base64url')],
  ]);
  return {
    credentialId: randomBytes(16),
    privateKey,
    publicKeyCose: isoCBOR.encode(cose),
    counter: 0,
    userHandle: '',
    rpId,
    synced: options.synced ?? false,
  };
}

/** What `navigator.credentials.create` answers for `options` (JSON), as the browser library sends it. */
export function attest(
  passkey: SoftPasskey,
  options: { challenge: string; user: { id: string } },
  ceremony: Ceremony & { origin: string },
) {
  passkey.userHandle = options.user.id;
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(passkey.credentialId.length);
  const authData = Buffer.concat([
    sha256(passkey.rpId),
    Buffer.from([flags(passkey, ceremony, FLAG_ATTESTED)]),
    counterBytes(passkey.counter),
    Buffer.alloc(16),
    idLength,
    passkey.credentialId,
    Buffer.from(passkey.publicKeyCose),
  ]);
  const attestationObject = isoCBOR.encode(
    new Map<string, string | Uint8Array | Map<string, string>>([
      ['fmt', 'none'],
      ['attStmt', new Map<string, string>()],
      ['authData', authData],
    ]),
  );
  const id = b64(passkey.credentialId);
  return {
    id,
    rawId: id,
    type: 'public-key' as const,
    response: {
      clientDataJSON: clientData('webauthn.create', options.challenge, ceremony.origin),
      attestationObject: b64(attestationObject),
      transports: ['internal'],
    },
    clientExtensionResults: {},
    authenticatorAttachment: 'platform' as const,
  };
}

/** What `navigator.credentials.get` answers for `options` (JSON): an assertion signed by the key. */
export function assert(
  passkey: SoftPasskey,
  options: { challenge: string },
  ceremony: Ceremony & { origin: string },
) {
  if (!passkey.synced) passkey.counter += 1;
  const authData = Buffer.concat([
    sha256(passkey.rpId),
    Buffer.from([flags(passkey, ceremony)]),
    counterBytes(ceremony.counter ?? passkey.counter),
  ]);
  const clientDataJSON = clientData('webauthn.get', options.challenge, ceremony.origin);
  const signed = Buffer.concat([authData, sha256(Buffer.from(clientDataJSON, 'base64url'))]);
  const signature = sign('sha256', signed, passkey.privateKey);
  const id = b64(passkey.credentialId);
  return {
    id,
    rawId: id,
    type: 'public-key' as const,
    response: {
      clientDataJSON,
      authenticatorData: b64(authData),
      signature: b64(signature),
      userHandle: passkey.userHandle,
    },
    clientExtensionResults: {},
    authenticatorAttachment: 'platform' as const,
  };
}
