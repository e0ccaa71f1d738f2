import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryPresenceStore, createRedisPresenceStore } from './presence-store.ts';

describe('in-process presence', () => {
  it('says when a member comes online and goes offline', async () => {
    const store = createMemoryPresenceStore();
    expect(await store.add('m')).toBe(true);
    expect(await store.onlineAmong(['m', 'n'])).toEqual(new Set(['m']));
    expect(await store.remove('m')).toBe(true);
    expect(await store.remove('m')).toBe(false);
    expect(await store.onlineAmong(['m'])).toEqual(new Set());
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('Redis presence (several nodes)', () => {
  const redis = new Redis(redisUrl ?? '');
  const prefix = `test:${crypto.randomUUID()}:presence:`;
  afterAll(async () => {
    await redis.quit();
  });

  it('counts a member online while any node holds a socket of theirs', async () => {
    const one = createRedisPresenceStore(redis, { ttlMs: 10_000, prefix, nodeId: 'one' });
    const two = createRedisPresenceStore(redis, { ttlMs: 10_000, prefix, nodeId: 'two' });
    expect(await one.add('amina')).toBe(true);
    expect(await two.add('amina')).toBe(false);
    expect(await one.onlineAmong(['amina', 'youssef'])).toEqual(new Set(['amina']));
    expect(await one.remove('amina')).toBe(false);
    expect(await two.onlineAmong(['amina'])).toEqual(new Set(['amina']));
    expect(await two.remove('amina')).toBe(true);
    expect(await one.onlineAmong(['amina'])).toEqual(new Set());
  });

  it('takes a dead node’s members offline once its key expires, announced by one node only', async () => {
    const dying = createRedisPresenceStore(redis, { ttlMs: 300, prefix, nodeId: 'dying' });
    const two = createRedisPresenceStore(redis, { ttlMs: 10_000, prefix, nodeId: 'two' });
    const three = createRedisPresenceStore(redis, { ttlMs: 10_000, prefix, nodeId: 'three' });
    await dying.add('karim');
    await dying.add('sara');
    await three.add('sara');
    expect(await two.tick()).toEqual({ offline: [], online: [] });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await two.onlineAmong(['karim', 'sara'])).toEqual(new Set(['sara']));
    const claims = await Promise.all([two.tick(), three.tick()]);
    // Sara still has a socket on node three: only Karim went offline, and only one node says so.
    expect(claims.flatMap((c) => c.offline)).toEqual(['karim']);
  });

  it('writes a node’s members again when Redis lost them, while their sockets stayed open', async () => {
    const one = createRedisPresenceStore(redis, { ttlMs: 10_000, prefix, nodeId: 'restarted' });
    await one.add('nadia');
    await one.add('omar');
    await one.remove('omar');
    // Redis restarted without persistence: every key is gone (only this test's, here).
    const keys = await redis.keys(`${prefix}*`);
    await redis.del(...keys);
    expect(await one.onlineAmong(['nadia'])).toEqual(new Set());
    expect(await one.tick()).toEqual({ offline: [], online: ['nadia'] });
    expect(await one.onlineAmong(['nadia', 'omar'])).toEqual(new Set(['nadia']));
    // Written once: the next tick finds the node listed.
    expect(await one.tick()).toEqual({ offline: [], online: [] });
  });
});
