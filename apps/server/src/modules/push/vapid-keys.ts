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
      parseKeys(kept, `${file} does not hold a VAPID key pair: remove it to make one`);
    },
  );
  return {
    ...parseKeys(text, `${file} does not hold a VAPID key pair`),
    subject: config.vapidSubject,
  };
}

/** The key pair `text` holds as JSON, both base64url; throws `refusal` otherwise. */
function parseKeys(text: string, refusal: string): { publicKey: string; privateKey: string } {
  let keys: { publicKey?: unknown; privateKey?: unknown } | undefined;
  try {
    keys = JSON.parse(text);
  } catch {
    keys = undefined;
  }
  const base64url = /^[A-Za-z0-9_-]+$/;
  const { publicKey, privateKey } = keys ?? {};
  if (
    typeof publicKey !== 'string' ||
    typeof privateKey !== 'string' ||
    !base64url.test(publicKey) ||
    !base64url.test(privateKey)
  ) {
    throw new Error(refusal);
  }
  return { publicKey, privateKey };
}
