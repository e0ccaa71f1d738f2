import type { Gift, SubscriptionPlan } from '@mawadda/contract';
import { notFound } from '../../lib/http-error.ts';
import { giftList, planOffers } from './catalogue.ts';
import {
  type CheckoutDeps,
  type CheckoutReturn,
  giftCheckout,
  subscriptionCheckout,
} from './payment-checkout.ts';
import { settleOrder } from './payment-grant.ts';
import { findLatestOrder, findOrderByReference, type OrderRow } from './payments.repository.ts';

export type PaymentsService = ReturnType<typeof createPaymentsService>;

/**
 * Gifts and subscriptions (ADR 015). An order is recorded before the member is sent to pay
 * (`payment-checkout.ts`); it is granted only on the provider's own word, read server-side (a
 * webhook or IPN only says "look again"), with the amount, currency and our order id checked, and
 * granted once whatever the number and order of the confirmations (`payment-grant.ts`). The
 * success page's query parameters prove nothing.
 */
export function createPaymentsService(deps: CheckoutDeps) {
  /** Back from paying: the latest checkout of the gift or plan, settled. */
  async function settleLatest(
    memberId: string,
    what: { giftId: number; receiverId: string } | { plan: SubscriptionPlan },
  ) {
    const order = await findLatestOrder(deps.db, memberId, what);
    if (!order) throw notFound('PAYMENT_NOT_FOUND');
    return settleOrder(deps, order);
  }

  return {
    gifts: (language: 'en' | 'fr'): Gift[] => giftList(language, deps.xofGiftPrices),

    planOffers: () => ({
      plans: planOffers(deps.xofPrices),
      methods: (['card', 'mobile-money'] as const).filter((m) => deps.providers[m]),
    }),

    /** A gift by card, in dollars: the spec's checkout session. */
    async giftCheckout(
      memberId: string,
      request: { giftId: number; receiverId: string },
      back: CheckoutReturn = {},
    ) {
      const opened = await giftCheckout(deps, 'card', memberId, request, back);
      return { id: opened.reference, url: opened.url };
    },

    /** A gift by mobile money, in FCFA: answered as a plan's by mobile money is. */
    async mobileMoneyGiftCheckout(
      memberId: string,
      request: { giftId: number; receiverId: string },
      back: CheckoutReturn = {},
    ) {
      const opened = await giftCheckout(deps, 'mobile-money', memberId, request, back);
      return { redirectUrl: opened.url };
    },

    /** Back from paying for a gift: the latest checkout of it, settled. */
    sendGift: (memberId: string, request: { giftId: number; receiverId: string }) =>
      settleLatest(memberId, request),

    async subscriptionCheckout(
      memberId: string,
      plan: SubscriptionPlan,
      back: CheckoutReturn = {},
    ) {
      const opened = await subscriptionCheckout(deps, 'card', memberId, plan, back);
      return { id: opened.reference, url: opened.url };
    },

    /** Mobile money in FCFA; the member comes back to `callbackUrl`, an address of this site. */
    async mobileMoneyCheckout(
      memberId: string,
      plan: SubscriptionPlan,
      callbackUrl?: string,
      back: CheckoutReturn = {},
    ) {
      const opened = await subscriptionCheckout(
        deps,
        'mobile-money',
        memberId,
        plan,
        back,
        callbackUrl,
      );
      return { redirectUrl: opened.url };
    },

    confirmSubscription: (memberId: string, plan: SubscriptionPlan) =>
      settleLatest(memberId, { plan }),

    /**
     * A provider says something happened to one of its checkouts (a verified webhook or IPN, or
     * the test checkout): settled the same way as a member's return. Unknown references are
     * ignored, so the provider stops retrying.
     */
    async notified(provider: OrderRow['provider'], reference: string) {
      const order = await findOrderByReference(deps.db, provider, reference);
      if (order) await settleOrder(deps, order);
    },
  };
}
