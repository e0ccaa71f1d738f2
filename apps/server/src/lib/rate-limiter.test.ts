import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestClock } from '../../test/test-app.ts';
import { createMemoryRateLimitStore, createRedisRateLimitStore } from './rate-limiter.ts';

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
  });
});
