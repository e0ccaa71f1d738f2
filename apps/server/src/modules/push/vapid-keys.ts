import path from 'node:path';
import webpush from 'web-push';
import { keptText } from '../../lib/kept-secret.ts';

/** What signs Web Push requests (RFC 8292): the key pair, base64url, and the contact. */
export type VapidDetails = { publicKey: string; privateKey: string; subject: string };

/**
 * The configured VAPID key pair, or on the embedded default one made once and kept in
 * `DATA_DIR/secrets/vapid.json`: a browser's subscription names the public key it was made for,
 * so a key that changed at each start would silence every device.
 */
export async function resolveVapidDetails(config: {
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  vapidSubject: string;
  dataDir: string;
}): Promise<VapidDetails> {
  if (config.vapidKeys) return { ...config.vapidKeys, subject: config.vapidSubject };
  const file = path.join(config.dataDir, 'secrets', 'vapid.json');
  const text = await keptText(
    file,
    () => JSON.stringify(webpush.generateVAPIDKeys()),
    (kept) => {
      const keys = parseKeys(kept);
      if (!keys) throw new Error(`${file} does not hold a VAPID key pair: remove it to make one`);
    },
  );
  const keys = parseKeys(text);
  if (!keys) throw new Error(`${file} does not hold a VAPID key pair`);
  return { ...keys, subject: config.vapidSubject };
}

function parseKeys(text: string): { publicKey: string; privateKey: string } | undefined {
  try {
    const { publicKey, privateKey } = JSON.parse(text);
    const base64url = /^[A-Za-z0-9_-]+$/;
    return typeof publicKey === 'string' &&
      typeof privateKey === 'string' &&
      base64url.test(publicKey) &&
      base64url.test(privateKey)
      ? { publicKey, privateKey }
      : undefined;
  } catch {
    return undefined;
  }
}
