import type { CallSignal } from '@mawadda/contract';
import { type CallEnding, endCall } from './calls.repository.ts';
import { type CallsContext, letGo, recordCall, signal } from './calls-context.ts';

/** Ends the call if it is still open, wherever it is held; a second end does nothing. */
export async function end(ctx: CallsContext, callId: string, ending: CallEnding) {
  letGo(ctx, callId);
  // The end's push (the callee's phone stops ringing, or shows a missed call) is recorded with
  // the end itself (ADR 064).
  const ended = await ctx.db.transaction(async (tx) => {
    const call = await endCall(tx, callId, ending, ctx.clock.now());
    if (!call) return undefined;
    const recorded = await recordCall(ctx, tx, {
      kind: 'call-ended',
      callId,
      from: call.callerId,
      to: call.calleeId,
      // Declined: the callee saw it ring; their other devices only stop ringing.
      missed: call.answeredAt === null && call.endReason !== 'declined',
      at: call.endedAt ?? ctx.clock.now(),
    });
    return { call, recorded };
  });
  if (!ended) return;
  const { call } = ended;
  if (ended.recorded > 0) ctx.recorded.told('calls:call');
  await ctx.store.release(callId, [call.callerId, call.calleeId]);
  // The entry is written before either side is told, so a member told "declined" who opens the
  // conversation finds the call there; the phones stop ringing even if the entry fails.
  try {
    await ctx.addCallEntry(call);
  } finally {
    const told: CallSignal = { endCall: true, reason: call.endReason ?? 'completed' };
    await signal(ctx, call.calleeId, call.callerId, callId, told);
    await signal(ctx, call.callerId, call.calleeId, callId, told);
  }
}

/** An end no frame awaits (a timer, a closed socket): logged if it fails, awaited at shutdown. */
export function endInBackground(ctx: CallsContext, callId: string, how: CallEnding) {
  const done = end(ctx, callId, how)
    .catch((err: unknown) => ctx.log.error({ err, callId }, 'Could not end a call'))
    .finally(() => ctx.ending.delete(done));
  ctx.ending.add(done);
}
