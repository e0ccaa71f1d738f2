import type { SubscriptionPlan } from '@mawadda/contract';
import { callApi } from '@/lib/api-client.ts';

/** GET /api/gifts?lang=…: the catalogue, named and described in the member's language. */
export function fetchGifts(language: 'en' | 'fr', signal?: AbortSignal) {
  return callApi('gifts', { query: { lang: language } }, signal);
}

/** GET /api/chat/contacts: the members one may send a gift to from the gifts page. */
export function fetchRecipients(signal?: AbortSignal) {
  return callApi('chatContacts', {}, signal);
}

/** GET /api/users/me: the member, with their running subscription. */
export function fetchMe(signal?: AbortSignal) {
  return callApi('currentUser', {}, signal);
}

/**
 * Where a provider brings the member back: to `returnTo`, the page they started from (a path of
 * this app; without one, /chat), in `lang`.
 */
export type CheckoutReturn = { lang: 'en' | 'fr'; returnTo: string | undefined };

/** POST /api/payment/create-checkout-session: where to pay for a gift (the server prices it). */
export function startGiftCheckout(
  gift: { id: number; name: string; price: number },
  receiverId: string,
  back: CheckoutReturn,
) {
  return callApi('giftCheckout', {
    query: back,
    body: { giftId: gift.id, giftName: gift.name, amount: gift.price, receiverId },
  });
}

/**
 * POST /api/gifts/paydunya/paydunya-session: where to pay for a gift by mobile money (the server
 * prices it in FCFA); back the same way as by card.
 */
export function startMobileMoneyGiftCheckout(
  giftId: number,
  receiverId: string,
  back: CheckoutReturn,
) {
  return callApi('paydunyaGiftCheckout', { query: back, body: { giftId, receiverId } });
}

/** POST /api/gifts/send: back from paying, the server asks the provider and delivers once. */
export function sendGift(giftId: number, receiverId: string) {
  return callApi('sendGift', { body: { giftId, receiverId } });
}

/** GET /api/subscription/plans: the plans and the methods this server takes now. */
export function fetchPlans(signal?: AbortSignal) {
  return callApi('subscriptionPlans', {}, signal);
}

/** POST /api/subscription/create-subscription-session: where to pay for a plan by card. */
export function startCardCheckout(
  plan: SubscriptionPlan,
  memberId: string | undefined,
  back: CheckoutReturn,
) {
  return callApi('subscriptionCheckout', { query: { plan, userId: memberId, ...back } });
}

/**
 * POST /api/subscription/paydunya/paydunya-session: where to pay for a plan by mobile money. No
 * `callbackUrl`: the server makes the way back from `returnTo`, as for a card.
 */
export function startMobileMoneyCheckout(plan: SubscriptionPlan, back: CheckoutReturn) {
  return callApi('paydunyaCheckout', { query: { plan, ...back }, body: {} });
}

/** POST /api/subscription/confirm: back from paying, the server asks the provider and grants once. */
export function confirmSubscription(plan: SubscriptionPlan) {
  return callApi('confirmSubscription', { query: { plan } });
}
