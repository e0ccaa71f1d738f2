import {
  type CallSignal,
  callSignalSchema,
  destinations,
  E,
  isNewConversationLimit,
} from '@mawadda/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { FirstContacts } from '../../core/first-contacts.ts';
import { findPictured } from '../../core/members.repository.ts';
import { photosFor } from '../../core/profile-photos.ts';
import type { WhoMayWrite } from '../../core/who-may-write.ts';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { MediaLinks } from '../../lib/media-links.ts';
import {
  BrokerRefusal,
  type ConnectedMember,
  invalidFrame,
  jsonBody,
  type Publish,
  type SendHandler,
} from '../realtime/index.ts';
import type { CallStore } from './call-store.ts';
import {
  type CallEnding,
  type CallRow,
  endCall,
  insertCall,
  markAnswered,
  openCallsOf,
} from './calls.repository.ts';

export type CallsService = ReturnType<typeof createCallsService>;

/**
 * Calls (docs/spec.md §4 and §7): WebRTC signals SENT to `/app/call/{userId}` are relayed to that
 * member's `/topic/call/{userId}`, with `from`, `to` and `callId` stamped by the server, never
 * taken from the frame.
 *
 * The server follows each call, because only it sees both sides: an offer may go only to a member
 * one may call (the core's who-may-write rule) and claims both members (`CallStore`), so a member
 * already in a call makes the caller hear `busy`; the answer, candidates and end pass only between
 * the two members of a call. A call ends once, on a member's end, 30 s without an answer
 * (`missed`), or the close of a socket in the call (`disconnected`); both sides are then told, the
 * claims released, and the call's entry added to their conversation.
 */
export function createCallsService(deps: {
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
   * A call rings, or ended (the callee is told: Web Push); `missed` when the callee neither
   * answered nor declined it.
   */
  onCall?(
    event:
      | { kind: 'call'; callId: string; from: string; to: string; video: boolean; at: Date }
      | { kind: 'call-ended'; callId: string; from: string; to: string; missed: boolean; at: Date },
  ): void;
}) {
  const { db, clock, store } = deps;
  /**
   * The calls this node holds a socket of, with those sockets, the unanswered ones' timers, and
   * on the caller's node until when the call may still ring (`ringsUntil`, ms).
   */
  const held = new Map<
    string,
    {
      memberIds: [string, string];
      connections: Set<string>;
      ring?: NodeJS.Timeout;
      ringsUntil?: number;
    }
  >();
  const callOfConnection = new Map<string, string>();

  function hold(callId: string, memberIds: [string, string], connectionId: string) {
    let call = held.get(callId);
    if (!call) {
      call = { memberIds, connections: new Set() };
      held.set(callId, call);
    }
    call.connections.add(connectionId);
    callOfConnection.set(connectionId, callId);
    return call;
  }

  function letGo(callId: string) {
    const call = held.get(callId);
    if (!call) return;
    clearTimeout(call.ring);
    for (const connectionId of call.connections) callOfConnection.delete(connectionId);
    held.delete(callId);
  }

  const signal = (to: string, from: string, callId: string, body: CallSignal) =>
    deps.publish(destinations.call(to), { ...body, from, to, callId }, [to]);

  /** Ends the call if it is still open, wherever it is held; a second end does nothing. */
  async function end(callId: string, ending: CallEnding) {
    letGo(callId);
    const call = await endCall(db, callId, ending, clock.now());
    if (!call) return;
    await store.release(callId, [call.callerId, call.calleeId]);
    // The entry is written before either side is told, so a member told "declined" who opens the
    // conversation finds the call there; the phones stop ringing even if the entry fails.
    try {
      await deps.addCallEntry(call);
    } finally {
      const told: CallSignal = { endCall: true, reason: call.endReason ?? 'completed' };
      await signal(call.calleeId, call.callerId, callId, told);
      await signal(call.callerId, call.calleeId, callId, told);
      deps.onCall?.({
        kind: 'call-ended',
        callId,
        from: call.callerId,
        to: call.calleeId,
        // Declined: the callee saw it ring; their other devices only stop ringing.
        missed: call.answeredAt === null && call.endReason !== 'declined',
        at: call.endedAt ?? clock.now(),
      });
    }
  }

  /** Ends not awaited by a frame (timers, closed sockets): awaited when the app stops. */
  const ending = new Set<Promise<void>>();
  function endInBackground(callId: string, how: CallEnding) {
    const done = end(callId, how)
      .catch((err: unknown) => deps.log.error({ err, callId }, 'Could not end a call'))
      .finally(() => ending.delete(done));
    ending.add(done);
  }

  /**
   * Claims both members and stores the call: ringing (`claimed`), or, the callee in another call,
   * ended at once as `busy` with its entry; that call is untouched, and the callee finds a missed
   * call in the conversation. A caller already in a call is refused.
   */
  async function place(call: Pick<CallRow, 'id' | 'callerId' | 'calleeId' | 'type' | 'startedAt'>) {
    const { id, callerId, calleeId, startedAt } = call;
    const claim = await store.claim(callerId, calleeId, id);
    if (claim === 'callerBusy') throw new BrokerRefusal(E.CALL_IN_PROGRESS);
    if (claim === 'calleeBusy') {
      await deps.addCallEntry(
        await insertCall(db, { ...call, endedAt: startedAt, endReason: 'busy' }),
      );
      return claim;
    }
    try {
      await insertCall(db, call);
      for (const stale of await openCallsOf(db, [callerId, calleeId], id)) {
        await end(stale, { reason: 'failed' });
      }
    } catch (error) {
      await store.release(id, [callerId, calleeId]);
      throw error;
    }
    return claim;
  }

  async function offer(from: ConnectedMember, toId: string, signalled: CallSignal) {
    const type = signalled.type;
    if (!type) throw invalidFrame('A call offer needs its type: audio or video');
    const fromId = from.memberId;
    try {
      await deps.whoMayWrite.assertMayCall(fromId, toId);
    } catch (error) {
      // The web opens the plans on SUBSCRIPTION_REQUIRED; a member gone or blocked is not named.
      if (error instanceof HttpError) {
        throw new BrokerRefusal(
          error.code === E.SUBSCRIPTION_REQUIRED ? error.code : E.CALL_NOT_ALLOWED,
        );
      }
      throw error;
    }
    const callId = crypto.randomUUID();
    const startedAt = clock.now();
    const call = { id: callId, callerId: fromId, calleeId: toId, type, startedAt };
    // Ringing someone is contacting them: a first call opens a conversation as a first message
    // does, and a call placed (ringing, or busy) is in the conversation from its start.
    const claim = await deps.firstContacts
      .counted(
        fromId,
        toId,
        () => place(call),
        () => startedAt,
      )
      .catch((error: unknown) => {
        if (error instanceof HttpError && isNewConversationLimit(error.code)) {
          throw new BrokerRefusal(error.code, undefined, error.params);
        }
        throw error;
      });
    if (claim === 'calleeBusy') {
      await signal(fromId, toId, callId, { busy: true });
      return;
    }
    const ringing = hold(callId, [fromId, toId], from.connectionId);
    ringing.ring = setTimeout(
      () => endInBackground(callId, { reason: 'missed' }),
      deps.ringTimeoutMs,
    );
    ringing.ring.unref();
    ringing.ringsUntil = clock.now().getTime() + deps.ringTimeoutMs;
    const caller = await findPictured(db, toId, fromId);
    const [photoUrl] = caller ? photosFor(deps.photoLinks, toId, caller).mediaUrls : [];
    const ring: CallSignal = {
      type,
      sdp: signalled.sdp,
      caller: { name: caller?.name ?? '', photoUrl: photoUrl ?? null },
    };
    await store.ring(
      toId,
      { callId, callerId: fromId, signal: JSON.stringify(ring) },
      deps.ringTimeoutMs,
    );
    await signal(toId, fromId, callId, ring);
    deps.onCall?.({
      kind: 'call',
      callId,
      from: fromId,
      to: toId,
      video: type === 'video',
      at: startedAt,
    });
  }

  return {
    async relay(from: ConnectedMember, toId: string, body: unknown): Promise<void> {
      const parsed = callSignalSchema.safeParse(body);
      if (!parsed.success) throw invalidFrame('Not a call signal');
      const { endCall: ending, sdp, answer, candidate } = parsed.data;
      if (sdp?.type === 'offer' && !ending) return offer(from, toId, parsed.data);
      if (!ending && !answer && !candidate) throw invalidFrame('Not a call signal');
      // The rest passes only within a call of the two; late signals of an ended call are dropped.
      const current = await store.current(from.memberId);
      if (current?.peerId !== toId) return;
      const { callId } = current;
      if (ending) return end(callId, { by: from.memberId });
      if (answer) {
        if (!(await markAnswered(db, callId, from.memberId, clock.now()))) return;
        const call = hold(callId, [toId, from.memberId], from.connectionId);
        clearTimeout(call.ring);
        call.ringsUntil = undefined;
        await store.answered(callId, from.memberId);
        await signal(toId, from.memberId, callId, { answer });
        // The callee's other tabs stop ringing; the one that answered ignores this.
        await signal(from.memberId, toId, callId, { endCall: true, reason: 'answeredElsewhere' });
        return;
      }
      // The caller's, while it may ring: kept for a socket of the callee that connects meanwhile.
      // Only then (the caller's node knows the window): a running call's candidates cost no
      // trip to the call store.
      if ((held.get(callId)?.ringsUntil ?? 0) > clock.now().getTime()) {
        await store.ringCandidate(callId, toId, JSON.stringify(candidate));
      }
      await signal(toId, from.memberId, callId, { candidate });
    },

    /** Ends the call between these two members, if they are in one (a block). */
    async endBetween(memberId: string, otherId: string) {
      const current = await store.current(memberId);
      if (current?.peerId === otherId) await end(current.callId, { by: memberId });
    },

    /**
     * A socket subscribed to its member's call topic while a call rings for them (the app opened
     * from the call's push), on any node: it is sent the ring too, and the caller's candidates so
     * far. Their sockets already ringing ignore a second offer (one call at a time), and a
     * candidate added twice changes nothing.
     */
    subscribed(member: ConnectedMember, destination: string) {
      if (destination !== destinations.call(member.memberId)) return;
      const { memberId } = member;
      Promise.all([store.ringing(memberId), store.current(memberId)])
        .then(async ([ring, claim]) => {
          // A ring kept past its call's end (stored as a hang-up released the call) is not one.
          if (!ring || claim?.callId !== ring.callId) return;
          const { callId, callerId } = ring;
          await signal(memberId, callerId, callId, JSON.parse(ring.signal) as CallSignal);
          // Without the caller's candidates sent before, that tab could not reach a relayed caller.
          for (const candidate of ring.candidates) {
            await signal(memberId, callerId, callId, { candidate: JSON.parse(candidate) });
          }
        })
        .catch((err: unknown) => deps.log.error({ err, memberId }, 'Could not ring a new socket'));
    },

    /** A socket closed: the call it was in ends for both sides. */
    connectionClosed(member: ConnectedMember) {
      const callId = callOfConnection.get(member.connectionId);
      if (callId) endInBackground(callId, { reason: 'disconnected' });
    },

    /** Keeps the claims of this node's calls alive while it runs. */
    start(everyMs: number) {
      const timer = setInterval(() => {
        const calls = [...held].map(([callId, call]) => ({ callId, memberIds: call.memberIds }));
        if (calls.length === 0) return;
        store.renew(calls).catch((err: unknown) => deps.log.error({ err }, 'Call renewal failed'));
      }, everyMs);
      timer.unref();
      return async () => {
        clearInterval(timer);
        // The sockets closed at shutdown end their calls: done before the database closes.
        await Promise.all(ending);
        for (const callId of held.keys()) letGo(callId);
      };
    },
  };
}

/** The broker's handler of `/app/call/{userId}`: the member is the connection's. */
export function callSignalHandler(calls: CallsService): SendHandler {
  return {
    destination: /^\/app\/call\/([0-9a-f-]{36})$/,
    handle: (from, match, body) => calls.relay(from, match[1] ?? '', jsonBody(body)),
  };
}
