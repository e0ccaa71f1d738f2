import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestClock } from '../../test/test-app.ts';
import {
  createMemoryRateLimitStore,
  createRedisRateLimitStore,
  type RateLimitStore,
  reserveLimits,
} from './rate-limiter.ts';

/** Of 25 reservations at once under a limit of 5, exactly 5 pass and the count stays at 5. */
async function expectReservationsCapped(store: RateLimitStore, key: string) {
  const limit = { name: 'race', max: 5, windowMs: 60_000 };
  const results = await Promise.allSettled(
    Array.from({ length: 25 }, () =>
      reserveLimits(store, [{ limit, key }], () => new Error('limited')),
    ),
  );
  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
  expect((await store.peek(`race:${key}`)).count).toBe(5);
  const passed = results.find((r) => r.status === 'fulfilled');
  if (passed?.status === 'fulfilled') await passed.value.release({ limit, key });
  expect((await store.peek(`race:${key}`)).count).toBe(4);
}

/**
 * Marks in a set as two nodes see them (`a` marks, `b` reads): a mark lasts until its end, is
 * not stretched by a second one, and a new one is taken once it ended.
 */
async function expectMarksShared(a: RateLimitStore, b: RateLimitStore) {
  const now = Date.now();
  await a.mark('slowed', 'amina', now, now + 1000);
  await a.mark('slowed', 'amina', now, now + 5000);
  await a.mark('slowed', 'youssef', now, now + 3000);
  expect(await b.marked('slowed', now)).toEqual(
    new Map([
      ['amina', now + 1000],
      ['youssef', now + 3000],
    ]),
  );
  expect(await b.marked('slowed', now + 1000)).toEqual(new Map([['youssef', now + 3000]]));
  await a.mark('slowed', 'amina', now + 1000, now + 2000);
  expect((await b.marked('slowed', now + 1500)).get('amina')).toBe(now + 2000);
  expect(await b.marked('other', now)).toEqual(new Map());
}

describe('in-process rate limit store', () => {
  it('counts within a window and forgets when it ends', async () => {
    const clock = createTestClock();
    const store = createMemoryRateLimitStore(clock);
    expect((await store.hit('k', 1000)).count).toBe(1);
    expect((await store.hit('k', 1000)).count).toBe(2);
    expect(await store.peek('k')).toEqual({ count: 2, resetInMs: 1000 });
    clock.advance(1000);
    expect((await store.peek('k')).count).toBe(0);
    expect((await store.hit('k', 1000)).count).toBe(1);
    await store.reset('k');
    expect((await store.peek('k')).count).toBe(0);
    await store.release('k');
    expect((await store.peek('k')).count).toBe(0);
    await store.close();
  });

  it('lets through no more reservations than the limit, however many arrive at once', async () => {
    const store = createMemoryRateLimitStore(createTestClock());
    await expectReservationsCapped(store, 'memory');
    await store.close();
  });

  it('keeps marks until their end, never stretched', async () => {
    const store = createMemoryRateLimitStore(createTestClock());
    await expectMarksShared(store, store);
    await store.close();
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('Redis rate limit store (several nodes share the counts)', () => {
  const nodeA = new Redis(redisUrl ?? '');
  const nodeB = new Redis(redisUrl ?? '');
  const prefix = `test:${crypto.randomUUID()}:`;
  afterAll(async () => {
    await nodeA.quit();
    await nodeB.quit();
  });

  it('counts hits from two nodes together and forgets when the window ends', async () => {
    const a = createRedisRateLimitStore(nodeA, prefix);
    const b = createRedisRateLimitStore(nodeB, prefix);
    await a.hit('k', 300);
    await b.hit('k', 300);
    const seen = await a.peek('k');
    expect(seen.count).toBe(2);
    expect(seen.resetInMs).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 400));
    expect((await b.peek('k')).count).toBe(0);
  });

  it('keeps the window of the first hit', async () => {
    const a = createRedisRateLimitStore(nodeA, prefix);
    await a.hit('w', 60_000);
    const second = await a.hit('w', 1);
    expect(second.resetInMs).toBeGreaterThan(50_000);
    await a.reset('w');
    expect((await a.peek('w')).count).toBe(0);
    // Releasing a window that has ended does not start one below zero.
    await a.release('w');
    expect((await a.peek('w')).count).toBe(0);
    expect((await a.hit('w', 1000)).count).toBe(1);
  });

  it('lets through no more reservations than the limit across nodes', async () => {
    await expectReservationsCapped(createRedisRateLimitStore(nodeA, prefix), 'redis');
  });

  it('shares marks between nodes until their end, never stretched', async () => {
    await expectMarksShared(
      createRedisRateLimitStore(nodeA, prefix),
      createRedisRateLimitStore(nodeB, prefix),
    );
  });
});
