import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestClock } from '../../../test/test-app.ts';
import {
  createMemoryRateLimitStore,
  createRedisRateLimitStore,
  type RateLimitStore,
} from '../../lib/rate-limiter.ts';
import { createScamShield } from './scam-shield.ts';

/**
 * The scam shield's slowed senders across nodes (ADR 066): each node answers "is this sender
 * slowed?" from its copy of the set, read whole from the shared store, so a message costs no
 * round trip to Redis; a sender slowed on one node is slowed on the others at their next read.
 */

const config = { enabled: true, slowAfterPerHour: 3, slowedPerMinute: 2, reportAfterPerDay: 99 };
const redisUrl = process.env.TEST_REDIS_URL;
const redis = redisUrl ? new Redis(redisUrl) : undefined;
afterAll(async () => {
  await redis?.quit();
});

/** The store the nodes share (Redis when the run has one), counting its reads of the set. */
function sharedStore() {
  const clock = createTestClock();
  const store: RateLimitStore = redis
    ? createRedisRateLimitStore(redis, `test:${crypto.randomUUID()}:`)
    : createMemoryRateLimitStore(clock);
  const reads = { count: 0 };
  const counted: RateLimitStore = {
    ...store,
    marked(set, nowMs) {
      reads.count += 1;
      return store.marked(set, nowMs);
    },
  };
  return { clock, store: counted, reads };
}

function node(shared: ReturnType<typeof sharedStore>, slowedViewMs?: number) {
  return createScamShield({
    limiter: shared.store,
    clock: shared.clock,
    config,
    flaggedSince: async () => [],
    report: async () => undefined,
    ...(slowedViewMs === undefined ? {} : { slowedViewMs }),
  });
}

const refusal = (promise: Promise<void>) =>
  promise.then(
    () => 'sent',
    (err: { statusCode?: number; code?: string }) => `${err.statusCode} ${err.code}`,
  );

describe('a sender slowed on one node', () => {
  it('is slowed on the other node once it reads the set again', async () => {
    const shared = sharedStore();
    const first = node(shared);
    const second = node(shared, 40);
    expect(await refusal(second.pace('amina'))).toBe('sent');
    for (let i = 0; i < config.slowAfterPerHour; i += 1) await first.flagged('amina');
    // The node that slowed her knows at once.
    expect(await refusal(first.pace('amina'))).toBe('sent');
    expect(await refusal(first.pace('amina'))).toBe('sent');
    expect(await refusal(first.pace('amina'))).toBe('429 MESSAGES_SLOWED');
    // The other one within its copy's life, on the same minute's count.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await refusal(second.pace('amina'))).toBe('429 MESSAGES_SLOWED');
    expect(await refusal(second.pace('youssef'))).toBe('sent');
  });

  it('costs the other senders no read of the store a message', async () => {
    const shared = sharedStore();
    const shield = node(shared);
    await Promise.all(Array.from({ length: 200 }, (_, i) => shield.pace(`member-${i % 50}`)));
    for (let i = 0; i < 200; i += 1) await shield.pace(`member-${i % 50}`);
    expect(shared.reads.count).toBe(1);
  });

  it('is free again once the hour of slowness ends', async () => {
    const shared = sharedStore();
    const shield = node(shared, 0);
    for (let i = 0; i < config.slowAfterPerHour; i += 1) await shield.flagged('amina');
    await shield.pace('amina');
    await shield.pace('amina');
    expect(await refusal(shield.pace('amina'))).toBe('429 MESSAGES_SLOWED');
    shared.clock.advance(60 * 60_000);
    expect(await refusal(shield.pace('amina'))).toBe('sent');
  });
});
