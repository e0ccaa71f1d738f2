import type { Redis } from 'ioredis';
import type { Clock } from './clock.ts';

/**
 * Fixed-window counters. The counting store is in process for one node and Redis when several
 * nodes share the limits; both behave the same (the suite runs against both).
 */
export type RateLimitStore = {
  /** Current count in the window, without counting. */
  peek(key: string): Promise<{ count: number; resetInMs: number }>;
  /** Counts one event and returns the new count. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
};

export function createMemoryRateLimitStore(clock: Clock): RateLimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const entry = windows.get(key);
    if (entry && entry.resetAt <= clock.now().getTime()) {
      windows.delete(key);
      return undefined;
    }
    return entry;
  };
  // Expired windows would otherwise pile up with every address that ever failed once.
  const sweep = setInterval(() => {
    for (const key of windows.keys()) live(key);
  }, 60_000);
  sweep.unref();
  return {
    async peek(key) {
      const entry = live(key);
      const now = clock.now().getTime();
      return { count: entry?.count ?? 0, resetInMs: entry ? entry.resetAt - now : 0 };
    },
    async hit(key, windowMs) {
      const now = clock.now().getTime();
      const entry = live(key) ?? { count: 0, resetAt: now + windowMs };
      entry.count += 1;
      windows.set(key, entry);
      return { count: entry.count, resetInMs: entry.resetAt - now };
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      clearInterval(sweep);
    },
  };
}

export function createRedisRateLimitStore(redis: Redis, prefix = 'ratelimit:'): RateLimitStore {
  return {
    async peek(key) {
      const result = await redis
        .multi()
        .get(prefix + key)
        .pttl(prefix + key)
        .exec();
      return {
        count: Number(result?.[0]?.[1] ?? 0),
        resetInMs: Math.max(0, Number(result?.[1]?.[1] ?? 0)),
      };
    },
    async hit(key, windowMs) {
      const result = await redis
        .multi()
        .incr(prefix + key)
        .pexpire(prefix + key, windowMs, 'NX')
        .pttl(prefix + key)
        .exec();
      return {
        count: Number(result?.[0]?.[1] ?? 0),
        resetInMs: Math.max(0, Number(result?.[2]?.[1] ?? windowMs)),
      };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {},
  };
}

export type Limit = { name: string; max: number; windowMs: number };

/** Throws the caller's error when any of the keyed limits is already reached. */
export async function ensureUnderLimits(
  store: RateLimitStore,
  checks: Array<{ limit: Limit; key: string }>,
  onLimited: (retryAfterMs: number) => Error,
): Promise<void> {
  for (const { limit, key } of checks) {
    const { count, resetInMs } = await store.peek(`${limit.name}:${key}`);
    if (count >= limit.max) throw onLimited(resetInMs);
  }
}

export async function countAgainstLimits(
  store: RateLimitStore,
  checks: Array<{ limit: Limit; key: string }>,
): Promise<void> {
  await Promise.all(
    checks.map(({ limit, key }) => store.hit(`${limit.name}:${key}`, limit.windowMs)),
  );
}

/** For actions limited whether they succeed or not (registration, reset e-mails). */
export async function consumeLimits(
  store: RateLimitStore,
  checks: Array<{ limit: Limit; key: string }>,
  onLimited: (retryAfterMs: number) => Error,
): Promise<void> {
  await ensureUnderLimits(store, checks, onLimited);
  await countAgainstLimits(store, checks);
}
