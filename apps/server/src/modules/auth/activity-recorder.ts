import type { FastifyBaseLogger } from 'fastify';
import { touchActivities } from '../../core/members.repository.ts';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';

/**
 * Members' activity (when last active, and the day that orders suggestions), written every
 * `start` period for all the members seen since, in one statement and off the request path. It
 * only needs a minute's resolution; written in each member's request, the members whose minute
 * ended together (after a restart, in a load test) queued hundreds of updates in front of every
 * request (docs/performance.md, chat).
 */
export function createActivityRecorder(deps: {
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
}) {
  let seen = new Set<string>();

  async function flush() {
    if (seen.size === 0) return;
    const memberIds = [...seen];
    seen = new Set();
    try {
      await touchActivities(deps.db, memberIds, deps.clock.now());
    } catch (err) {
      deps.log.error({ err }, 'Could not record the activity of members');
    }
  }

  return {
    touch(memberId: string) {
      seen.add(memberId);
    },
    /** Writes what was seen every `everyMs`; the stop function writes the rest. */
    start(everyMs: number) {
      const timer = setInterval(() => void flush(), everyMs);
      timer.unref();
      return async () => {
        clearInterval(timer);
        await flush();
      };
    },
    flush,
  };
}

export type ActivityRecorder = ReturnType<typeof createActivityRecorder>;
