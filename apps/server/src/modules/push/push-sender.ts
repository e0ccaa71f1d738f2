import { createHash } from 'node:crypto';
import dns from 'node:dns';
import { Agent, request } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { createSecureContext, rootCertificates } from 'node:tls';
import webpush from 'web-push';
import type { VapidDetails } from './vapid-keys.ts';

/** One encrypted push to one device, as the queue holds it. */
export type OutgoingPush = {
  endpoint: string;
  p256dh: string;
  auth: string;
  payload: string;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  ttlSeconds: number;
  tag: string;
};

/** What the push service made of it. */
export type Delivery =
  | { outcome: 'sent' }
  /** 404 or 410, or an endpoint we must never post to: the subscription is gone. */
  | { outcome: 'gone' }
  /** 429, 5xx, a network failure or a timeout: again later (`afterMs` when the service said). */
  | { outcome: 'retry'; afterMs?: number; reason: string }
  /** Any other answer (400, 403, 413): sending it again would not help. */
  | { outcome: 'refused'; reason: string };

/** Addresses a push service is never at: this machine, private networks, link-local. */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  // IPv4-compatible addresses (the loopback and the unspecified address among them), NAT64's
  // well-known and local-use prefixes and 6to4: each carries an IPv4 address a router may reach
  // on its own network.
  ['::', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv6');
}
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** An IPv4 address mapped into IPv6 (`::ffff:10.0.0.1`) is checked as the IPv4 one. */
function refusedAddress(address: string, allowLoopback: boolean): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const ip = mapped ?? address;
  const family = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
  if (allowLoopback && LOOPBACK.check(ip, family)) return false;
  return PRIVATE.check(ip, family);
}

/**
 * A lookup that refuses a host name resolving into a private network (ADR 036's consequence):
 * a member's subscription names the host, the address it resolves to is checked here, where the
 * connection is made, so a DNS answer that changes after the subscription was checked cannot
 * point the server at its own network.
 */
function guardedLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const refused = addresses.find((a) => refusedAddress(a.address, allowLoopback));
      if (refused) {
        const denied = Object.assign(new Error(`${hostname} is at a private address`), {
          code: 'PUSH_PRIVATE_ADDRESS',
        });
        return callback(denied, '', 0);
      }
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      return callback(null, first?.address ?? '', first?.family ?? 4);
    });
  };
}

/** How long a VAPID JWT is signed for, and how long before its expiry a new one is signed. */
export const VAPID_VALIDITY_S = 12 * 3600;
export const VAPID_RENEW_S = 3600;
/** Push services whose JWT is kept at most. */
const MAX_AUDIENCES = 1000;

/** RFC 8030 §5.4: a topic is at most 32 base64url characters; a tag's hash is. */
const topicOf = (tag: string) => createHash('sha256').update(tag).digest('base64url').slice(0, 32);

/** `Retry-After` in seconds or as an HTTP date, in ms from now; undefined when absent or bad. */
function retryAfterMs(value: string | undefined, now: number): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * Sends pushes to browsers' push services (RFC 8030) with `web-push` encrypting (RFC 8291
 * `aes128gcm`) and signing (RFC 8292 VAPID) and our own HTTPS request: a keep-alive agent whose
 * lookup refuses private addresses, a timeout, and the answer read as an outcome.
 */
export function createPushSender(deps: {
  vapid: VapidDetails;
  /** A local push service (tests, journeys): loopback addresses allowed. */
  allowLoopback: boolean;
  /** Certificates trusted beside the usual ones (a local push service's). */
  ca?: Buffer | undefined;
  timeoutMs: number;
  /**
   * The time the VAPID JWT's expiry is counted from (ms): the real one, which the push service
   * checks it against; a test's own.
   */
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  const agent = new Agent({
    keepAlive: true,
    maxSockets: 64,
    lookup: guardedLookup(deps.allowLoopback),
    // A secure context built once rather than `ca`: the agent names its pools of connections
    // after their options, `ca` included, so 150 root certificates were joined into a string of
    // 200 kB for every request, and a context built for every new connection.
    ...(deps.ca
      ? {
          secureContext: createSecureContext({
            ca: [...rootCertificates, deps.ca.toString('utf8')],
          }),
        }
      : {}),
  });
  /**
   * One VAPID JWT per push service (its origin is the audience), signed for `VAPID_VALIDITY_S`
   * and reused until `VAPID_RENEW_S` before it expires (RFC 8292 allows 24 h): an ES256
   * signature per push service and half-day instead of one per push.
   */
  const authorizations = new Map<string, { header: string; expiresAt: number }>();
  function authorizationFor(audience: string): string {
    const seconds = Math.floor(now() / 1000);
    const cached = authorizations.get(audience);
    if (cached && cached.expiresAt - seconds > VAPID_RENEW_S) return cached.header;
    const expiresAt = seconds + VAPID_VALIDITY_S;
    const headers = webpush.getVapidHeaders(
      audience,
      deps.vapid.subject,
      deps.vapid.publicKey,
      deps.vapid.privateKey,
      'aes128gcm',
      expiresAt,
    );
    // Members name the push services (a few in practice): bounded all the same.
    if (authorizations.size >= MAX_AUDIENCES) authorizations.clear();
    authorizations.set(audience, { header: headers.Authorization, expiresAt });
    return headers.Authorization;
  }

  async function send(push: OutgoingPush): Promise<Delivery> {
    const url = new URL(push.endpoint);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    // A bare address skips the lookup: checked here instead.
    if (url.protocol !== 'https:' || (isIP(host) && refusedAddress(host, deps.allowLoopback))) {
      return { outcome: 'gone' };
    }
    const details = webpush.generateRequestDetails(
      { endpoint: push.endpoint, keys: { p256dh: push.p256dh, auth: push.auth } },
      push.payload,
      {
        // `aes128gcm`: the whole of VAPID is this header (`vapid t=<JWT>, k=<public key>`).
        headers: { Authorization: authorizationFor(url.origin) },
        TTL: push.ttlSeconds,
        urgency: push.urgency,
        topic: topicOf(push.tag),
        contentEncoding: 'aes128gcm',
      },
    );
    return new Promise<Delivery>((resolve) => {
      const req = request(
        url,
        {
          method: 'POST',
          headers: details.headers as Record<string, string | number>,
          agent,
          timeout: deps.timeoutMs,
        },
        (res) => {
          res.resume();
          const status = res.statusCode ?? 0;
          if (status >= 200 && status < 300) return resolve({ outcome: 'sent' });
          if (status === 404 || status === 410) return resolve({ outcome: 'gone' });
          if (status === 429 || status >= 500) {
            const after = retryAfterMs(res.headers['retry-after'], Date.now());
            return resolve({
              outcome: 'retry',
              reason: `HTTP ${status}`,
              ...(after === undefined ? {} : { afterMs: after }),
            });
          }
          resolve({ outcome: 'refused', reason: `HTTP ${status}` });
        },
      );
      req.on('timeout', () => req.destroy(new Error('push service timed out')));
      req.on('error', (error: NodeJS.ErrnoException) =>
        resolve(
          error.code === 'PUSH_PRIVATE_ADDRESS'
            ? { outcome: 'gone' }
            : { outcome: 'retry', reason: error.message },
        ),
      );
      req.end(details.body);
    });
  }

  return { send, close: () => agent.destroy() };
}

export type PushSender = ReturnType<typeof createPushSender>;
