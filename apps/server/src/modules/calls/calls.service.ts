import { type ConnectedMember, jsonBody, type SendHandler } from '../realtime/index.ts';
import { end, endInBackground } from './call-ending.ts';
import { relay, ringNewSocket } from './call-relay.ts';
import { stillOpen } from './calls.repository.ts';
import { type CallsContext, type CallsDeps, callsContext, letGo } from './calls-context.ts';

export type CallsService = ReturnType<typeof createCallsService>;

/**
 * Calls (docs/spec.md §4 and §7): WebRTC signals SENT to `/app/call/{userId}` are relayed to that
 * member's `/topic/call/{userId}`, with `from`, `to` and `callId` stamped by the server, never
 * taken from the frame.
 *
 * The server follows each call, because only it sees both sides (ADR 014): an offer may go only
 * to a member one may call (the core's who-may-write rule) and claims both members (`CallStore`),
 * so a member already in a call makes the caller hear `busy` (`call-offer.ts`); the answer,
 * candidates and end pass only between the two members of a call (`call-relay.ts`). A call ends
 * once, on a member's end, 30 s without an answer (`missed`), or the close of a socket in the call
 * (`disconnected`; when that socket's node died, the other side's node ends it: `renewCalls`);
 * both sides are then told, the claims released, and the call's entry added to their
 * conversation (`call-ending.ts`).
 */
export function createCallsService(deps: CallsDeps) {
  const ctx = callsContext(deps);
  return {
    relay: (from: ConnectedMember, toId: string, body: unknown) => relay(ctx, from, toId, body),

    /** Ends the call between these two members, if they are in one (a block). */
    async endBetween(memberId: string, otherId: string) {
      const current = await ctx.store.current(memberId);
      if (current?.peerId === otherId) await end(ctx, current.callId, { by: memberId });
    },

    /** A socket subscribed: one of the callee's, while a call rings, rings too (ADR 040). */
    subscribed: (member: ConnectedMember, destination: string) =>
      ringNewSocket(ctx, member, destination),

    /** A socket closed: the call it was in ends for both sides. */
    connectionClosed(member: ConnectedMember) {
      const callId = ctx.callOfConnection.get(member.connectionId);
      if (callId) endInBackground(ctx, callId, { reason: 'disconnected' });
    },

    /**
     * Keeps the claims of this node's calls alive while it runs: `renewCalls`, every `everyMs`
     * (one at a time: with Redis down, one waits until it is back).
     */
    start(everyMs: number) {
      const peersMissed = new Set<string>();
      let renewing = false;
      const timer = setInterval(() => {
        if (renewing || ctx.held.size === 0) return;
        renewing = true;
        renewCalls(ctx, peersMissed)
          .catch((err: unknown) => ctx.log.error({ err }, 'Call renewal failed'))
          .finally(() => {
            renewing = false;
          });
      }, everyMs);
      timer.unref();
      return async () => {
        clearInterval(timer);
        // The sockets closed at shutdown end their calls: done before the database closes.
        await Promise.all(ctx.ending);
        for (const callId of ctx.held.keys()) letGo(ctx, callId);
      };
    },
  };
}

/**
 * A node renews the claims of the members whose sockets in a call it holds, and the callee's
 * too while the call rings from here (nobody else holds it yet). A call whose other member's
 * claim is gone at two renewals in a row lost its other side: that node died (its sockets
 * could not end it), so this one ends it for both as `disconnected`, within the TTL and two
 * renewals. One renewal's grace lets the other node write its claims again after Redis lost
 * them, as this one writes its own while the call is open; a call ended elsewhere is let go.
 */
async function renewCalls(ctx: CallsContext, peersMissed: Set<string>) {
  const now = ctx.clock.now().getTime();
  const held = [...ctx.held].map(([callId, call]) => ({
    callId,
    memberIds: call.memberIds,
    mine: call.memberIds.filter(
      (id, i) => call.here.has(id) || (i === 1 && (call.ringsUntil ?? 0) > now),
    ),
  }));
  const amiss = await ctx.store.renew(held);
  const callIds = amiss.map((c) => c.callId);
  const open = callIds.length > 0 ? await stillOpen(ctx.db, callIds) : new Set<string>();
  const missedNow = new Set<string>();
  for (const { callId, mineGone, peerGone } of amiss) {
    if (!open.has(callId)) {
      letGo(ctx, callId);
      continue;
    }
    const call = held.find((c) => c.callId === callId);
    if (mineGone && call) await ctx.store.restore(call);
    if (!peerGone) continue;
    if (peersMissed.has(callId)) endInBackground(ctx, callId, { reason: 'disconnected' });
    else missedNow.add(callId);
  }
  peersMissed.clear();
  for (const callId of missedNow) peersMissed.add(callId);
}

/** The broker's handler of `/app/call/{userId}`: the member is the connection's. */
export function callSignalHandler(calls: CallsService): SendHandler {
  return {
    destination: /^\/app\/call\/([0-9a-f-]{36})$/,
    handle: (from, match, body) => calls.relay(from, match[1] ?? '', jsonBody(body)),
  };
}
