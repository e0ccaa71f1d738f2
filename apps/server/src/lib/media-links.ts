import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';
import type { Clock } from './clock.ts';

export const PRIVATE_MEDIA_PREFIX = '/chat-media/';

/**
 * Short-lived links to private media (chat photos and voice notes under `/chat-media/`, profile
 * photos under `/media/`). `<img>` and `<audio>` cannot send a bearer token, so the link itself
 * carries the proof: an HMAC over the prefix, the member it was made for and the expiry, with a
 * secret every node shares. The proof says who asks, not which file: the route of each prefix
 * decides on every request whether that member may open that file (ADR 019, 026), so one proof
 * serves all the links of an answer, and a page of a hundred photos is signed once (ADR 032).
 * A link stops working at its expiry.
 */
export function createMediaLinks(deps: {
  secret: Buffer;
  ttlMs: number;
  clock: Clock;
  prefix: string;
  /**
   * Expiries are rounded up to this step: links made within one step are the same URL, so the
   * browser's cache serves a file shown twice. A link then works between `ttlMs` and
   * `ttlMs + stepMs`.
   */
  stepMs: number;
}) {
  // Imported once: HMAC with a raw Buffer imports the key on every call, seven times the cost.
  const secret = createSecretKey(deps.secret);
  // Truncated to 128 bits (RFC 2104 allows down to half the hash): shorter answers, no weaker
  // than a guess of 2^128.
  const sign = (memberId: string, expires: number) =>
    createHmac('sha256', secret)
      .update(`${deps.prefix}\n${memberId}\n${expires}`)
      .digest()
      .subarray(0, 16)
      .toString('base64url');
  // The answer being built signs for one member and one expiry: the last proof is kept.
  let last = { memberId: '', expires: 0, proof: '' };
  const proofFor = (memberId: string, expires: number) => {
    if (last.memberId !== memberId || last.expires !== expires) {
      last = { memberId, expires, proof: sign(memberId, expires) };
    }
    return last.proof;
  };

  return {
    ttlMs: deps.ttlMs,
    urlFor(memberId: string, key: string): string {
      const step = deps.stepMs;
      const expires = (Math.ceil((deps.clock.now().getTime() + deps.ttlMs) / step) * step) / 1000;
      // A member id, digits and base64url need no escaping: the query is written as it is, which
      // a page of a hundred photo links notices.
      return `${deps.prefix}${key}?m=${memberId}&e=${expires}&s=${proofFor(memberId, expires)}`;
    },
    /** Whether the link's proof holds; the member it names is then the one asking. */
    check(query: { m?: string; e?: string; s?: string }): 'ok' | 'invalid' | 'expired' {
      const { m, e, s } = query;
      if (!m || !e || !s || !/^\d{1,12}$/.test(e)) return 'invalid';
      const expected = Buffer.from(sign(m, Number(e)));
      const given = Buffer.from(s);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
      return Number(e) * 1000 < deps.clock.now().getTime() ? 'expired' : 'ok';
    },
  };
}

export type MediaLinks = ReturnType<typeof createMediaLinks>;
