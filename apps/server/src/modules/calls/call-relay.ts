import { type CallSignal, callSignalSchema, destinations } from '@mawadda/contract';
import { type ConnectedMember, invalidFrame } from '../realtime/index.ts';
import { end } from './call-ending.ts';
import { offer } from './call-offer.ts';
import { markAnswered } from './calls.repository.ts';
import { type CallsContext, hold, signal } from './calls-context.ts';

/**
 * A signal SENT to `/app/call/{toId}`: an offer places a call; the answer, candidates and end
 * pass only within a call of the two, and late signals of an ended call are dropped.
 */
export async function relay(
  ctx: CallsContext,
  from: ConnectedMember,
  toId: string,
  body: unknown,
): Promise<void> {
  const parsed = callSignalSchema.safeParse(body);
  if (!parsed.success) throw invalidFrame('Not a call signal');
  const { endCall: ending, sdp, answer, candidate } = parsed.data;
  if (sdp?.type === 'offer' && !ending) return offer(ctx, from, toId, parsed.data);
  if (!ending && !answer && !candidate) throw invalidFrame('Not a call signal');
  const current = await ctx.store.current(from.memberId);
  if (current?.peerId !== toId) return;
  const { callId } = current;
  if (ending) return end(ctx, callId, { by: from.memberId });
  if (answer) {
    if (!(await markAnswered(ctx.db, callId, from.memberId, ctx.clock.now()))) return;
    const call = hold(ctx, callId, [toId, from.memberId], from);
    clearTimeout(call.ring);
    call.ringsUntil = undefined;
    await ctx.store.answered(callId, from.memberId);
    await signal(ctx, toId, from.memberId, callId, { answer });
    // The callee's other tabs stop ringing; the one that answered ignores this.
    await signal(ctx, from.memberId, toId, callId, { endCall: true, reason: 'answeredElsewhere' });
    return;
  }
  // The caller's, while it may ring: kept for a socket of the callee that connects meanwhile.
  // Only then (the caller's node knows the window): a running call's candidates cost no trip to
  // the call store.
  if ((ctx.held.get(callId)?.ringsUntil ?? 0) > ctx.clock.now().getTime()) {
    await ctx.store.ringCandidate(callId, toId, JSON.stringify(candidate));
  }
  await signal(ctx, toId, from.memberId, callId, { candidate });
}

/**
 * A socket subscribed to its member's call topic while a call rings for them (the app opened
 * from the call's push), on any node: it is sent the ring too, and the caller's candidates so
 * far. Their sockets already ringing ignore a second offer (one call at a time), and a candidate
 * added twice changes nothing.
 */
export function ringNewSocket(ctx: CallsContext, member: ConnectedMember, destination: string) {
  if (destination !== destinations.call(member.memberId)) return;
  const { memberId } = member;
  Promise.all([ctx.store.ringing(memberId), ctx.store.current(memberId)])
    .then(async ([ring, claim]) => {
      // A ring kept past its call's end (stored as a hang-up released the call) is not one.
      if (!ring || claim?.callId !== ring.callId) return;
      const { callId, callerId } = ring;
      await signal(ctx, memberId, callerId, callId, JSON.parse(ring.signal) as CallSignal);
      // Without the caller's candidates sent before, that tab could not reach a relayed caller.
      for (const candidate of ring.candidates) {
        await signal(ctx, memberId, callerId, callId, { candidate: JSON.parse(candidate) });
      }
    })
    .catch((err: unknown) => ctx.log.error({ err, memberId }, 'Could not ring a new socket'));
}
