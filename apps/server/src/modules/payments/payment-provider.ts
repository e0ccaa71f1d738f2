import type { PaymentMethod } from '@mawadda/contract';
import { HttpError } from '../../lib/http-error.ts';

/**
 * A payment provider behind one interface (ADR 015): the built-in test checkout (`local`), Stripe
 * Checkout (card) or PayDunya's checkout invoice (mobile money). A provider only creates a checkout
 * and says what became of it; granting is ours (`payment-grant.ts`), once per order.
 */
export type Currency = 'usd' | 'xof';

export type CheckoutRequest = {
  /** Our order id: sent to the provider as its reference/metadata and checked on the way back. */
  orderId: string;
  /** What is bought, as the checkout page shows it (e.g. "Gift: Tulip bouquet for Youssef"). */
  description: string;
  /** Minor units: cents for usd, whole francs for xof (a zero-decimal currency). */
  amount: number;
  currency: Currency;
  /** The member's language: the checkout page's, where the provider lets us choose it. */
  language: 'en' | 'fr';
  /** Where the provider sends the member back after paying, or after cancelling. */
  successUrl: string;
  cancelUrl: string;
  customer: { email: string; name: string };
  /** When the checkout should stop taking payment, for a provider that can be told (Stripe). */
  expiresAt: Date;
};

export type Checkout = {
  /** The provider's id for the checkout (Stripe session id, PayDunya token, local id). */
  reference: string;
  /** Where the member pays. */
  url: string;
};

/** What the provider says of a checkout, read server-side from the provider itself. */
export type CheckoutState = {
  status: 'paid' | 'pending' | 'cancelled' | 'failed';
  /** As the provider recorded them: checked against the order before granting. */
  amount: number;
  currency: Currency;
  /** The order id the provider holds for this checkout (metadata / custom data). */
  orderId: string | null;
};

export type PaymentProvider = {
  name: 'local' | 'stripe' | 'paydunya';
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /** Throws `PaymentProviderError` when the provider cannot be reached or refuses. */
  lookup(reference: string): Promise<CheckoutState>;
};

/** The providers available here, by method (see `paymentProviders`). */
export type ProvidersByMethod = Partial<Record<PaymentMethod, PaymentProvider>>;

/** The provider that takes a method here; without one the method is unavailable (503). */
export function providerForMethod(
  providers: ProvidersByMethod,
  method: PaymentMethod,
): PaymentProvider {
  const provider = providers[method];
  if (!provider) throw new HttpError(503, 'PAYMENT_UNAVAILABLE');
  return provider;
}

/** The provider that holds an order, by name: whatever method it was paid by. */
export function providerNamed(
  providers: ProvidersByMethod,
  name: PaymentProvider['name'],
): PaymentProvider {
  const provider = Object.values(providers).find((p) => p?.name === name);
  if (!provider) throw new HttpError(503, 'PAYMENT_UNAVAILABLE');
  return provider;
}

/** The provider failed or refused; the member sees "payment error" and nothing changes. */
export class PaymentProviderError extends Error {}

/** A webhook or IPN not signed by the provider (bad, missing or stale signature): answered 400. */
export class WebhookRefused extends Error {}
