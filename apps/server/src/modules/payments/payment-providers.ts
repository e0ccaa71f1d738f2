import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { createLocalProvider } from './local-provider.ts';
import { createPaydunyaProvider, verifyPaydunyaIpn } from './paydunya-provider.ts';
import type { ProvidersByMethod } from './payment-provider.ts';
import type { NotificationVerifier } from './payments.routes.ts';

export type PaymentsConfig = Pick<Config, 'env' | 'publicUrl' | 'stripe' | 'paydunya'>;

// Stripe's SDK takes a noticeable part of start-up: loaded only where its keys are set.
const stripeModule = () => import('./stripe-provider.ts');

/**
 * Which provider takes each method here: Stripe for cards and PayDunya for mobile money when
 * their keys are set; otherwise the built-in test checkout, except in production, where a method
 * without its provider is unavailable (503) rather than free.
 */
export async function paymentProviders(
  config: PaymentsConfig,
  db: Database,
): Promise<ProvidersByMethod> {
  const local =
    config.env === 'production'
      ? undefined
      : createLocalProvider({ db, publicUrl: config.publicUrl });
  const card = config.stripe
    ? (await stripeModule()).createStripeProvider({ secretKey: config.stripe.secretKey })
    : local;
  const mobileMoney = config.paydunya
    ? createPaydunyaProvider({
        ...config.paydunya,
        callbackUrl: `${config.publicUrl}/api/subscription/paydunya/ipn`,
      })
    : local;
  return {
    ...(card ? { card } : {}),
    ...(mobileMoney ? { 'mobile-money': mobileMoney } : {}),
  };
}

/** How each provider's notifications are verified, when its keys are set. */
export async function paymentNotifications(config: PaymentsConfig): Promise<{
  stripe: NotificationVerifier | undefined;
  paydunya: NotificationVerifier | undefined;
}> {
  const { stripe, paydunya } = config;
  const verifyStripeWebhook = stripe ? (await stripeModule()).verifyStripeWebhook : undefined;
  return {
    stripe:
      stripe && verifyStripeWebhook
        ? ({ body, headers }) => {
            const signature = headers['stripe-signature'];
            const event = verifyStripeWebhook(
              body,
              typeof signature === 'string' ? signature : undefined,
              stripe.webhookSecret,
            );
            // Every event about a checkout session is a reason to look it up again.
            return event.type.startsWith('checkout.session.') ? event.sessionId : null;
          }
        : undefined,
    paydunya: paydunya
      ? ({ body }) => verifyPaydunyaIpn(body, paydunya.masterKey).token
      : undefined,
  };
}
