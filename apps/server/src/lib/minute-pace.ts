import { HttpError } from './http-error.ts';
import { type RateLimitStore, reserveLimits } from './rate-limiter.ts';

const ONE_MINUTE = 60_000;

/**
 * How many times a minute one member may do what a person does at reading speed (open a
 * profile, load a page of suggestions, fetch a photo): a pace no person meets, which a script
 * meets at once. The daily caps bound how much a member reads; this bounds how fast. Past it,
 * 429 `READING_TOO_FAST` with `Retry-After`, the seconds left in the member's minute. Counted in
 * the rate-limit store, so every node shares one count with Redis.
 */
export function createMinutePace(deps: { limiter: RateLimitStore; name: string; max: number }) {
  const limit = { name: `${deps.name}-minute`, max: deps.max, windowMs: ONE_MINUTE };
  return {
    async take(memberId: string): Promise<void> {
      await reserveLimits(deps.limiter, [{ limit, key: memberId }], (retryAfterMs) => {
        const retryAfter = Math.max(1, Math.ceil(retryAfterMs / 1000));
        return new HttpError(429, 'READING_TOO_FAST', {
          params: { retryAfter },
          headers: { 'retry-after': String(retryAfter) },
        });
      });
    },
  };
}

export type MinutePace = ReturnType<typeof createMinutePace>;
