import {
  type Gift,
  type GiftNumber,
  type PaymentMethod,
  type PaymentOutcome,
  SUBSCRIPTION_PRICES,
  type SubscriptionPlan,
} from '@mawadda/contract';
import type { FastifyBaseLogger } from 'fastify';
import { findMemberById, findVisibleMember } from '../../core/members.repository.ts';
import type { WhoMayWrite } from '../../core/who-may-write.ts';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, HttpError, notFound } from '../../lib/http-error.ts';
import type { GiftMessage } from '../chat/index.ts';
import { checkoutDescription, findGift, giftList, planOffers } from './catalogue.ts';
import {
  type Checkout,
  type CheckoutRequest,
  type PaymentProvider,
  PaymentProviderError,
} from './payment-provider.ts';
import {
  closeOrder,
  findLatestOrder,
  findOpenOrders,
  findOrderByReference,
  grantOrder,
  insertOrderWithinCap,
  type NewOrder,
  type OrderRow,
  setProviderRef,
} from './payments.repository.ts';

export type PaymentsService = ReturnType<typeof createPaymentsService>;

/** Where a checkout brings the member back: a page of the app (`/chat` by default), in a language. */
export type CheckoutReturn = { lang?: 'en' | 'fr' | undefined; returnTo?: string | undefined };

/**
 * Gifts and subscriptions (ADR 015). An order is recorded before the member is sent to pay; it is
 * granted only on the provider's own word, read server-side (a webhook or IPN only says "look
 * again"), with the amount, currency and our order id checked, and granted once whatever the
 * number and order of the confirmations. The success page's query parameters prove nothing.
 */
export function createPaymentsService(deps: {
  db: Database;
  clock: Clock;
  publicUrl: string;
  /** The provider of each method, when one is available here (see `paymentProviders`). */
  providers: Partial<Record<PaymentMethod, PaymentProvider>>;
  xofPrices: Record<SubscriptionPlan, number>;
  xofGiftPrices: Record<GiftNumber, number>;
  /** A gift message just granted: to the receiver and the giver's other tabs. */
  announce(row: GiftMessage): Promise<void>;
  /** Whether a gift may go from one member to another: at the checkout, and again when granted. */
  whoMayWrite: Pick<WhoMayWrite, 'assertMayGift' | 'mayGiftCondition'>;
  /** Checkouts one member may have open at once, and for how long one stays open. */
  openCheckoutsPerMember: number;
  checkoutMs: number;
  log: FastifyBaseLogger;
}) {
  const { db, clock } = deps;

  /** What the member is told of an order: a paid gift that could not be delivered says so. */
  const outcomeOf = (order: OrderRow): PaymentOutcome => ({
    status: order.status === 'paid' && order.undelivered ? 'undelivered' : order.status,
  });

  function providerFor(method: PaymentMethod): PaymentProvider {
    const provider = deps.providers[method];
    if (!provider) throw new HttpError(503, 'PAYMENT_UNAVAILABLE');
    return provider;
  }

  /** The provider that holds an order, by name: whatever method it was paid by. */
  function providerOf(order: OrderRow): PaymentProvider {
    const provider = Object.values(deps.providers).find((p) => p?.name === order.provider);
    if (!provider) throw new HttpError(503, 'PAYMENT_UNAVAILABLE');
    return provider;
  }

  /**
   * Records the order within the member's open checkouts (429 past them), then opens the
   * provider's checkout for it, to expire when the order stops counting as open. At the cap, the
   * open ones are first asked of their providers: one cancelled or paid there frees its place.
   */
  async function checkout(
    provider: PaymentProvider,
    order: Omit<NewOrder, 'id' | 'provider'>,
    request: Omit<CheckoutRequest, 'orderId' | 'amount' | 'currency' | 'customer' | 'expiresAt'>,
  ): Promise<Checkout> {
    const member = await findMemberById(db, order.memberId);
    if (!member) throw notFound('MEMBER_NOT_FOUND');
    const id = crypto.randomUUID();
    const now = clock.now();
    const openSince = new Date(now.getTime() - deps.checkoutMs);
    const record = () =>
      insertOrderWithinCap(
        db,
        { ...order, id, provider: provider.name, createdAt: now },
        { max: deps.openCheckoutsPerMember, openSince },
      );
    if (!(await record())) {
      for (const open of await findOpenOrders(db, order.memberId, openSince)) {
        // A provider that cannot answer now leaves its checkout counted as open.
        await settle(open).catch((error: unknown) => {
          if (!(error instanceof HttpError)) throw error;
        });
      }
      if (!(await record())) throw new HttpError(429, 'CHECKOUTS_OPEN_TOO_MANY');
    }
    let opened: Checkout;
    try {
      opened = await provider.createCheckout({
        ...request,
        orderId: id,
        expiresAt: new Date(now.getTime() + deps.checkoutMs),
        amount: order.amount,
        currency: order.currency,
        customer: { email: member.email, name: member.name },
      });
    } catch (error) {
      await closeOrder(db, id, 'failed');
      if (error instanceof PaymentProviderError) {
        deps.log.warn({ err: error, provider: provider.name }, 'A checkout could not be opened');
        throw new HttpError(502, 'PAYMENT_PROVIDER_ERROR');
      }
      throw error;
    }
    await setProviderRef(db, id, opened.reference);
    return opened;
  }

  /**
   * Asks the order's provider what became of it, and grants it if it was paid as ordered: the
   * amount, the currency and our order id must be the ones recorded. A gift is delivered only if
   * the giver may still send it to its receiver at this moment (a block or an unmatch since the
   * checkout stops it): otherwise it is paid and undelivered, owed back (ADR 026).
   */
  async function settle(order: OrderRow): Promise<PaymentOutcome> {
    if (order.status !== 'pending' || !order.providerRef) return outcomeOf(order);
    let state: Awaited<ReturnType<PaymentProvider['lookup']>>;
    try {
      state = await providerOf(order).lookup(order.providerRef);
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      deps.log.warn({ err: error, order: order.id }, 'A payment could not be looked up');
      throw new HttpError(502, 'PAYMENT_PROVIDER_ERROR');
    }
    if (state.status === 'pending') return { status: 'pending' };
    if (state.status !== 'paid') {
      await closeOrder(db, order.id, state.status);
      return { status: state.status };
    }
    if (
      state.orderId !== order.id ||
      state.amount !== order.amount ||
      state.currency !== order.currency
    ) {
      // Paid, but not what we ordered: nothing is granted; the people who run the service look.
      deps.log.error(
        { order: order.id, provider: order.provider, state },
        'A payment does not match its order: not granted',
      );
      await closeOrder(db, order.id, 'failed');
      return { status: 'failed' };
    }
    const granted = await grantOrder(db, order.id, clock.now(), deps.whoMayWrite.mayGiftCondition);
    if (granted.gift) await deps.announce(granted.gift);
    else if (granted.granted && granted.order.undelivered) {
      deps.log.warn(
        { order: order.id, provider: order.provider, amount: order.amount },
        'A paid gift could not be delivered: owed back to the giver',
      );
    }
    return outcomeOf(granted.order);
  }

  /**
   * Back to the page the member started from (`returnTo`, a path the contract holds to this
   * app's pages), or to /chat, in the language the member paid in: the web app reads its language
   * from the /fr or /en prefix first, and without one from the browser, which may speak the
   * other. The provider's parameters are added to the page's own.
   */
  const returnUrl = (back: CheckoutReturn, query: Record<string, string>) => {
    const [path = '/chat', search = ''] = (back.returnTo ?? '/chat').split('?', 2);
    const params = new URLSearchParams(search);
    for (const [name, value] of Object.entries(query)) params.set(name, value);
    return `${deps.publicUrl}${back.lang ? `/${back.lang}` : ''}${path}?${params.toString()}`;
  };

  /** A paid plan: the spec's `subscribed`, `plan` and `userId` (the payer's), on /chat. */
  const subscribedUrl = (memberId: string, plan: SubscriptionPlan, back: CheckoutReturn) =>
    returnUrl(
      back,
      // A page of the member's own keeps its query: its `userId` is the member they were with.
      back.returnTo ? { subscribed: 'true', plan } : { subscribed: 'true', plan, userId: memberId },
    );

  /**
   * A gift to a member the giver may be shown and send it to (the rule of who may write to
   * whom, a gift opening a conversation as a paid message), by either method; the price is the
   * server's: the catalogue's in cents by card, config's in FCFA by mobile money. Both come back
   * the same way and are granted by the same `settle` (ADR 015, 026).
   */
  async function giftCheckout(
    method: PaymentMethod,
    memberId: string,
    request: { giftId: number; receiverId: string },
    back: CheckoutReturn,
  ): Promise<Checkout> {
    const gift = findGift(request.giftId);
    if (!gift) throw badRequest('GIFT_UNKNOWN');
    if (request.receiverId === memberId) throw badRequest('GIFT_TO_SELF');
    await deps.whoMayWrite.assertMayGift(memberId, request.receiverId);
    const giver = await findMemberById(db, memberId);
    const receiver =
      giver &&
      (await findVisibleMember(db, { id: memberId, gender: giver.gender }, request.receiverId));
    if (!receiver) throw notFound('MEMBER_NOT_FOUND');
    const price =
      method === 'card'
        ? { amount: gift.price, currency: 'usd' as const }
        : { amount: deps.xofGiftPrices[gift.id], currency: 'xof' as const };
    return checkout(
      providerFor(method),
      { memberId, kind: 'gift', giftId: gift.id, receiverId: receiver.id, plan: null, ...price },
      {
        description: checkoutDescription.gift(gift, receiver.name, back.lang ?? 'en'),
        language: back.lang ?? 'en',
        successUrl: returnUrl(back, {
          success: 'true',
          giftId: String(gift.id),
          receiverId: receiver.id,
        }),
        // Without a page to go back to, the conversation with the member.
        cancelUrl: returnUrl(
          back,
          back.returnTo ? { cancelled: 'gift' } : { cancelled: 'gift', userId: receiver.id },
        ),
      },
    );
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
      const opened = await giftCheckout('card', memberId, request, back);
      return { id: opened.reference, url: opened.url };
    },

    /** A gift by mobile money, in FCFA: answered as a plan's by mobile money is. */
    async mobileMoneyGiftCheckout(
      memberId: string,
      request: { giftId: number; receiverId: string },
      back: CheckoutReturn = {},
    ) {
      const opened = await giftCheckout('mobile-money', memberId, request, back);
      return { redirectUrl: opened.url };
    },

    /** Back from paying for a gift: the latest checkout of it, settled. */
    async sendGift(memberId: string, request: { giftId: number; receiverId: string }) {
      const order = await findLatestOrder(db, memberId, request);
      if (!order) throw notFound('PAYMENT_NOT_FOUND');
      return settle(order);
    },

    async subscriptionCheckout(
      memberId: string,
      plan: SubscriptionPlan,
      back: CheckoutReturn = {},
    ) {
      const opened = await checkout(
        providerFor('card'),
        {
          memberId,
          kind: 'subscription',
          giftId: null,
          receiverId: null,
          plan,
          amount: SUBSCRIPTION_PRICES[plan],
          currency: 'usd',
        },
        {
          description: checkoutDescription.plan(plan, back.lang ?? 'en'),
          language: back.lang ?? 'en',
          successUrl: subscribedUrl(memberId, plan, back),
          cancelUrl: returnUrl(back, { cancelled: 'subscription' }),
        },
      );
      return { id: opened.reference, url: opened.url };
    },

    /** Mobile money in FCFA; the member comes back to `callbackUrl`, an address of this site. */
    async mobileMoneyCheckout(
      memberId: string,
      plan: SubscriptionPlan,
      callbackUrl?: string,
      back: CheckoutReturn = {},
    ) {
      if (callbackUrl && new URL(callbackUrl).origin !== new URL(deps.publicUrl).origin) {
        throw badRequest('CALLBACK_URL_FOREIGN');
      }
      const opened = await checkout(
        providerFor('mobile-money'),
        {
          memberId,
          kind: 'subscription',
          giftId: null,
          receiverId: null,
          plan,
          amount: deps.xofPrices[plan],
          currency: 'xof',
        },
        {
          description: checkoutDescription.plan(plan, back.lang ?? 'en'),
          language: back.lang ?? 'en',
          successUrl: callbackUrl ?? subscribedUrl(memberId, plan, back),
          cancelUrl: returnUrl(back, { cancelled: 'subscription' }),
        },
      );
      return { redirectUrl: opened.url };
    },

    async confirmSubscription(memberId: string, plan: SubscriptionPlan) {
      const order = await findLatestOrder(db, memberId, { plan });
      if (!order) throw notFound('PAYMENT_NOT_FOUND');
      return settle(order);
    },

    /**
     * A provider says something happened to one of its checkouts (a verified webhook or IPN, or
     * the test checkout): settled the same way as a member's return. Unknown references are
     * ignored, so the provider stops retrying.
     */
    async notified(provider: OrderRow['provider'], reference: string) {
      const order = await findOrderByReference(db, provider, reference);
      if (order) await settle(order);
    },
  };
}
