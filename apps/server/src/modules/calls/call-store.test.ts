import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { type CallStore, createMemoryCallStore, createRedisCallStore } from './call-store.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const redis = redisUrl ? new Redis(redisUrl) : undefined;
afterAll(async () => {
  await redis?.quit();
});

const TTL_MS = 300;
const stores: Array<[string, () => CallStore]> = [['in memory', createMemoryCallStore]];
if (redis) {
  stores.push([
    'on Redis',
    () => createRedisCallStore(redis, { ttlMs: TTL_MS, prefix: `test:${crypto.randomUUID()}:` }),
  ]);
}

describe.each(stores)('the call store %s', (_name, create) => {
  it('claims both members of a call, or says which one is busy', async () => {
    const store = create();
    expect(await store.claim('amina', 'youssef', 'call-1')).toBe('claimed');
    expect(await store.current('amina')).toEqual({ callId: 'call-1', peerId: 'youssef' });
    expect(await store.current('youssef')).toEqual({ callId: 'call-1', peerId: 'amina' });
    expect(await store.claim('karim', 'youssef', 'call-2')).toBe('calleeBusy');
    expect(await store.claim('amina', 'karim', 'call-3')).toBe('callerBusy');
    // A refused claim takes nobody: Karim is free.
    expect(await store.current('karim')).toBeNull();
  });

  it('releases only the claims still on the call it ends', async () => {
    const store = create();
    await store.claim('amina', 'youssef', 'call-1');
    await store.release('call-1', ['amina']);
    expect(await store.claim('amina', 'karim', 'call-2')).toBe('claimed');
    // Ending the first call again leaves Amina's new one alone.
    await store.release('call-1', ['amina', 'youssef']);
    expect(await store.current('amina')).toEqual({ callId: 'call-2', peerId: 'karim' });
    expect(await store.current('youssef')).toBeNull();
  });

  it('keeps a call’s ring for the callee until it is answered or ends, and only that call’s', async () => {
    const store = create();
    const ring = { callId: 'call-1', callerId: 'amina', signal: '{"type":"video"}' };
    await store.claim('amina', 'youssef', 'call-1');
    await store.ring('youssef', ring, 5000);
    expect(await store.ringing('youssef')).toEqual({ ...ring, candidates: [] });
    // The caller's candidates are kept with it, a stale call's are not.
    await store.ringCandidate('call-1', 'youssef', '{"candidate":"a"}');
    await store.ringCandidate('call-0', 'youssef', '{"candidate":"stale"}');
    await store.ringCandidate('call-1', 'youssef', '{"candidate":"b"}');
    await store.ringCandidate('call-1', 'amina', '{"candidate":"not a callee"}');
    const withCandidates = { ...ring, candidates: ['{"candidate":"a"}', '{"candidate":"b"}'] };
    expect(await store.ringing('youssef')).toEqual(withCandidates);
    expect(await store.ringing('amina')).toBeNull();
    await store.answered('call-0', 'youssef');
    expect(await store.ringing('youssef')).toEqual(withCandidates);
    await store.answered('call-1', 'youssef');
    expect(await store.ringing('youssef')).toBeNull();

    await store.release('call-1', ['amina', 'youssef']);
    await store.claim('karim', 'youssef', 'call-2');
    await store.ring('youssef', { ...ring, callId: 'call-2', callerId: 'karim' }, 5000);
    await store.release('call-2', ['karim', 'youssef']);
    expect(await store.ringing('youssef')).toBeNull();
  });
});

describe.runIf(redis)('the call store on Redis, when a node dies', () => {
  const create = () =>
    createRedisCallStore(redis as Redis, { ttlMs: TTL_MS, prefix: `test:${crypto.randomUUID()}:` });

  it('frees the members of a call nobody renews, and keeps those of a renewed one', async () => {
    const store = create();
    await store.claim('amina', 'youssef', 'renewed');
    await store.claim('karim', 'idris', 'abandoned');
    for (let i = 0; i < 4; i++) {
      await new Promise((resolve) => setTimeout(resolve, TTL_MS / 3));
      const amiss = await store.renew([
        { callId: 'renewed', memberIds: ['amina', 'youssef'], mine: ['amina', 'youssef'] },
      ]);
      expect(amiss).toEqual([]);
    }
    expect(await store.current('amina')).toEqual({ callId: 'renewed', peerId: 'youssef' });
    expect(await store.current('karim')).toBeNull();
    expect(await store.claim('karim', 'idris', 'next')).toBe('claimed');
  });

  it('tells the node renewing one side of a call that the other side’s node stopped', async () => {
    const store = create();
    await store.claim('amina', 'youssef', 'call-1');
    // Amina's socket is on this node, Youssef's on one that was killed: his claim lapses.
    const mine = { callId: 'call-1', memberIds: ['amina', 'youssef'] as const, mine: ['amina'] };
    for (let i = 0; i < 4; i++) {
      await new Promise((resolve) => setTimeout(resolve, TTL_MS / 3));
      await store.renew([mine]);
    }
    expect(await store.current('amina')).toEqual({ callId: 'call-1', peerId: 'youssef' });
    expect(await store.renew([mine])).toEqual([
      { callId: 'call-1', mineGone: false, peerGone: true },
    ]);
  });

  it('says which claims Redis lost, and writes this node’s again unless another call took them', async () => {
    const store = create();
    await store.claim('amina', 'youssef', 'call-1');
    await store.release('call-1', ['amina', 'youssef']);
    const held = { callId: 'call-1', memberIds: ['amina', 'youssef'] as const, mine: ['amina'] };
    expect(await store.renew([held])).toEqual([
      { callId: 'call-1', mineGone: true, peerGone: true },
    ]);
    await store.claim('karim', 'youssef', 'call-2');
    await store.restore({ ...held, mine: ['amina', 'youssef'] });
    expect(await store.current('amina')).toEqual({ callId: 'call-1', peerId: 'youssef' });
    expect(await store.current('youssef')).toEqual({ callId: 'call-2', peerId: 'karim' });
  });
});
