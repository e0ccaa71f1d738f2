/** The payments module's public face: subscriptions and gifts, their providers and notifications. */
export { localCheckoutRoutes } from './local-provider.ts';
export type { PaymentProvider } from './payment-provider.ts';
export { paymentNotifications, paymentProviders } from './payment-providers.ts';
export { paymentsModule } from './payments.module.ts';
export {
  paymentCatalogueRoutes,
  paymentNotificationRoutes,
  paymentRoutes,
} from './payments.routes.ts';
export { createPaymentsService, type PaymentsService } from './payments.service.ts';
