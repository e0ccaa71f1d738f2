import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Seals small secrets kept in the database (ADR 074): AES-256-GCM under a key derived from a
 * server secret for one purpose, bound to its owner (`context`, the additional data), so a sealed
 * value copied to another row, or altered, does not open.
 */
export type SecretSealer = {
  seal(plain: Buffer, context: string): string;
  /** Undefined when the value was altered, belongs to another context or another key sealed it. */
  open(sealed: string, context: string): Buffer | undefined;
};

const VERSION = 'v1';

export function createSecretSealer(secret: Buffer, purpose: string): SecretSealer {
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), purpose, 32));
  return {
    seal(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context));
      const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), sealed]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed, context) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(context));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
      } catch {
        return undefined;
      }
    },
  };
}
