import type { PaymentMethod } from '@mawadda/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { memberArea } from '../../plugins/authentication.ts';
import { localCheckoutRoutes } from './local-provider.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { paymentNotifications, paymentProviders } from './payment-providers.ts';
import {
  paymentCatalogueRoutes,
  paymentNotificationRoutes,
  paymentRoutes,
} from './payments.routes.ts';
import { createPaymentsService, type PaymentsService } from './payments.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentsService;
  }
}

/**
 * Subscriptions and gifts: the providers the config names (or the fakes tests give), their
 * notifications, and a paid gift delivered through the chat as a sent message is.
 */
export const paymentsModule = fp(
  async (
    app: FastifyInstance,
    options: { providers: Partial<Record<PaymentMethod, PaymentProvider>> | undefined },
  ) => {
    const { db, clock, config, log } = app.platform;
    const providers = options.providers ?? (await paymentProviders(config, db));
    const counts = app.metrics.counter({
      name: 'mawadda_payments_total',
      help: 'Checkouts (gifts and plans) by provider and outcome: opened or not, then paid, paid and undelivered, cancelled or failed; lookup_failed: the provider did not answer',
      labelNames: ['provider', 'outcome'],
    });
    const payments = createPaymentsService({
      db,
      clock,
      publicUrl: config.publicUrl,
      providers,
      xofPrices: config.xofPrices,
      xofGiftPrices: config.xofGiftPrices,
      writeGift: app.chat.writeGift,
      announce: app.chat.announce,
      whoMayWrite: app.platform.rules.whoMayWrite,
      openCheckoutsPerMember: config.openCheckoutsPerMember,
      checkoutMs: config.checkoutMs,
      log,
      counted: (provider, outcome) => counts.inc({ provider, outcome }),
    });
    app.decorate('payments', payments);
    await app.register(paymentCatalogueRoutes, { payments });
    await app.register(paymentNotificationRoutes, {
      payments,
      ...(await paymentNotifications(config)),
    });
    if (Object.values(providers).some((provider) => provider.name === 'local')) {
      await app.register(localCheckoutRoutes, {
        db,
        onPaid: (reference: string) => payments.notified('local', reference),
      });
    }
    await memberArea(app, async (member) => {
      await member.register(paymentRoutes, { payments });
    });
  },
  { name: 'payments', dependencies: ['platform', 'metrics', 'authentication', 'chat'] },
);
