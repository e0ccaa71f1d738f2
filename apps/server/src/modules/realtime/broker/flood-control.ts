import type { BrokerLimits } from '../../../config.ts';
import type { Connection } from './types.ts';

/** Bounds the flood cool-down list: past it, flooders are only cut off, not held back. */
const MAX_COOLING = 10_000;

/**
 * Flood control: a token bucket per connection (a flooding client is cut off instead of slowing
 * the others), and a cool-down per member cut off for flooding, so that reconnecting at once
 * does not make every reconnection cost the others.
 */
export function createFloodControl(limits: BrokerLimits, now: () => number) {
  /** Members cut off for flooding, until when they may not connect again (on this node). */
  const cooling = new Map<string, number>();
  return {
    /** Takes a token for one frame; false when the connection has none left. */
    withinRate(connection: Connection) {
      const t = now();
      connection.tokens = Math.min(
        limits.frameBurst,
        connection.tokens + ((t - connection.tokensAt) / 1000) * limits.framesPerSecond,
      );
      connection.tokensAt = t;
      if (connection.tokens < 1) return false;
      connection.tokens -= 1;
      return true;
    },

    /** Holds a flooder back for `floodCooldownMs`. */
    coolDown(memberId: string) {
      if (cooling.size < MAX_COOLING) cooling.set(memberId, now() + limits.floodCooldownMs);
    },

    /** Whether a member is still held back; one who is not is taken off the list. */
    isCooling(memberId: string) {
      const until = cooling.get(memberId);
      if (until !== undefined && until > now()) return true;
      cooling.delete(memberId);
      return false;
    },
  };
}

export type FloodControl = ReturnType<typeof createFloodControl>;
