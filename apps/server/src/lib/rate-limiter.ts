import type { Redis } from 'ioredis';
import type { Clock } from './clock.ts';

/**
 * Fixed-window counters. The counting store is in process for one node and Redis when several
 * nodes share the limits; both behave the same (the suite runs against both).
 */
export type RateLimitStore = {
  /** Current count in the window, without counting. */
  peek(key: string): Promise<{ count: number; resetInMs: number }>;
  /** Counts one event and returns the new count: atomic, however many arrive at once. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  /** Takes one event back (a refused or harmless one), within the same window. */
  release(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  /**
   * Marks `member` in the named set until `untilMs` (the caller's clock), unless it is marked
   * already: a mark is not stretched. For a few members at a time (senders the scam shield
   * slowed), which every node reads whole (`marked`) rather than asking about each one.
   */
  mark(set: string, member: string, nowMs: number, untilMs: number): Promise<void>;
  /** The members marked in the set at `nowMs`, with the end of each mark. */
  marked(set: string, nowMs: number): Promise<Map<string, number>>;
  close(): Promise<void>;
};

export function createMemoryRateLimitStore(clock: Clock): RateLimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const sets = new Map<string, Map<string, number>>();
  /** The set without its ended marks. */
  const liveSet = (name: string, nowMs: number) => {
    const set = sets.get(name) ?? new Map<string, number>();
    sets.set(name, set);
    for (const [member, until] of set) if (until <= nowMs) set.delete(member);
    return set;
  };
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
    async release(key) {
      const entry = live(key);
      if (entry && entry.count > 0) entry.count -= 1;
    },
    async reset(key) {
      windows.delete(key);
    },
    async mark(name, member, nowMs, untilMs) {
      const set = liveSet(name, nowMs);
      if (!set.has(member)) set.set(member, untilMs);
    },
    async marked(name, nowMs) {
      return new Map(liveSet(name, nowMs));
    },
    async close() {
      clearInterval(sweep);
    },
  };
}

// Decrements only a live window: a plain DECR on an expired key would start one at -1, forever.
const RELEASE_SCRIPT = `if redis.call('exists', KEYS[1]) == 1 and tonumber(redis.call('get', KEYS[1])) > 0 then
  return redis.call('decr', KEYS[1]) end return 0`;

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
    async release(key) {
      await redis.eval(RELEASE_SCRIPT, 1, prefix + key);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    // A sorted set scored by each mark's end; the key lives as long as its last mark.
    async mark(name, member, nowMs, untilMs) {
      const key = `${prefix}set:${name}`;
      const ttl = Math.max(1, untilMs - nowMs);
      await redis
        .multi()
        .zremrangebyscore(key, '-inf', nowMs)
        .zadd(key, 'NX', untilMs, member)
        .pexpire(key, ttl, 'NX')
        .pexpire(key, ttl, 'GT')
        .exec();
    },
    async marked(name, nowMs) {
      const flat = await redis.zrangebyscore(
        `${prefix}set:${name}`,
        `(${nowMs}`,
        '+inf',
        'WITHSCORES',
      );
      const marks = new Map<string, number>();
      for (let i = 0; i + 1 < flat.length; i += 2) {
        marks.set(flat[i] as string, Number(flat[i + 1]));
      }
      return marks;
    },
    async close() {},
  };
}

export type Limit = { name: string; max: number; windowMs: number };
export type LimitCheck = { limit: Limit; key: string };

type Slots = { release: (check: LimitCheck) => Promise<void> };

const keyOf = ({ limit, key }: LimitCheck) => `${limit.name}:${key}`;

/**
 * Takes a slot under every limit, or none: the count is incremented first and checked after, so
 * of any number of callers at once at most `max` get one; a caller over any limit gives its slots
 * back and learns how long until the longest of those windows ends.
 */
export async function takeSlots(
  store: RateLimitStore,
  checks: LimitCheck[],
): Promise<({ taken: true } & Slots) | { taken: false; retryAfterMs: number }> {
  const counts = await Promise.all(checks.map((c) => store.hit(keyOf(c), c.limit.windowMs)));
  const over = counts.flatMap((count, i) =>
    count.count > (checks[i]?.limit.max ?? 0) ? [count.resetInMs] : [],
  );
  if (over.length > 0) {
    await Promise.all(checks.map((c) => store.release(keyOf(c))));
    return { taken: false, retryAfterMs: Math.max(...over) };
  }
  return { taken: true, release: (check) => store.release(keyOf(check)) };
}

/**
 * Counts one event under every limit and refuses none: the callers of `takeSlots` under the same
 * limits find it counted.
 */
export async function countEvents(store: RateLimitStore, checks: LimitCheck[]): Promise<void> {
  await Promise.all(checks.map((c) => store.hit(keyOf(c), c.limit.windowMs)));
}

/**
 * Takes a slot under every limit before the work it guards (a password hash, an image decode),
 * as `takeSlots`, and throws `onLimited`'s error when one is full. The answer releases slots
 * when the outcome should not count (a successful sign-in is not a failure).
 */
export async function reserveLimits(
  store: RateLimitStore,
  checks: LimitCheck[],
  onLimited: (retryAfterMs: number) => Error,
): Promise<Slots> {
  const slots = await takeSlots(store, checks);
  if (!slots.taken) throw onLimited(slots.retryAfterMs);
  return slots;
}
