import { createHmac } from 'node:crypto';
import type { IceServers } from '@mawadda/contract';
import type { IceConfig } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';

/**
 * The TURN REST scheme coturn's `use-auth-secret` checks: the username is
 * `<expiry, Unix seconds>:<member id>` and the password the base64 HMAC-SHA1 of that username
 * with the shared secret. The relay needs no database of users, and a credential stops working
 * at its expiry.
 */
export function turnCredential(secret: string, memberId: string, expiresAtSeconds: number) {
  const username = `${expiresAtSeconds}:${memberId}`;
  const credential = createHmac('sha1', secret).update(username).digest('base64');
  return { username, credential };
}

/** What a member's RTCPeerConnection uses: the STUN list, and TURN credentials made for them. */
export function createIceServers(config: IceConfig, clock: Clock) {
  return (memberId: string): IceServers => {
    const stun = config.stunUrls.length > 0 ? [{ urls: config.stunUrls }] : [];
    if (!config.turn) return { iceServers: stun, expiresAt: null };
    const expiresAt = Math.floor((clock.now().getTime() + config.turn.ttlMs) / 1000);
    return {
      iceServers: [
        ...stun,
        { urls: config.turn.urls, ...turnCredential(config.turn.secret, memberId, expiresAt) },
      ],
      expiresAt: new Date(expiresAt * 1000).toISOString(),
    };
  };
}
