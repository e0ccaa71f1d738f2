import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { runEvery } from '../../lib/run-every.ts';
import {
  claimFirstWordReminders,
  claimSilenceReminders,
  lapseMatch,
  lapsingMatches,
} from './match-reminders.repository.ts';
import type { MatchUpdates } from './match-updates.ts';
import { endExclusiveBetween } from './relationships.repository.ts';

/** Pairs handled per statement: a run goes on while batches come back full. */
const BATCH = 200;

/**
 * The reminders of a match and the women-first lapse (ADR 069, 070), on every node: each
 * reminder is recorded in `match_nudges` by the statement that claims it, with its push in the
 * same transaction (ADR 064), so a pair is reminded once per moment whichever node runs first; a
 * lapse is the statement that removes both likes.
 */
export function createMatchReminders(deps: {
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  updates: MatchUpdates;
  /** Tells both members' apps that what is between them changed (the contact topic). */
  tellBoth(memberId: string, otherId: string): Promise<void>;
}) {
  const { db, clock, updates } = deps;

  /** Runs `step` while it answers a full batch; answers how many it handled. */
  async function drain(step: () => Promise<number>): Promise<number> {
    let total = 0;
    for (;;) {
      const count = await step();
      total += count;
      if (count < BATCH) return total;
    }
  }

  const firstWords = () =>
    db.transaction(async (tx) => {
      const now = clock.now();
      const due = await claimFirstWordReminders(tx, now, BATCH);
      // Her reminder only: he cannot write, and is not asked to chase her.
      await updates.write(
        tx,
        due.map((d) => ({ update: 'first-word-reminder', from: d.hisId, to: d.herId, at: now })),
      );
      return due.length;
    });

  const silences = () =>
    db.transaction(async (tx) => {
      const now = clock.now();
      const due = await claimSilenceReminders(tx, now, BATCH);
      await updates.write(
        tx,
        due.flatMap((d) => [
          { update: 'silence-reminder' as const, from: d.lowId, to: d.highId, at: now },
          { update: 'silence-reminder' as const, from: d.highId, to: d.lowId, at: now },
        ]),
      );
      return due.length;
    });

  async function lapses(): Promise<number> {
    const now = clock.now();
    const due = await lapsingMatches(db, now, BATCH);
    for (const { herId, hisId } of due) {
      const lapsed = await db.transaction(async (tx) => {
        if (!(await lapseMatch(tx, herId, hisId, now))) return false;
        await endExclusiveBetween(tx, herId, hisId);
        await updates.write(tx, [
          { update: 'match-lapsed', from: hisId, to: herId, at: now },
          { update: 'match-lapsed', from: herId, to: hisId, at: now },
        ]);
        return true;
      });
      if (lapsed) await deps.tellBoth(herId, hisId);
    }
    return due.length;
  }

  /** One run: reminders first (a match lapsing now had its reminder days ago), then lapses. */
  async function run(): Promise<number> {
    const sent = (await drain(firstWords)) + (await drain(silences)) + (await drain(lapses));
    if (sent > 0) updates.told();
    return sent;
  }

  return {
    run,
    start(everyMs: number) {
      return runEvery(everyMs, run, (err) => deps.log.error({ err }, 'The match reminders failed'));
    },
  };
}

export type MatchReminders = ReturnType<typeof createMatchReminders>;
