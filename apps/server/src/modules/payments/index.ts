/** The payments module's public face: subscriptions and gifts, their providers and notifications. */
export type { PaymentProvider } from './payment-provider.ts';
export { paymentsModule } from './payments.module.ts';
export type { PaymentsService } from './payments.service.ts';
