import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What the signature is for: a token of this kind unsubscribes from the member's digest and
 * nothing else. Other mails name their own purpose (a guardian's digest), so a token of one is no
 * token of the other.
 */
const PURPOSE = 'email-digest-unsubscribe';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The token of a digest's one-click unsubscribe link: the member id and an HMAC of it and the
 * purpose. Nothing is stored: it works as often as it is used, for as long as the secret is kept,
 * and nobody without the secret can make one for another member.
 */
export function createUnsubscribeTokens(secret: Buffer, purpose = PURPOSE) {
  const sign = (memberId: string) =>
    createHmac('sha256', secret).update(`${purpose}:${memberId}`).digest();
  return {
    tokenFor: (memberId: string) => `${memberId}.${sign(memberId).toString('base64url')}`,
    /** The member the token was made for, or undefined when the server did not sign it. */
    memberOf(token: string): string | undefined {
      const [memberId = '', signature = '', extra] = token.split('.');
      if (extra !== undefined || !UUID.test(memberId)) return undefined;
      const given = Buffer.from(signature, 'base64url');
      const expected = sign(memberId);
      return given.length === expected.length && timingSafeEqual(given, expected)
        ? memberId
        : undefined;
    },
  };
}

export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;
