import type { FastifyBaseLogger } from 'fastify';
import { touchActivities } from '../../core/members.repository.ts';
import type { Database } from '../../db/database.ts';
import type { MailLanguage } from '../../lib/bilingual-mail.ts';
import type { Clock } from '../../lib/clock.ts';
import { touchSessions } from './sessions.repository.ts';

/**
 * Members' activity (when last active, and the day that orders suggestions), written every
 * `start` period for all the members seen since, in one statement and off the request path. It
 * only needs a minute's resolution; written in each member's request, the members whose minute
 * ended together (after a restart, in a load test) queued hundreds of updates in front of every
 * request (docs/performance.md, chat). The language of the request that touched a member goes
 * with it: what is written to them later (mails, ADR 040) follows the app's language.
 */
export function createActivityRecorder(deps: {
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Keeps the languages members used the app in (push's settings own the column). */
  recordLanguages?(languages: ReadonlyMap<string, MailLanguage>): Promise<void>;
}) {
  let seen = new Map<string, MailLanguage | undefined>();
  /** The sessions they were seen in: each one's last activity, in its member's list (ADR 075). */
  let seenSessions = new Set<string>();

  async function flush() {
    if (seen.size === 0) return;
    const batch = seen;
    const sessionBatch = seenSessions;
    seen = new Map();
    seenSessions = new Set();
    try {
      const now = deps.clock.now();
      await touchActivities(deps.db, [...batch.keys()], now);
      if (sessionBatch.size > 0) await touchSessions(deps.db, [...sessionBatch], now);
      const languages = new Map<string, MailLanguage>();
      for (const [memberId, language] of batch) if (language) languages.set(memberId, language);
      if (languages.size > 0) await deps.recordLanguages?.(languages);
    } catch (err) {
      deps.log.error({ err }, 'Could not record the activity of members');
    }
  }

  return {
    /**
     * `language`: the one the member's request named, if one Mawadda writes in; `sessionId`: the
     * session the request came in.
     */
    touch(memberId: string, language?: MailLanguage, sessionId?: string) {
      seen.set(memberId, language ?? seen.get(memberId));
      if (sessionId) seenSessions.add(sessionId);
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
