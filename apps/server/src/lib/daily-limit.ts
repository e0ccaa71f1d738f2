import type { ErrorCode, ErrorParams } from '@mawadda/contract';
import type { Clock } from './clock.ts';
import { HttpError } from './http-error.ts';
import { type RateLimitStore, reserveLimits } from './rate-limiter.ts';

const ONE_DAY = 24 * 60 * 60 * 1000;

/**
 * What a member may do so many times a day (likes, new conversations, reports): a count per
 * member per calendar day, UTC. The day is part of the key, so the count starts again at midnight
 * in either store, and the refusal (429, the limit's own code) says how long until then and the
 * member's most a day (`max`).
 */
export function createDailyLimit(deps: {
  limiter: RateLimitStore;
  clock: Clock;
  name: string;
  max: number;
  code: ErrorCode;
}) {
  return {
    /**
     * Takes one of the member's slots of today before the work it guards: of any number arriving
     * at once, at most `max` a day get one. `release` gives it back when the work did not count.
     * `max` lower than the limit's own for this member (a new account, ADR 043): the same count,
     * refused with `refusal`'s code and params when the member's own reason needs its own words.
     */
    async reserve(
      memberId: string,
      max = deps.max,
      refusal: { code: ErrorCode; params: ErrorParams } = { code: deps.code, params: {} },
    ): Promise<{ release(): Promise<void> }> {
      const now = deps.clock.now().getTime();
      const dayStart = now - (now % ONE_DAY);
      const untilTomorrow = dayStart + ONE_DAY - now;
      const day = new Date(dayStart).toISOString().slice(0, 10);
      const check = {
        limit: { name: `${deps.name}-day`, max, windowMs: untilTomorrow },
        key: `${memberId}:${day}`,
      };
      const slot = await reserveLimits(deps.limiter, [check], () => {
        const retryAfter = Math.max(1, Math.ceil(untilTomorrow / 1000));
        return new HttpError(429, refusal.code, {
          params: { ...refusal.params, retryAfter, max },
          headers: { 'retry-after': String(retryAfter) },
        });
      });
      return { release: () => slot.release(check) };
    },
  };
}

export type DailyLimit = ReturnType<typeof createDailyLimit>;
