import type { SubscriptionPlan } from '@mawadda/contract';
import { isReturnPath } from '@mawadda/contract/constants';

/**
 * What the providers send the member back with (docs/spec.md §4), to the page the checkout was
 * started from (`returnTo`), or to /chat, under the /fr or /en of the language they paid in:
 * - `success=true&giftId&receiverId`: a gift was paid for;
 * - `subscribed&plan` (on /chat with the member's own `userId`): a plan was paid for; the plan
 *   also waits in session storage as `pendingPaymentPlan` when mobile money was used;
 * - `cancelled=gift` or `cancelled=subscription`: the member cancelled at the checkout (a gift's
 *   on /chat with the recipient's `userId`).
 * None of them proves a payment: the server asks the provider.
 */
export type PaymentReturn =
  | { kind: 'gift'; giftId: number; receiverId: string }
  | { kind: 'subscription'; plan: SubscriptionPlan }
  | { kind: 'cancelled'; what: 'gift' | 'subscription' };

// Typed against the contract's plans, without loading its schemas into this chunk.
const PLANS: Record<SubscriptionPlan, true> = { WEEKLY: true, MONTHLY: true, ANNUAL: true };
const isPlan = (value: string | null): value is SubscriptionPlan =>
  value !== null && Object.hasOwn(PLANS, value);

/** The return the address describes, or null for an ordinary visit to /chat. */
export function readPaymentReturn(
  search: string,
  pendingPlan: string | null,
): PaymentReturn | null {
  const query = new URLSearchParams(search);
  const giftId = Number(query.get('giftId'));
  const receiverId = query.get('receiverId');
  if (query.get('success') === 'true' && Number.isInteger(giftId) && giftId > 0 && receiverId) {
    return { kind: 'gift', giftId, receiverId };
  }
  if (query.has('subscribed')) {
    const plan = query.get('plan') ?? pendingPlan;
    return isPlan(plan) ? { kind: 'subscription', plan } : null;
  }
  const cancelled = query.get('cancelled');
  if (cancelled === 'gift' || cancelled === 'subscription') {
    return { kind: 'cancelled', what: cancelled };
  }
  return null;
}

/** What the provider adds to the page's address, by kind of return (`token` is PayDunya's). */
const ADDED: Record<PaymentReturn['kind'], readonly string[]> = {
  gift: ['success', 'giftId', 'receiverId'],
  subscription: ['subscribed', 'plan', 'token'],
  cancelled: ['cancelled'],
};
const LANGUAGE_PREFIX = /^\/(?:en|fr)(?=\/|$)/;

/**
 * The page the member came back to, as the app names it (no /fr or /en), without what the
 * provider added: where they were when they started paying. The spec's `userId` of a plan's
 * return is the member's own id, which is no page of theirs.
 */
export function pageOfReturn(
  payment: PaymentReturn,
  address: { pathname: string; search: string },
  me: string | undefined,
): string {
  const query = new URLSearchParams(address.search);
  for (const name of ADDED[payment.kind]) query.delete(name);
  if (me && query.get('userId') === me) query.delete('userId');
  const rest = query.toString();
  return `${address.pathname.replace(LANGUAGE_PREFIX, '') || '/'}${rest ? `?${rest}` : ''}`;
}

/**
 * Where a checkout started here should bring the member back: this page, when it is one the
 * server takes (`isReturnPath`); otherwise the server's /chat.
 */
export function returnPathHere(address: { pathname: string; search: string }): string | undefined {
  const page = `${address.pathname.replace(LANGUAGE_PREFIX, '') || '/'}${address.search}`;
  return isReturnPath(page) ? page : undefined;
}
