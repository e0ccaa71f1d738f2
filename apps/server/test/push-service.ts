import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
} from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/**
 * A local push service for the tests, speaking enough of RFC 8030 (push), RFC 8292 (VAPID) and
 * RFC 8291 (`aes128gcm` message encryption) to stand for FCM, Mozilla's or Apple's: it takes the
 * application server's POST, checks its VAPID JWT, decrypts the body with the subscription's
 * private key and records what arrived. HTTPS on 127.0.0.1 with a certificate of the fixtures,
 * since `web-push` sends over HTTPS only: give senders `agent` (it trusts that certificate).
 */

const fixtures = path.join(import.meta.dirname, 'fixtures');
const certificate = fs.readFileSync(path.join(fixtures, 'push-service.cert.pem'));
const privateKey = fs.readFileSync(path.join(fixtures, 'push-service.key.pem'));

/** What a browser's `PushSubscription.toJSON()` gives, for the subscription's endpoint. */
export type BrowserSubscription = {
  endpoint: string;
  expirationTime: number | null;
  keys: { p256dh: string; auth: string };
};

/** A push message the service accepted (or refused on purpose), decrypted. */
export type ReceivedPush = {
  endpoint: string;
  payload: string;
  ttl: string | undefined;
  urgency: string | undefined;
  topic: string | undefined;
  /** The VAPID JWT's claims and key, as checked. */
  vapid: { audience: string; subject: string; expiresAt: number; publicKey: string };
  /** The status the service answered. */
  status: number;
};

export type PushServiceAnswer = 201 | 404 | 410 | 429 | 500;

export type TestPushService = {
  /** `https://127.0.0.1:<port>`: the audience a VAPID JWT must name. */
  origin: string;
  /** Trusts the service's certificate: give it to `web-push` as its `agent` option. */
  ca: Buffer;
  /** A new subscription, as a browser would make it, and the keys behind it. */
  subscribe(): BrowserSubscription;
  /** Messages received and decrypted, in order. */
  received: ReceivedPush[];
  /** Requests refused for a protocol fault (bad VAPID, bad encryption), with why. */
  refused: { endpoint: string; status: number; reason: string }[];
  /** The statuses to answer to the next requests, in order; then 201 again. */
  answerNext(...statuses: PushServiceAnswer[]): void;
  /** Resolves once `count` messages in all have been received. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  /** Stops listening (connections are refused, as from a service that is down), keeping its subscriptions. */
  pause(): Promise<void>;
  /** Listens again at the same origin. */
  resume(): Promise<void>;
  close(): Promise<void>;
};

const fromBase64url = (text: string) => Buffer.from(text, 'base64url');

/** A raw uncompressed P-256 point (65 bytes, 0x04 x y) as a public KeyObject. */
function p256PublicKey(raw: Buffer) {
  if (raw.length !== 65 || raw[0] !== 0x04) throw new Error('not an uncompressed P-256 point');
  return createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
}

/**
 * RFC 8292: `Authorization: vapid t=<JWT>, k=<public key>`. The JWT is ES256, signed with the
 * key `k`; its audience is this service's origin, its expiry in the future and at most 24 hours
 * ahead, its subject a `mailto:` or `https:` contact. Throws why it is refused.
 */
function checkVapid(header: string | undefined, origin: string, now = Date.now()) {
  const match = /^vapid\s+t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const [, jwt = '', key = ''] = match;
  const [head = '', body = '', signature = ''] = jwt.split('.');
  const header_ = JSON.parse(fromBase64url(head).toString('utf8'));
  if (header_.alg !== 'ES256') throw new Error(`JWT alg ${header_.alg}, not ES256`);
  const valid = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: p256PublicKey(fromBase64url(key)), dsaEncoding: 'ieee-p1363' },
    fromBase64url(signature),
  );
  if (!valid) throw new Error('JWT signature does not verify with k');
  const claims = JSON.parse(fromBase64url(body).toString('utf8'));
  if (claims.aud !== origin) throw new Error(`JWT audience ${claims.aud}, not ${origin}`);
  const seconds = now / 1000;
  if (!(claims.exp > seconds)) throw new Error('JWT expired');
  if (claims.exp > seconds + 24 * 60 * 60) throw new Error('JWT expires more than 24 h ahead');
  if (!/^(mailto:|https:)/.test(claims.sub ?? '')) throw new Error(`JWT subject ${claims.sub}`);
  return { audience: claims.aud, subject: claims.sub, expiresAt: claims.exp, publicKey: key };
}

/**
 * RFC 8291 with RFC 8188's `aes128gcm`: the body is salt (16) | record size (4) | key id length
 * (1) | key id (the sender's ephemeral public key) | records. The keys come from ECDH between
 * the subscription's private key and the sender's key, and the subscription's auth secret.
 */
function decryptPush(
  body: Buffer,
  subscription: { ecdh: ReturnType<typeof createECDH>; auth: Buffer },
): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20] ?? 0;
  const senderKey = body.subarray(21, 21 + idLength);
  const records = body.subarray(21 + idLength);
  const receiverKey = subscription.ecdh.getPublicKey();
  const shared = subscription.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverKey, senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, subscription.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12));
  const plain: Buffer[] = [];
  for (let start = 0, seq = 0; start < records.length; start += recordSize, seq++) {
    const record = records.subarray(start, start + recordSize);
    const iv = Buffer.from(nonce);
    iv.writeUInt32BE((iv.readUInt32BE(8) ^ seq) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', cek, iv);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const padded = Buffer.concat([decipher.update(record.subarray(0, -16)), decipher.final()]);
    // Padding is zeros after a delimiter: 2 ends the last record, 1 any other.
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end--;
    const last = start + recordSize >= records.length;
    if (padded[end] !== (last ? 2 : 1)) throw new Error('bad record delimiter');
    plain.push(padded.subarray(0, end));
  }
  return Buffer.concat(plain);
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const header = (req: IncomingMessage, name: string) => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

export async function startTestPushService(): Promise<TestPushService> {
  const subscriptions = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  const received: ReceivedPush[] = [];
  const refused: TestPushService['refused'] = [];
  const answers: PushServiceAnswer[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];

  const server = createServer({ cert: certificate, key: privateKey }, async (req, res) => {
    const body = await readBody(req);
    const endpoint = `${service.origin}${req.url ?? ''}`;
    const refuse = (status: number, reason: string) => {
      refused.push({ endpoint, status, reason });
      res.writeHead(status).end(reason);
    };
    const subscription = subscriptions.get(req.url ?? '');
    if (req.method !== 'POST' || !subscription) return refuse(404, 'no such subscription');
    let vapid: ReceivedPush['vapid'];
    let payload: Buffer;
    try {
      vapid = checkVapid(header(req, 'authorization'), service.origin);
    } catch (error) {
      return refuse(403, (error as Error).message);
    }
    if (header(req, 'content-encoding') !== 'aes128gcm') {
      return refuse(415, `content-encoding ${header(req, 'content-encoding')}`);
    }
    try {
      payload = decryptPush(body, subscription);
    } catch (error) {
      return refuse(400, `cannot decrypt: ${(error as Error).message}`);
    }
    const status = answers.shift() ?? 201;
    received.push({
      endpoint,
      payload: payload.toString('utf8'),
      ttl: header(req, 'ttl'),
      urgency: header(req, 'urgency'),
      topic: header(req, 'topic'),
      vapid,
      status,
    });
    for (const waiter of waiters.filter((w) => received.length >= w.count)) waiter.resolve();
    res.writeHead(status, status === 201 ? { location: `${endpoint}/${randomUUID()}` } : {}).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const service: TestPushService = {
    origin: `https://127.0.0.1:${port}`,
    ca: certificate,
    received,
    refused,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = `/push/${randomUUID()}`;
      subscriptions.set(id, { ecdh, auth });
      return {
        endpoint: `${service.origin}${id}`,
        expirationTime: null,
        keys: {
          p256dh: ecdh.getPublicKey().toString('base64url'),
          auth: auth.toString('base64url'),
        },
      };
    },
    answerNext: (...statuses) => void answers.push(...statuses),
    waitFor(count, timeoutMs = 10_000) {
      if (received.length >= count) return Promise.resolve(received);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`${received.length} pushes received, not ${count}`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(received);
          },
        });
      });
    },
    pause: () => service.close(),
    resume: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return service;
}
