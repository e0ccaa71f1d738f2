import { type CallSignal, destinations } from '@mawadda/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { FirstContacts } from '../../core/first-contacts.ts';
import type { WhoMayWrite } from '../../core/who-may-write.ts';
import type { Database, Executor } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { MediaLinks } from '../../lib/media-links.ts';
import type { RecordedEventsRegistry } from '../../lib/recorded-events.ts';
import type { ConnectedMember, Publish } from '../realtime/index.ts';
import type { CallStore } from './call-store.ts';
import type { CallRow } from './calls.repository.ts';

/** What calls are built from (its module file, calls.module.ts, gives it). */
export type CallsDeps = {
  db: Database;
  clock: Clock;
  store: CallStore;
  whoMayWrite: WhoMayWrite;
  /** A first call takes one of the caller's new conversations of the day (ADR 043). */
  firstContacts: FirstContacts;
  /** Profile photos, for the caller's picture in the incoming-call modal. */
  photoLinks: MediaLinks;
  addCallEntry(call: CallRow): Promise<void>;
  publish: Publish;
  ringTimeoutMs: number;
  log: FastifyBaseLogger;
  /**
   * The outbox (ADR 064): a call that rings, and its end, are recorded in the transaction that
   * writes them, for the listeners that want them (push tells the callee).
   */
  recorded: RecordedEventsRegistry;
};

/** A call rings, or ended; `missed` when the callee neither answered nor declined it. */
export type CallEvent =
  | { kind: 'call'; callId: string; from: string; to: string; video: boolean; at: Date }
  | { kind: 'call-ended'; callId: string; from: string; to: string; missed: boolean; at: Date };

/** Records the call's event in `tx`, the transaction that writes the call (ADR 064). */
export const recordCall = (ctx: CallsContext, tx: Executor, event: CallEvent) =>
  ctx.recorded.write(tx, 'calls:call', [
    { member: event.to, payload: { ...event, at: event.at.toISOString() } },
  ]);

/** A call this node holds a socket of. */
export type HeldCall = {
  memberIds: [string, string];
  connections: Set<string>;
  /** The members whose sockets in the call are on this node: the claims it renews. */
  here: Set<string>;
  /** The timer of an unanswered call. */
  ring?: NodeJS.Timeout;
  /** On the caller's node, until when the call may still ring (ms). */
  ringsUntil?: number;
};

/** The calls' dependencies with what this node holds of its calls. */
export type CallsContext = CallsDeps & {
  held: Map<string, HeldCall>;
  callOfConnection: Map<string, string>;
  /** Ends not awaited by a frame (timers, closed sockets): awaited when the app stops. */
  ending: Set<Promise<void>>;
};

export function callsContext(deps: CallsDeps): CallsContext {
  return { ...deps, held: new Map(), callOfConnection: new Map(), ending: new Set() };
}

export function hold(
  ctx: CallsContext,
  callId: string,
  memberIds: [string, string],
  socket: ConnectedMember,
): HeldCall {
  let call = ctx.held.get(callId);
  if (!call) {
    call = { memberIds, connections: new Set(), here: new Set() };
    ctx.held.set(callId, call);
  }
  call.connections.add(socket.connectionId);
  call.here.add(socket.memberId);
  ctx.callOfConnection.set(socket.connectionId, callId);
  return call;
}

export function letGo(ctx: CallsContext, callId: string) {
  const call = ctx.held.get(callId);
  if (!call) return;
  clearTimeout(call.ring);
  for (const connectionId of call.connections) ctx.callOfConnection.delete(connectionId);
  ctx.held.delete(callId);
}

/** A signal to `to`'s call topic, with `from`, `to` and `callId` stamped by the server. */
export const signal = (
  ctx: CallsContext,
  to: string,
  from: string,
  callId: string,
  body: CallSignal,
) => ctx.publish(destinations.call(to), { ...body, from, to, callId }, [to]);
