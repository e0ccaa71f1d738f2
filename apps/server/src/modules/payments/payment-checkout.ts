import {
  type GiftNumber,
  type PaymentMethod,
  SUBSCRIPTION_PRICES,
  type SubscriptionPlan,
} from '@mawadda/contract';
import { findMemberById, findVisibleMember } from '../../core/members.repository.ts';
import type { WhoMayWrite } from '../../core/who-may-write.ts';
import { badRequest, HttpError, notFound } from '../../lib/http-error.ts';
import { checkoutDescription, findGift } from './catalogue.ts';
import { type GrantDeps, settleOrder } from './payment-grant.ts';
import {
  type Checkout,
  type CheckoutRequest,
  type PaymentProvider,
  PaymentProviderError,
  providerForMethod,
} from './payment-provider.ts';
import {
  closeOrder,
  findOpenOrders,
  insertOrderWithinCap,
  type NewOrder,
  setProviderRef,
} from './payments.repository.ts';

/** Where a checkout brings the member back: a page of the app (`/chat` by default), in a language. */
export type CheckoutReturn = { lang?: 'en' | 'fr' | undefined; returnTo?: string | undefined };

/** What opening a checkout needs, beyond what granting one does (a full cap settles the open). */
export type CheckoutDeps = GrantDeps & {
  publicUrl: string;
  xofPrices: Record<SubscriptionPlan, number>;
  xofGiftPrices: Record<GiftNumber, number>;
  whoMayWrite: Pick<WhoMayWrite, 'assertMayGift'>;
  /** Checkouts one member may have open at once, and for how long one stays open. */
  openCheckoutsPerMember: number;
  checkoutMs: number;
};

/**
 * Records the order within the member's open checkouts (429 past them), then opens the
 * provider's checkout for it, to expire when the order stops counting as open. At the cap, the
 * open ones are first asked of their providers: one cancelled or paid there frees its place.
 */
async function openCheckout(
  deps: CheckoutDeps,
  provider: PaymentProvider,
  order: Omit<NewOrder, 'id' | 'provider'>,
  request: Omit<CheckoutRequest, 'orderId' | 'amount' | 'currency' | 'customer' | 'expiresAt'>,
): Promise<Checkout> {
  const { db } = deps;
  const member = await findMemberById(db, order.memberId);
  if (!member) throw notFound('MEMBER_NOT_FOUND');
  const id = crypto.randomUUID();
  const now = deps.clock.now();
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
      await settleOrder(deps, open).catch((error: unknown) => {
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
    deps.counted(provider.name, 'checkout_failed');
    if (error instanceof PaymentProviderError) {
      deps.log.warn({ err: error, provider: provider.name }, 'A checkout could not be opened');
      throw new HttpError(502, 'PAYMENT_PROVIDER_ERROR');
    }
    throw error;
  }
  await setProviderRef(db, id, opened.reference);
  deps.counted(provider.name, 'checkout_opened');
  return opened;
}

/**
 * Back to the page the member started from (`returnTo`, a path the contract holds to this
 * app's pages), or to /chat, in the language the member paid in: the web app reads its language
 * from the /fr or /en prefix first, and without one from the browser, which may speak the
 * other. The provider's parameters are added to the page's own (ADR 030).
 */
function returnUrl(publicUrl: string, back: CheckoutReturn, query: Record<string, string>) {
  const [path = '/chat', search = ''] = (back.returnTo ?? '/chat').split('?', 2);
  const params = new URLSearchParams(search);
  for (const [name, value] of Object.entries(query)) params.set(name, value);
  return `${publicUrl}${back.lang ? `/${back.lang}` : ''}${path}?${params.toString()}`;
}

/**
 * A gift to a member the giver may be shown and send it to (the rule of who may write to
 * whom, a gift opening a conversation as a paid message), by either method; the price is the
 * server's: the catalogue's in cents by card, config's in FCFA by mobile money. Both come back
 * the same way and are granted by the same `settleOrder` (ADR 015, 026).
 */
export async function giftCheckout(
  deps: CheckoutDeps,
  method: PaymentMethod,
  memberId: string,
  request: { giftId: number; receiverId: string },
  back: CheckoutReturn,
): Promise<Checkout> {
  const gift = findGift(request.giftId);
  if (!gift) throw badRequest('GIFT_UNKNOWN');
  if (request.receiverId === memberId) throw badRequest('GIFT_TO_SELF');
  await deps.whoMayWrite.assertMayGift(memberId, request.receiverId);
  const giver = await findMemberById(deps.db, memberId);
  const receiver =
    giver &&
    (await findVisibleMember(deps.db, { id: memberId, gender: giver.gender }, request.receiverId));
  if (!receiver) throw notFound('MEMBER_NOT_FOUND');
  const price =
    method === 'card'
      ? { amount: gift.price, currency: 'usd' as const }
      : { amount: deps.xofGiftPrices[gift.id], currency: 'xof' as const };
  return openCheckout(
    deps,
    providerForMethod(deps.providers, method),
    { memberId, kind: 'gift', giftId: gift.id, receiverId: receiver.id, plan: null, ...price },
    {
      description: checkoutDescription.gift(gift, receiver.name, back.lang ?? 'en'),
      language: back.lang ?? 'en',
      successUrl: returnUrl(deps.publicUrl, back, {
        success: 'true',
        giftId: String(gift.id),
        receiverId: receiver.id,
      }),
      // Without a page to go back to, the conversation with the member.
      cancelUrl: returnUrl(
        deps.publicUrl,
        back,
        back.returnTo ? { cancelled: 'gift' } : { cancelled: 'gift', userId: receiver.id },
      ),
    },
  );
}

/**
 * A plan, in dollars by card or in FCFA by mobile money. Paid, the member comes back to the
 * spec's `subscribed`, `plan` and `userId` (the payer's) on /chat, or by mobile money to
 * `callbackUrl` when given, an address of this site.
 */
export async function subscriptionCheckout(
  deps: CheckoutDeps,
  method: PaymentMethod,
  memberId: string,
  plan: SubscriptionPlan,
  back: CheckoutReturn,
  callbackUrl?: string,
): Promise<Checkout> {
  if (callbackUrl && new URL(callbackUrl).origin !== new URL(deps.publicUrl).origin) {
    throw badRequest('CALLBACK_URL_FOREIGN');
  }
  const price =
    method === 'card'
      ? { amount: SUBSCRIPTION_PRICES[plan], currency: 'usd' as const }
      : { amount: deps.xofPrices[plan], currency: 'xof' as const };
  const subscribedUrl = returnUrl(
    deps.publicUrl,
    back,
    // A page of the member's own keeps its query: its `userId` is the member they were with.
    back.returnTo ? { subscribed: 'true', plan } : { subscribed: 'true', plan, userId: memberId },
  );
  return openCheckout(
    deps,
    providerForMethod(deps.providers, method),
    { memberId, kind: 'subscription', giftId: null, receiverId: null, plan, ...price },
    {
      description: checkoutDescription.plan(plan, back.lang ?? 'en'),
      language: back.lang ?? 'en',
      successUrl: callbackUrl ?? subscribedUrl,
      cancelUrl: returnUrl(deps.publicUrl, back, { cancelled: 'subscription' }),
    },
  );
}
