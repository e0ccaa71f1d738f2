import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../lib/clock.ts';

export const PRIVATE_MEDIA_PREFIX = '/chat-media/';

/**
 * Short-lived links to private media (chat photos and voice notes). `<img>` and `<audio>` cannot
 * send a bearer token, so the link itself carries the proof: an HMAC over the member it was made
 * for, the key and the expiry, with a secret every node shares. Links are made only for the two
 * members of a conversation; one stops working at its expiry.
 */
export function createMediaLinks(deps: { secret: Buffer; ttlMs: number; clock: Clock }) {
  const signature = (memberId: string, key: string, expires: number) =>
    createHmac('sha256', deps.secret).update(`${memberId}\n${key}\n${expires}`).digest('base64url');

  return {
    ttlMs: deps.ttlMs,
    urlFor(memberId: string, key: string): string {
      // Rounded up to the minute: links made within one minute are the same URL, so the browser's
      // cache serves a photo shown twice.
      const expires = Math.ceil((deps.clock.now().getTime() + deps.ttlMs) / 60_000) * 60;
      const query = new URLSearchParams({
        m: memberId,
        e: String(expires),
        s: signature(memberId, key, expires),
      });
      return `${PRIVATE_MEDIA_PREFIX}${key}?${query}`;
    },
    check(
      key: string,
      query: { m?: string; e?: string; s?: string },
    ): 'ok' | 'invalid' | 'expired' {
      const { m, e, s } = query;
      if (!m || !e || !s || !/^\d{1,12}$/.test(e)) return 'invalid';
      const expected = Buffer.from(signature(m, key, Number(e)));
      const given = Buffer.from(s);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
      return Number(e) * 1000 < deps.clock.now().getTime() ? 'expired' : 'ok';
    },
  };
}

export type MediaLinks = ReturnType<typeof createMediaLinks>;
