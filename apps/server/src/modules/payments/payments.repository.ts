import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import { lockMember } from '../../core/members.repository.ts';
import type { Database, Executor } from '../../db/database.ts';
import { localCheckouts, members, orders } from '../../db/schema.ts';
import type { GiftMessage } from '../chat/index.ts';
import { PLAN_DAYS } from './catalogue.ts';

/** A paid gift's message, as the chat writes it in the order's transaction. */
export type GiftOrder = {
  orderId: string;
  giverId: string;
  receiverId: string;
  giftId: number;
  sentAt: Date;
};

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = Pick<
  OrderRow,
  'id' | 'memberId' | 'kind' | 'giftId' | 'receiverId' | 'plan' | 'amount' | 'currency' | 'provider'
>;

/**
 * Records an order unless its member already has `max` open: pending and opened since
 * `openSince`. Checkouts of one member wait for each other on the member's row, so two opened at
 * once cannot both take the last place. Answers whether it was recorded.
 */
export async function insertOrderWithinCap(
  db: Database,
  order: NewOrder & { createdAt: Date },
  cap: { max: number; openSince: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockMember(tx, order.memberId);
    const [open] = await tx
      .select({ count: count() })
      .from(orders)
      .where(
        and(
          eq(orders.memberId, order.memberId),
          eq(orders.status, 'pending'),
          gt(orders.createdAt, cap.openSince),
        ),
      );
    if ((open?.count ?? 0) >= cap.max) return false;
    await tx.insert(orders).values(order);
    return true;
  });
}

export async function setProviderRef(db: Executor, orderId: string, reference: string) {
  await db.update(orders).set({ providerRef: reference }).where(eq(orders.id, orderId));
}

export async function findOrderByReference(
  db: Executor,
  provider: OrderRow['provider'],
  reference: string,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.provider, provider), eq(orders.providerRef, reference)));
  return row;
}

/** The member's latest checkout of this gift to this member, or of this plan. */
export async function findLatestOrder(
  db: Executor,
  memberId: string,
  what: { giftId: number; receiverId: string } | { plan: NonNullable<OrderRow['plan']> },
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.memberId, memberId),
        sql`${orders.providerRef} is not null`,
        'plan' in what
          ? eq(orders.plan, what.plan)
          : and(eq(orders.giftId, what.giftId), eq(orders.receiverId, what.receiverId)),
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return row;
}

/** The member's orders still pending that were opened since `openSince`, with a checkout. */
export async function findOpenOrders(
  db: Executor,
  memberId: string,
  openSince: Date,
): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.memberId, memberId),
        eq(orders.status, 'pending'),
        gt(orders.createdAt, openSince),
        sql`${orders.providerRef} is not null`,
      ),
    );
}

/** A pending order that the provider says will not be paid; answers whether this call closed it. */
export async function closeOrder(
  db: Executor,
  orderId: string,
  status: 'cancelled' | 'failed',
): Promise<boolean> {
  const closed = await db
    .update(orders)
    .set({ status })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')))
    .returning({ id: orders.id });
  return closed.length > 0;
}

/**
 * Grants a paid order, once: the order turns from pending to paid in the transaction of its
 * effect (a gift message, or the subscription started or extended from its current end), so any
 * number of concurrent confirmations grant it once. A gift is stored only if `giftAllowed`
 * (giver, receiver) holds now, in the same statement; if not, the order stays paid and is marked
 * `undelivered`. Answers whether this call granted it, the order as it then stands, and the gift
 * message when one was made.
 */
export async function grantOrder(
  db: Database,
  orderId: string,
  now: Date,
  writeGift: (tx: Executor, gift: GiftOrder) => Promise<GiftMessage | undefined>,
): Promise<{ granted: boolean; order: OrderRow; gift?: GiftMessage }> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .update(orders)
      .set({ status: 'paid', paidAt: now })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')))
      .returning();
    if (!order) {
      // Settled by another confirmation (it held the row until it committed): as it left it.
      const [settled] = await tx.select().from(orders).where(eq(orders.id, orderId));
      if (!settled) throw new Error(`Order ${orderId} vanished while it was granted`);
      return { granted: false, order: settled };
    }
    if (order.kind === 'subscription' && order.plan) {
      const days = PLAN_DAYS[order.plan];
      const at = sql`${now.toISOString()}::timestamptz`;
      await tx
        .update(members)
        .set({
          subscriptionPlan: order.plan,
          subscriptionEndsAt: sql`greatest(coalesce(${members.subscriptionEndsAt}, ${at}), ${at}) + make_interval(days => ${days})`,
        })
        .where(eq(members.id, order.memberId));
      return { granted: true, order };
    }
    // A receiver whose account is gone has been set to null: there is no one to deliver to. (A
    // gift order always names its gift: orders_kind_check.)
    const gift =
      order.receiverId && order.giftId !== null
        ? await writeGift(tx, {
            orderId: order.id,
            giverId: order.memberId,
            receiverId: order.receiverId,
            giftId: order.giftId,
            sentAt: now,
          })
        : undefined;
    if (gift) return { granted: true, order, gift };
    const [undelivered = order] = await tx
      .update(orders)
      .set({ undelivered: true })
      .where(eq(orders.id, order.id))
      .returning();
    return { granted: true, order: undelivered };
  });
}

// The built-in test checkout's side (ADR 015): what a real provider would keep.

export type LocalCheckoutRow = typeof localCheckouts.$inferSelect;

export async function insertLocalCheckout(
  db: Executor,
  checkout: Omit<LocalCheckoutRow, 'status' | 'createdAt'>,
) {
  await db.insert(localCheckouts).values(checkout);
}

export async function findLocalCheckout(db: Executor, reference: string) {
  const [row] = await db
    .select()
    .from(localCheckouts)
    .where(eq(localCheckouts.reference, reference));
  return row;
}

/** Pays or cancels a pending test checkout; answers it as it now is. */
export async function settleLocalCheckout(
  db: Executor,
  reference: string,
  status: 'paid' | 'cancelled',
): Promise<LocalCheckoutRow | undefined> {
  await db
    .update(localCheckouts)
    .set({ status })
    .where(and(eq(localCheckouts.reference, reference), eq(localCheckouts.status, 'pending')));
  return findLocalCheckout(db, reference);
}
