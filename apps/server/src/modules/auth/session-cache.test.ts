import { describe, expect, it } from 'vitest';
import { bearer, seedMembers, sessionFor } from '../../../test/fixtures.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { createMemoryCallStore } from '../calls/call-store.ts';
import { createLocalBackplane } from '../realtime/backplane.ts';
import { createMemoryPresenceStore } from '../realtime/presence-store.ts';
import { createSessionCache } from './session-cache.ts';

const session = { id: 's1', memberId: 'm1' };
const entry = (now: number) => ({
  session,
  expiresAt: now + 10_000,
  checkedAt: now,
  activeAt: now,
});

describe('the session cache', () => {
  it('serves an entry until its age or its session’s expiry, whichever comes first', () => {
    const cache = createSessionCache({ maxAgeMs: 1000, maxEntries: 10, random: () => 0 });
    cache.set('hash', { ...entry(0), expiresAt: 500 }, cache.generation());
    expect(cache.get('hash', 499)?.session).toEqual(session);
    expect(cache.get('hash', 500)).toBeUndefined();
    cache.set('hash', entry(0), cache.generation());
    expect(cache.get('hash', 999)?.session).toEqual(session);
    expect(cache.get('hash', 1000)).toBeUndefined();
  });

  it('spreads the ages of entries cached together between half the maximum and all of it', () => {
    const cache = createSessionCache({ maxAgeMs: 1000, maxEntries: 100 });
    const hashes = Array.from({ length: 100 }, (_, i) => `hash-${i}`);
    for (const hash of hashes) cache.set(hash, entry(0), cache.generation());
    const served = (now: number) => hashes.filter((hash) => cache.get(hash, now)).length;
    expect(served(499)).toBe(100);
    const atThreeQuarters = served(750);
    expect(atThreeQuarters).toBeGreaterThan(10);
    expect(atThreeQuarters).toBeLessThan(90);
    expect(served(1000)).toBe(0);
  });

  it('forgets a session or all of a member’s, and keeps no lookup that began before', () => {
    const cache = createSessionCache({ maxAgeMs: 1000, maxEntries: 10 });
    cache.set('a', entry(0), cache.generation());
    cache.set('b', { ...entry(0), session: { id: 's2', memberId: 'm1' } }, cache.generation());
    cache.forget({ sessionId: 's1' });
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('b', 1)?.session).toEqual({ id: 's2', memberId: 'm1' });
    cache.forget({ memberId: 'm1' });
    expect(cache.get('b', 1)).toBeUndefined();
    // Read from the database, then revoked while the answer travelled: not kept.
    const startedAt = cache.generation();
    cache.forget({ sessionId: 's1' });
    cache.set('a', entry(0), startedAt);
    expect(cache.get('a', 1)).toBeUndefined();
  });

  it('keeps at most its number of entries, dropping the oldest', () => {
    const cache = createSessionCache({ maxAgeMs: 1000, maxEntries: 2 });
    for (const hash of ['x', 'y', 'z']) cache.set(hash, entry(0), cache.generation());
    expect(cache.get('x', 1)).toBeUndefined();
    expect(cache.get('z', 1)?.session).toEqual(session);
    expect(cache.get('y', 1)?.session).toEqual(session);
  });

  it('lets a logout on one node end the session at once on another that had it cached', async () => {
    const realtime = {
      backplane: createLocalBackplane(),
      presence: createMemoryPresenceStore(),
      calls: createMemoryCallStore(),
    };
    const one = await createTestApp({ realtime });
    const two = await createTestApp({ database: one.database, realtime });
    const [member = ''] = await seedMembers(one.database.db, [{ gender: 'femme' }]);
    const token = await sessionFor(one.database.db, member);
    const me = (node: typeof one) =>
      node.app.inject({ url: '/api/users/me', headers: bearer(token) });
    expect((await me(one)).statusCode).toBe(200);
    const logout = await two.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(token),
    });
    expect(logout.statusCode).toBeLessThan(300);
    await new Promise((r) => setTimeout(r, 10));
    expect((await me(one)).statusCode).toBe(401);
  });
});
