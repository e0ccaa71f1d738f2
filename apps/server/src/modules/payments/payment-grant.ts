import type { PaymentOutcome } from '@mawadda/contract';
import type { SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { WhoMayWrite } from '../../core/who-may-write.ts';
import type { Database, Executor } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { GiftMessage } from '../chat/index.ts';
import {
  type PaymentProvider,
  PaymentProviderError,
  type ProvidersByMethod,
  providerNamed,
} from './payment-provider.ts';
import { closeOrder, type GiftOrder, grantOrder, type OrderRow } from './payments.repository.ts';

/** What granting an order on its provider's word needs. */
export type GrantDeps = {
  db: Database;
  clock: Clock;
  /** The provider of each method, when one is available here (see `paymentProviders`). */
  providers: ProvidersByMethod;
  /**
   * Writes a gift's message in the order's transaction, if `allowed` holds, with its push
   * recorded (the chat's `writeGift`, ADR 064).
   */
  writeGift(
    tx: Executor,
    gift: GiftOrder,
    allowed: (giverId: SQL, receiverId: SQL) => SQL,
  ): Promise<GiftMessage | undefined>;
  /** A gift message just granted: to the receiver and the giver's other tabs. */
  announce(row: GiftMessage): Promise<void>;
  /** Whether a gift may go from one member to another: at the checkout, and again when granted. */
  whoMayWrite: Pick<WhoMayWrite, 'mayGiftCondition'>;
  log: FastifyBaseLogger;
  /** What became of a checkout, once each: the payments' metrics count it (ADR 063). */
  counted(provider: OrderRow['provider'], outcome: PaymentCount): void;
};

/** A checkout opened or not, then its end: paid (or paid and undelivered), cancelled, failed. */
export type PaymentCount =
  | 'checkout_opened'
  | 'checkout_failed'
  | 'lookup_failed'
  | 'paid'
  | 'undelivered'
  | 'cancelled'
  | 'failed';

/** What the member is told of an order: a paid gift that could not be delivered says so. */
const outcomeOf = (order: OrderRow): PaymentOutcome => ({
  status: order.status === 'paid' && order.undelivered ? 'undelivered' : order.status,
});

/**
 * Asks the order's provider what became of it, and grants it if it was paid as ordered: the
 * amount, the currency and our order id must be the ones recorded. A gift is delivered only if
 * the giver may still send it to its receiver at this moment (a block or an unmatch since the
 * checkout stops it): otherwise it is paid and undelivered, owed back (ADR 026). Granted once
 * whatever the number and order of the confirmations (ADR 015).
 */
export async function settleOrder(deps: GrantDeps, order: OrderRow): Promise<PaymentOutcome> {
  if (order.status !== 'pending' || !order.providerRef) return outcomeOf(order);
  let state: Awaited<ReturnType<PaymentProvider['lookup']>>;
  try {
    state = await providerNamed(deps.providers, order.provider).lookup(order.providerRef);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    deps.log.warn({ err: error, order: order.id }, 'A payment could not be looked up');
    deps.counted(order.provider, 'lookup_failed');
    throw new HttpError(502, 'PAYMENT_PROVIDER_ERROR');
  }
  if (state.status === 'pending') return { status: 'pending' };
  if (state.status !== 'paid') {
    if (await closeOrder(deps.db, order.id, state.status)) {
      deps.counted(order.provider, state.status);
    }
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
    if (await closeOrder(deps.db, order.id, 'failed')) deps.counted(order.provider, 'failed');
    return { status: 'failed' };
  }
  const granted = await grantOrder(deps.db, order.id, deps.clock.now(), (tx, gift) =>
    deps.writeGift(tx, gift, deps.whoMayWrite.mayGiftCondition),
  );
  if (granted.granted) {
    deps.counted(order.provider, granted.order.undelivered ? 'undelivered' : 'paid');
  }
  if (granted.gift) await deps.announce(granted.gift);
  else if (granted.granted && granted.order.undelivered) {
    deps.log.warn(
      { order: order.id, provider: order.provider, amount: order.amount },
      'A paid gift could not be delivered: owed back to the giver',
    );
  }
  return outcomeOf(granted.order);
}
