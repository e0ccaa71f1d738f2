import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint.ts';
import { HttpError } from '../../lib/http-error.ts';
import { sessionOf } from '../../plugins/authentication.ts';
import { WebhookRefused } from './payment-provider.ts';
import type { PaymentsService } from './payments.service.ts';

/** The catalogue and the plans: public, like the gift page's prices. */
export const paymentCatalogueRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (
  app,
  { payments },
) => {
  app.route({
    ...endpoint('gifts', 'payments'),
    handler: async (request) => payments.gifts(request.query.lang ?? 'en'),
  });
  app.route({
    ...endpoint('subscriptionPlans', 'payments'),
    handler: async () => payments.planOffers(),
  });
};

/** What a member buys: the paying member is always the session's. */
export const paymentRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (
  app,
  { payments },
) => {
  app.route({
    ...endpoint('giftCheckout', 'payments'),
    handler: async (request) =>
      payments.giftCheckout(sessionOf(request).memberId, request.body, request.query),
  });
  app.route({
    ...endpoint('paydunyaGiftCheckout', 'payments'),
    handler: async (request) =>
      payments.mobileMoneyGiftCheckout(sessionOf(request).memberId, request.body, request.query),
  });
  app.route({
    ...endpoint('sendGift', 'payments'),
    handler: async (request) => payments.sendGift(sessionOf(request).memberId, request.body),
  });
  app.route({
    ...endpoint('subscriptionCheckout', 'payments'),
    // The `userId` of the query (docs/spec.md §7) is ignored: one pays for oneself.
    handler: async (request) =>
      payments.subscriptionCheckout(sessionOf(request).memberId, request.query.plan, request.query),
  });
  app.route({
    ...endpoint('paydunyaCheckout', 'payments'),
    handler: async (request) =>
      payments.mobileMoneyCheckout(
        sessionOf(request).memberId,
        request.query.plan,
        request.body?.callbackUrl,
        request.query,
      ),
  });
  app.route({
    ...endpoint('confirmSubscription', 'payments'),
    handler: async (request) =>
      payments.confirmSubscription(sessionOf(request).memberId, request.query.plan),
  });
};

/** Turns a provider's notification into the reference it is about, or throws `WebhookRefused`. */
export type NotificationVerifier = (request: {
  body: Buffer;
  headers: Record<string, string | string[] | undefined>;
}) => string | null;

/**
 * The providers' notifications (Stripe's webhook, PayDunya's IPN), read as raw bytes so a
 * signature is checked on exactly what was sent. A notification that does not verify is a 400
 * and changes nothing; a verified one only makes us look the checkout up again.
 */
export const paymentNotificationRoutes: FastifyPluginAsync<{
  payments: PaymentsService;
  stripe: NotificationVerifier | undefined;
  paydunya: NotificationVerifier | undefined;
}> = async (app, { payments, stripe, paydunya }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_r, body, done) =>
    done(null, body),
  );
  const notification = (
    url: string,
    provider: 'stripe' | 'paydunya',
    verify: NotificationVerifier | undefined,
  ) =>
    app.post(url, async (request) => {
      if (!verify) throw new HttpError(404, 'PAYMENT_UNAVAILABLE');
      let reference: string | null;
      try {
        reference = verify({
          body: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          headers: request.headers,
        });
      } catch (error) {
        if (error instanceof WebhookRefused) throw new HttpError(400, 'WEBHOOK_REFUSED');
        throw error;
      }
      if (reference) await payments.notified(provider, reference);
      return { received: true };
    });
  notification('/api/payment/webhook/stripe', 'stripe', stripe);
  notification('/api/subscription/paydunya/ipn', 'paydunya', paydunya);
};
