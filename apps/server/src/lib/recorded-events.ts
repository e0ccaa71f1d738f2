import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';

/**
 * Events written with what caused them (ADR 064): the transactional outbox `recorded_events`.
 * Each emitter declares its events here by declaration merging, in its module file, with the
 * payload as its listeners read it back (JSON: a time is its ISO 8601 text):
 *
 *     declare module '../../lib/recorded-events.ts' {
 *       interface RecordedEvents { 'chat:message-stored': AsRecorded<NewMessageNotice> }
 *     }
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the modules' declaration merging.
export interface RecordedEvents {}

export type RecordedEventName = keyof RecordedEvents;

/** A payload as the outbox keeps it, in JSON: a time becomes its ISO 8601 text. */
export type AsRecorded<T> = T extends unknown
  ? { [K in keyof T]: T[K] extends Date ? string : T[K] }
  : never;

/** A listener of a recorded event. */
export type RecordedListener = {
  /** Its name in the outbox: it takes the rows written for it, and only those. */
  listener: string;
  /**
   * Which events it wants, as a condition on the member the event is about (a SQL expression of
   * their id), checked where the event is written: an event nobody wants is not written at all.
   */
  wants(memberId: SQL): SQL;
  /** Events it wants were written on this node: it looks now rather than at its next poll. */
  wake(): void;
};

/** Where the events of a statement come from: one per row of `rows` its listeners want. */
export type RecordedSource = {
  /** A relation the statement has: a CTE's name, or `unnest(...) as e(...)`. */
  rows: SQL;
  /** The member each event is about, a column of `rows`. */
  member: SQL;
  /** The event's payload as JSON, from the columns of `rows`. */
  payload: SQL;
};

export type RecordedEventsRegistry = ReturnType<typeof createRecordedEvents>;

/**
 * The emitters' side of the outbox: they write their events in their own statement (`insertSql`,
 * a data-modifying CTE beside the row that caused them) or transaction (`write`), then, once
 * committed, say so (`told`); the listeners take them with `claimRecorded`.
 */
export function createRecordedEvents() {
  const listeners = new Map<RecordedEventName, RecordedListener[]>();
  const listenersOf = (name: RecordedEventName) => listeners.get(name) ?? [];
  let listened = 0;

  /**
   * An `insert` writing the events of `source` for every listener that wants each, returning a
   * row each; undefined when nobody listens to `name` (the emitter's statement leaves it out).
   */
  function insertSql(name: RecordedEventName, source: RecordedSource): SQL | undefined {
    const selects = listenersOf(name).map(
      (l) => sql`select ${l.listener}::text, ${name}::text, ${source.payload}
        from ${source.rows} where ${l.wants(source.member)}`,
    );
    if (selects.length === 0) return undefined;
    return sql`insert into recorded_events (listener, name, payload)
      ${sql.join(selects, sql` union all `)}
      returning id`;
  }

  return {
    on(name: RecordedEventName, listener: RecordedListener): void {
      listeners.set(name, [...listenersOf(name), listener]);
      listened += 1;
    },

    /**
     * Changes whenever a listener is added: a statement built once with `insertSql` is built
     * again when it does.
     */
    version: () => listened,

    insertSql,

    /**
     * Writes events about members in the caller's transaction (or as one statement), for the
     * listeners that want them; answers how many rows it wrote.
     */
    async write<Name extends RecordedEventName>(
      db: Executor,
      name: Name,
      events: ReadonlyArray<{ member: string; payload: RecordedEvents[Name] }>,
    ): Promise<number> {
      const insert = insertSql(name, {
        rows: sql`unnest(${sql.param(events.map((e) => e.member))}::uuid[],
          ${sql.param(events.map((e) => JSON.stringify(e.payload)))}::json[]) as e(member_id, payload)`,
        member: sql`e.member_id`,
        payload: sql`e.payload`,
      });
      if (!insert || events.length === 0) return 0;
      return (await db.execute(insert)).rows.length;
    },

    /** Events of `name` were committed on this node: its listeners look now. */
    told(name: RecordedEventName): void {
      for (const listener of listenersOf(name)) listener.wake();
    },
  };
}

/** An event a listener took from the outbox, until `claimRecorded`'s lease. */
export type ClaimedEvent = {
  id: number;
  name: RecordedEventName;
  payload: unknown;
  attempts: number;
};

/**
 * Takes up to `batch` of the listener's events, oldest first, until `leaseUntil`: `SKIP LOCKED`
 * leaves those another node is taking to it, and the lease keeps them from the others until this
 * node has written their effect and removed them (`takenSql`, `forgetRecorded`). An event whose
 * node stopped before that is taken again after the lease: at least once, and once only where
 * the effect's statement removes it (`takenSql`).
 */
export async function claimRecorded(
  db: Executor,
  listener: string,
  now: Date,
  leaseUntil: Date,
  batch: number,
): Promise<ClaimedEvent[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const result = await db.execute<{
    id: string;
    name: RecordedEventName;
    payload: unknown;
    attempts: number;
  }>(sql`
    update recorded_events e set claimed_until = ${leaseUntil.toISOString()}::timestamptz,
      attempts = e.attempts + 1
    where e.id in (
      select c.id from recorded_events c
      where c.listener = ${listener} and (c.claimed_until is null or c.claimed_until <= ${at})
      order by c.id
      limit ${batch}
      for update skip locked
    )
    returning e.id, e.name, e.payload, e.attempts`);
  return result.rows.map((row) => ({ ...row, id: Number(row.id) })).sort((a, b) => a.id - b.id);
}

/**
 * A CTE body removing taken events (`ids`: a query of their ids), returning the id of each this
 * statement removed: the statement that writes an event's effect writes it only for those, so an
 * event taken twice (a lease that ran out) has its effect once.
 */
export const takenSql = (ids: SQL): SQL =>
  sql`delete from recorded_events where id in (${ids}) returning id`;

/** Taken events whose effect was nothing (a rule said no): removed in one statement. */
export async function forgetRecorded(db: Executor, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(
    sql`delete from recorded_events where id = any(${sql.param([...ids])}::bigint[])`,
  );
}

/**
 * The outbox by listener for the metrics (ADR 063): the events waiting and the age of the oldest,
 * by the database's clock, which stamps them. A listener's loop takes its events at once, so a
 * deep or old outbox is a stuck loop.
 */
export async function recordedFigures(
  db: Executor,
): Promise<Array<{ listener: string; waiting: number; oldestSeconds: number }>> {
  const result = await db.execute<{ listener: string; waiting: number; oldestSeconds: number }>(sql`
    select listener, count(*)::int as waiting,
      greatest(0, extract(epoch from now() - min(recorded_at)))::float8 as "oldestSeconds"
    from recorded_events group by listener`);
  return result.rows;
}
