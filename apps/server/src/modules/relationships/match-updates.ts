import type { Executor } from '../../db/database.ts';
import type { AsRecorded, RecordedEventsRegistry } from '../../lib/recorded-events.ts';

/**
 * News of a match that is no message (ADR 069, 070), pushed to `to` about `from`: her first word
 * awaited (to her, at 72 hours), the match lapsed (to both, at 7 days, no one named), a silence
 * of 5 days (to both), exclusive mode proposed, accepted or ended by `from`.
 */
export const MATCH_UPDATES = [
  'first-word-reminder',
  'match-lapsed',
  'silence-reminder',
  'exclusive-proposed',
  'exclusive-started',
  'exclusive-ended',
] as const;
export type MatchUpdate = (typeof MATCH_UPDATES)[number];

export type MatchUpdateEvent = {
  kind: 'match-update';
  update: MatchUpdate;
  from: string;
  to: string;
  at: Date;
};

declare module '../../lib/recorded-events.ts' {
  interface RecordedEvents {
    /** News of a match, recorded in the transaction that makes it (ADR 064). */
    'relationships:match-update': AsRecorded<MatchUpdateEvent>;
  }
}

/** Records the updates in the caller's transaction; `told` wakes the listeners once committed. */
export function matchUpdates(recorded: RecordedEventsRegistry) {
  return {
    write: (tx: Executor, updates: ReadonlyArray<Omit<MatchUpdateEvent, 'kind'>>) =>
      recorded.write(
        tx,
        'relationships:match-update',
        updates.map((u) => ({
          member: u.to,
          payload: { kind: 'match-update', ...u, at: u.at.toISOString() },
        })),
      ),
    told: () => recorded.told('relationships:match-update'),
  };
}

export type MatchUpdates = ReturnType<typeof matchUpdates>;
