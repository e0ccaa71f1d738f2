import { REPORT_MESSAGES_MAX } from '@mawadda/contract';
import type { ScamShieldConfig } from '../../config.ts';
import { SHIELD_BITS } from '../../core/scam-rules.ts';
import type { Clock } from '../../lib/clock.ts';
import { HttpError } from '../../lib/http-error.ts';
import { type RateLimitStore, reserveLimits } from '../../lib/rate-limiter.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The set of slowed senders in the rate-limit store, each until the end of their hour. */
const SLOWED = 'shield-slowed';
/**
 * How long a node trusts its copy of the slowed senders before it reads the set again (real
 * time, ADR 066): a sender slowed on another node is slowed here at most this late.
 */
const SLOWED_VIEW_MS = 1000;

/** Bits that make the shield's report one of asking for money (first in the queue). */
const MONEY = SHIELD_BITS.money | SHIELD_BITS.crypto;

/**
 * The server's report of a sender, for the moderation queue: no note, the moderators' page says
 * what the attached messages set off, in the moderator's language.
 */
export type ShieldReport = {
  reportedId: string;
  askingForMoney: boolean;
  messageSeqs: number[];
};

/**
 * The scam shield (ADR 043): reads a message's text with the rule table, and follows the senders
 * whose messages keep setting it off. Counted in the rate-limit store (Redis with several nodes),
 * in fixed windows of the hour and the day (UTC): from `slowAfterPerHour` flagged messages in an
 * hour, the sender may send only `slowedPerMinute` messages a minute for the next hour (429
 * `MESSAGES_SLOWED`); from `reportAfterPerDay` in a day, the server reports them, their flagged
 * messages of the day attached, each new one added to the open report. Every message asks
 * whether its sender is slowed: each node answers from its copy of the few slowed senders, read
 * whole from the store once a second, not with a round trip to Redis a message (ADR 066).
 */
export function createScamShield(deps: {
  limiter: RateLimitStore;
  clock: Clock;
  config: ScamShieldConfig;
  /** The sender's flagged messages since a time, oldest first, the newest `limit` of them. */
  flaggedSince(
    senderId: string,
    since: Date,
    limit: number,
  ): Promise<Array<{ seq: number; shield: number }>>;
  report(report: ShieldReport): Promise<unknown>;
  /** How long the copy of the slowed senders is trusted (ms of real time; tests: 0). */
  slowedViewMs?: number;
}) {
  const { limiter, clock, config } = deps;
  const slowedPace = {
    name: 'shield-slowed-minute',
    max: config.slowedPerMinute,
    windowMs: MINUTE,
  };

  const viewMs = deps.slowedViewMs ?? SLOWED_VIEW_MS;
  let slowed = new Map<string, number>();
  let readAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<void> | undefined;
  /** When the sender's slowness ends (by the app's clock), from this node's copy. */
  async function slowedUntil(senderId: string): Promise<number | undefined> {
    if (performance.now() - readAt >= viewMs) {
      reading ??= limiter
        .marked(SLOWED, clock.now().getTime())
        .then(
          (marks) => {
            slowed = marks;
          },
          // The store away for a moment: the last copy holds until the next read, and the
          // messages go on (the store's own limits refuse them if it stays away).
          () => undefined,
        )
        .finally(() => {
          readAt = performance.now();
          reading = undefined;
        });
      await reading;
    }
    return slowed.get(senderId);
  }

  /** The current fixed window of `size` (an hour, a day): its key part and the time left. */
  function window(size: number) {
    const now = clock.now().getTime();
    const start = now - (now % size);
    return { start, key: String(start), left: start + size - now };
  }

  return {
    /** A slowed sender's message takes one of their few a minute: 429 past them. */
    async pace(senderId: string): Promise<void> {
      if (!config.enabled) return;
      const until = await slowedUntil(senderId);
      if (until === undefined || until <= clock.now().getTime()) return;
      await reserveLimits(limiter, [{ limit: slowedPace, key: senderId }], (retryAfterMs) => {
        const retryAfter = Math.max(1, Math.ceil(retryAfterMs / 1000));
        return new HttpError(429, 'MESSAGES_SLOWED', {
          params: { retryAfter },
          headers: { 'retry-after': String(retryAfter) },
        });
      });
    },

    /** A stored message the rules flagged: counted; the sender slowed or reported past the bars. */
    async flagged(senderId: string): Promise<void> {
      const hour = window(HOUR);
      const day = window(DAY);
      const [inHour, inDay] = await Promise.all([
        limiter.hit(`shield-hour:${senderId}:${hour.key}`, hour.left),
        limiter.hit(`shield-day:${senderId}:${day.key}`, day.left),
      ]);
      if (inHour.count >= config.slowAfterPerHour) {
        // The first mark opens the hour of slowness; later ones do not stretch it. This node
        // knows at once, the others at their next read.
        const now = clock.now().getTime();
        await limiter.mark(SLOWED, senderId, now, now + HOUR);
        const known = slowed.get(senderId);
        if (known === undefined || known <= now) slowed.set(senderId, now + HOUR);
      }
      if (inDay.count >= config.reportAfterPerDay) {
        const evidence = await deps.flaggedSince(
          senderId,
          new Date(day.start),
          REPORT_MESSAGES_MAX,
        );
        const bits = evidence.reduce((all, message) => all | message.shield, 0);
        await deps.report({
          reportedId: senderId,
          askingForMoney: (bits & MONEY) !== 0,
          messageSeqs: evidence.map((message) => message.seq),
        });
      }
    },
  };
}

export type ScamShield = ReturnType<typeof createScamShield>;
