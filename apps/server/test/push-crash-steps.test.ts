import { pushPayloadSchema } from '@mawadda/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushQueue, recordedEvents } from '../src/db/schema.ts';
import { claimRecorded } from '../src/lib/recorded-events.ts';
import { claimDue, enqueue } from '../src/modules/push/push-queue.repository.ts';
import { createPushSender } from '../src/modules/push/push-sender.ts';
import { createPushWorker } from '../src/modules/push/push-worker.ts';
import { bearer, seedLikes, seedMembers, sessionFor } from './fixtures.ts';
import { startTestPushService, type TestPushService } from './push-service.ts';
import { createTestApp, type TestContext } from './test-app.ts';

/**
 * A node that stops at each step between a message's acknowledgement and its push (ADR 064):
 * what it leaves in the database is all there is, and another node (or the same one started
 * again, here the test app draining) pushes the message once. The node's steps are played with
 * the statements it runs; its leases end on the test clock. `push-after-a-kill.test.ts` kills a
 * real server process.
 */

let t: TestContext;
let push: TestPushService;

beforeAll(async () => {
  t = await createTestApp();
  push = await startTestPushService();
});
afterAll(async () => {
  await push.close();
});

/** She wrote to him, who has a phone; answers once the send was acknowledged. */
async function acknowledgedMessage(text = 'Salam, comment vas-tu ?') {
  const [her = '', him = ''] = await seedMembers(t.database.db, [
    { gender: 'femme', name: 'Amina Diallo' },
    { gender: 'homme', name: 'Youssef Ba' },
  ]);
  await seedLikes(t.database.db, [
    [her, him],
    [him, her],
  ]);
  const phone = push.subscribe();
  const subscribed = await t.app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: bearer(await sessionFor(t.database.db, him)),
    payload: phone,
  });
  expect(subscribed.statusCode).toBe(201);
  const sent = await t.app.inject({
    method: 'POST',
    url: `/api/chat/send/${him}`,
    headers: bearer(await sessionFor(t.database.db, her)),
    payload: { uuid: crypto.randomUUID(), content: text },
  });
  expect(sent.statusCode, sent.body).toBe(201);
  return { her, him, endpoint: phone.endpoint };
}

const deliveredTo = (endpoint: string) =>
  push.received
    .filter((p) => p.endpoint === endpoint && p.status === 201)
    .map((p) => ({ topic: p.topic, payload: pushPayloadSchema.parse(JSON.parse(p.payload)) }));

/** The steps a stopped node took, as the statements it ran: taken or claimed for 10 or 30 s. */
const lease = (ms: number) => new Date(t.clock.now().getTime() + ms);

describe('a node that stops between a message and its push', () => {
  it('right after the acknowledgement: the push is in the outbox already, and sent once', async () => {
    const { her, him, endpoint } = await acknowledgedMessage();
    const outbox = await t.database.db
      .select({ listener: recordedEvents.listener, payload: recordedEvents.payload })
      .from(recordedEvents);
    expect(outbox).toContainEqual({
      listener: 'push',
      payload: expect.objectContaining({ kind: 'message', from: her, to: him }),
    });
    await t.app.push.drain();
    await t.app.push.drain();
    expect(deliveredTo(endpoint).map((p) => p.payload.tag)).toEqual([`chat:${her}`]);
  });

  it('once it took the event, before queueing its push: another takes it after the lease', async () => {
    const { her, endpoint } = await acknowledgedMessage();
    expect(
      await claimRecorded(t.database.db, 'push', t.clock.now(), lease(10_000), 500),
    ).not.toEqual([]);
    await t.app.push.drain();
    expect(deliveredTo(endpoint)).toEqual([]);
    t.clock.advance(10_000);
    await t.app.push.drain();
    expect(deliveredTo(endpoint).map((p) => p.payload.tag)).toEqual([`chat:${her}`]);
  });

  it('while queueing, its lease run out and the event taken again: the push is queued once', async () => {
    const { him } = await acknowledgedMessage();
    const [slow] = await claimRecorded(t.database.db, 'push', t.clock.now(), lease(10_000), 500);
    t.clock.advance(10_000);
    const [again] = await claimRecorded(t.database.db, 'push', t.clock.now(), lease(10_000), 500);
    expect(again?.id).toBe(slow?.id);
    const [subscription] = await t.app.push.subscriptionsOf(him);
    const queue = (takenId: number) =>
      enqueue(
        t.database.db,
        [
          {
            memberId: him,
            aboutId: null,
            tag: 'chat:someone',
            urgency: 'normal',
            ttlSeconds: 60,
            at: t.clock.now().toISOString(),
            takenId,
            devices: [{ subscriptionId: subscription?.id ?? '', payload: '{}' }],
          },
        ],
        t.clock.now(),
        20,
      );
    expect(await queue(again?.id ?? 0)).toBe(1);
    // The slow node's statement comes second: the event is gone, it queues nothing.
    expect(await queue(slow?.id ?? 0)).toBe(0);
    expect(
      await t.database.db.select().from(pushQueue).where(eq(pushQueue.memberId, him)),
    ).toHaveLength(1);
  });

  it('once it claimed the push, before sending it: sent once after the lease', async () => {
    const { her, endpoint } = await acknowledgedMessage();
    await t.app.push.notified();
    expect(await claimDue(t.database.db, t.clock.now(), lease(30_000), 100)).not.toEqual([]);
    await t.app.push.drain();
    expect(deliveredTo(endpoint)).toEqual([]);
    t.clock.advance(30_000);
    await t.app.push.drain();
    expect(deliveredTo(endpoint).map((p) => p.payload.tag)).toEqual([`chat:${her}`]);
  });

  it('when the database is away as a sent push is marked: marked at the next step, not sent again', async () => {
    const { her, endpoint } = await acknowledgedMessage();
    await t.app.push.notified();
    // The database as a node sees it while PostgreSQL restarts: the statement after the claim
    // (marking the pushes sent) fails, then it is back.
    let statements = 0;
    const db = new Proxy(t.database.db, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (key !== 'execute') return value;
        return (...args: Parameters<typeof target.execute>) => {
          statements += 1;
          if (statements === 2) return Promise.reject(new Error('Connection terminated'));
          return target.execute(...args);
        };
      },
    });
    const errors: unknown[] = [];
    const sender = createPushSender({
      vapid: t.app.push.vapid,
      allowLoopback: true,
      ca: push.ca,
      timeoutMs: 2000,
    });
    const worker = createPushWorker({
      db,
      clock: t.clock,
      sender,
      log: { error: (details: unknown) => errors.push(details) } as never,
      batch: 100,
      maxAttempts: 3,
      leaseMs: 30_000,
    });
    await worker.once();
    expect(errors).toHaveLength(1);
    expect(deliveredTo(endpoint).map((p) => p.payload.tag)).toEqual([`chat:${her}`]);
    // The next step marks it before anything else; past the lease, no node sends it again.
    await worker.once();
    sender.close();
    t.clock.advance(30_000);
    await t.app.push.drain();
    expect(deliveredTo(endpoint).map((p) => p.payload.tag)).toEqual([`chat:${her}`]);
  });

  it('after the push service took the push, before it was marked sent: sent again with the same Topic and payload', async () => {
    const { her, endpoint } = await acknowledgedMessage();
    await t.app.push.notified();
    const claimed = await claimDue(t.database.db, t.clock.now(), lease(30_000), 100);
    const stopped = createPushSender({
      vapid: t.app.push.vapid,
      allowLoopback: true,
      ca: push.ca,
      timeoutMs: 2000,
    });
    for (const each of claimed.filter((p) => p.endpoint === endpoint)) {
      expect(await stopped.send(each)).toEqual({ outcome: 'sent' });
    }
    stopped.close();
    t.clock.advance(30_000);
    await t.app.push.drain();
    // At least once: the only step where a push goes twice. The Topic (from the tag) lets a push
    // service still holding the first replace it, and the phone shows one notification for the
    // tag, replaced without a second sound (ADR 064).
    const [first, second, ...more] = deliveredTo(endpoint);
    expect(more).toEqual([]);
    expect(first?.payload.tag).toBe(`chat:${her}`);
    expect(second).toEqual(first);
  });
});
