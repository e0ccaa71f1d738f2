import { type ConnectedMember, jsonBody, type SendHandler } from '../realtime/index.ts';
import { end, endInBackground } from './call-ending.ts';
import { relay, ringNewSocket } from './call-relay.ts';
import { type CallsDeps, callsContext, letGo } from './calls-context.ts';

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
 * (`disconnected`); both sides are then told, the claims released, and the call's entry added to
 * their conversation (`call-ending.ts`).
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

    /** Keeps the claims of this node's calls alive while it runs. */
    start(everyMs: number) {
      const timer = setInterval(() => {
        const calls = [...ctx.held].map(([callId, call]) => ({
          callId,
          memberIds: call.memberIds,
        }));
        if (calls.length === 0) return;
        ctx.store
          .renew(calls)
          .catch((err: unknown) => ctx.log.error({ err }, 'Call renewal failed'));
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

/** The broker's handler of `/app/call/{userId}`: the member is the connection's. */
export function callSignalHandler(calls: CallsService): SendHandler {
  return {
    destination: /^\/app\/call\/([0-9a-f-]{36})$/,
    handle: (from, match, body) => calls.relay(from, match[1] ?? '', jsonBody(body)),
  };
}
