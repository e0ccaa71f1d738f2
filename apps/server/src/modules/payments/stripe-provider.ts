import Stripe from 'stripe';
import {
  type CheckoutState,
  type Currency,
  type PaymentProvider,
  PaymentProviderError,
  WebhookRefused,
} from './payment-provider.ts';

const CURRENCIES: readonly string[] = ['usd', 'xof'] satisfies Currency[];

/**
 * Stripe Checkout (card) through the official SDK. `apiBase` points it at another origin (the
 * fake Stripe of the tests); by default it talks to Stripe itself.
 */
export function createStripeProvider(options: {
  secretKey: string;
  apiBase?: string;
}): PaymentProvider {
  const base = options.apiBase ? new URL(options.apiBase) : undefined;
  const stripe = new Stripe(options.secretKey, {
    // A member waits on this request: fail in seconds rather than the SDK's 80.
    timeout: 10_000,
    telemetry: false,
    ...(base && {
      host: base.hostname,
      port: base.port || (base.protocol === 'http:' ? 80 : 443),
      protocol: base.protocol === 'http:' ? 'http' : 'https',
    }),
  });

  return {
    name: 'stripe',

    async createCheckout(request) {
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.create({
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency,
                unit_amount: request.amount,
                product_data: { name: request.description },
              },
            },
          ],
          locale: request.language,
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          client_reference_id: request.orderId,
          metadata: { orderId: request.orderId },
          customer_email: request.customer.email,
          expires_at: Math.floor(request.expiresAt.getTime() / 1000),
        });
      } catch (error) {
        throw providerError('could not create the checkout session', error);
      }
      if (!session.url) {
        throw new PaymentProviderError(`Stripe: session ${session.id} came without a URL`);
      }
      return { reference: session.id, url: session.url };
    },

    async lookup(sessionId) {
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.retrieve(sessionId);
      } catch (error) {
        throw providerError(`could not read session ${sessionId}`, error);
      }
      const currency = session.currency?.toLowerCase() ?? '';
      if (session.amount_total === null || !CURRENCIES.includes(currency)) {
        // Not a checkout we made: nothing in it can match an order.
        throw new PaymentProviderError(
          `Stripe: session ${session.id} is ${session.amount_total} ${currency || 'without currency'}`,
        );
      }
      return {
        status: sessionStatus(session),
        amount: session.amount_total,
        currency: currency as Currency,
        orderId: session.metadata?.orderId ?? null,
      };
    },
  };
}

function sessionStatus(session: Stripe.Checkout.Session): CheckoutState['status'] {
  if (session.payment_status === 'paid') return 'paid';
  if (session.status === 'expired') return 'cancelled';
  return 'pending';
}

function providerError(what: string, error: unknown): PaymentProviderError {
  const detail =
    error instanceof Stripe.errors.StripeError
      ? `${error.type}${error.statusCode ? ` ${error.statusCode}` : ''}: ${error.message}`
      : String(error);
  return new PaymentProviderError(`Stripe ${what} (${detail})`, { cause: error });
}

/**
 * Checks the `Stripe-Signature` header against the raw body (and refuses a timestamp older than
 * the SDK's five-minute tolerance, so a captured webhook cannot be replayed later). Only the
 * session id is taken from it: the grant reads the session again from Stripe.
 */
export function verifyStripeWebhook(
  rawBody: Buffer,
  signatureHeader: string | undefined,
  webhookSecret: string,
): { type: string; sessionId: string | null } {
  if (!signatureHeader)
    throw new WebhookRefused('Stripe webhook without a Stripe-Signature header');
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signatureHeader, webhookSecret);
  } catch (error) {
    throw new WebhookRefused(`Stripe webhook refused: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const object = event.data.object as { object?: unknown; id?: unknown };
  const sessionId =
    object.object === 'checkout.session' && typeof object.id === 'string' ? object.id : null;
  return { type: event.type, sessionId };
}
