import type { SubscriptionPlan } from '@mawadda/contract';

/**
 * What the providers send the member back with (spec section 4), to /chat under the /fr or /en
 * of the language they paid in:
 * - `success=true&giftId&receiverId`: a gift was paid for;
 * - `subscribed&plan` (and the member's own `userId`): a plan was paid for; mobile money comes
 *   back to the address we gave it, the plan kept beside it as `pendingPaymentPlan`;
 * - `cancelled=gift&userId` or `cancelled=subscription`: the member cancelled at the checkout.
 * None of them proves a payment: the server asks the provider.
 */
export type PaymentReturn =
  | { kind: 'gift'; giftId: number; receiverId: string }
  | { kind: 'subscription'; plan: SubscriptionPlan }
  | { kind: 'cancelled'; what: 'gift' | 'subscription'; userId: string | null };

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
    return { kind: 'cancelled', what: cancelled, userId: query.get('userId') };
  }
  return null;
}
