import { createPublicKey } from 'node:crypto';
import { isLoopbackHost, type PushSubscriptionRequest } from '@mawadda/contract';
import type { MailLanguage } from '../../lib/bilingual-mail.ts';
import { invalidFields } from '../../lib/http-error.ts';
import { fieldError } from '../../lib/validation.ts';
import { saveSubscription } from './push.repository.ts';
import type { PushContext } from './push-context.ts';
import { changeSettings } from './push-settings.ts';

/** A refused field of a subscription: 400 with the field's code, as a schema's refusal reads. */
const refusedField = (path: string, code: 'PUSH_ENDPOINT_INVALID' | 'PUSH_KEY_INVALID') =>
  invalidFields([fieldError({ path, message: code })]);

/** Whether 65 bytes are a point of P-256 (the contract checked the length and the 0x04). */
function isP256Point(raw: Buffer): boolean {
  try {
    createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: raw.subarray(1, 33).toString('base64url'),
        y: raw.subarray(33, 65).toString('base64url'),
      },
      format: 'jwk',
    });
    return true;
  } catch {
    return false;
  }
}

/** An IP address written as the host: push services are reached by name. */
const IP_HOST = /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\])$/i;

/**
 * What the schema cannot see: an endpoint on this machine or at a bare IP address (the server
 * would post to its own network), and a key that is no point of the curve.
 */
function check(ctx: PushContext, subscription: PushSubscriptionRequest) {
  const host = new URL(subscription.endpoint).hostname;
  const local = isLoopbackHost(host);
  if (local ? !ctx.loopbackEndpoints : IP_HOST.test(host)) {
    throw refusedField('endpoint', 'PUSH_ENDPOINT_INVALID');
  }
  if (!isP256Point(Buffer.from(subscription.keys.p256dh, 'base64url'))) {
    throw refusedField('keys.p256dh', 'PUSH_KEY_INVALID');
  }
}

/**
 * A device's subscription, tied to its session, within the member's cap (ADR 036). `language`:
 * the one the device's request named (French when it named neither): the device's pushes are
 * written in it, and it is kept as the member's for the e-mails.
 */
export async function subscribe(
  ctx: PushContext,
  session: { id: string; memberId: string },
  subscription: PushSubscriptionRequest,
  language: MailLanguage | undefined,
): Promise<void> {
  check(ctx, subscription);
  const expiration = subscription.expirationTime;
  await ctx.db.transaction((tx) =>
    saveSubscription(
      tx,
      {
        memberId: session.memberId,
        sessionId: session.id,
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
        expiresAt: expiration === null || expiration === undefined ? null : new Date(expiration),
        language: language ?? 'fr',
      },
      ctx.clock.now(),
      ctx.subscriptionsPerMember,
    ),
  );
  if (language) await changeSettings(ctx.db, session.memberId, { language }, ctx.clock.now());
}
