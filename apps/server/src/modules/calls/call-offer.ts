import { type CallSignal, E, isNewConversationLimit } from '@mawadda/contract';
import { findPictured } from '../../core/members.repository.ts';
import { photosFor } from '../../core/profile-photos.ts';
import { HttpError } from '../../lib/http-error.ts';
import { BrokerRefusal, type ConnectedMember, invalidFrame } from '../realtime/index.ts';
import { end, endInBackground } from './call-ending.ts';
import { type CallRow, insertCall, openCallsOf } from './calls.repository.ts';
import { type CallsContext, hold, recordCall, signal } from './calls-context.ts';

/**
 * Claims both members and stores the call: ringing (`claimed`), or, the callee in another call,
 * ended at once as `busy` with its entry; that call is untouched, and the callee finds a missed
 * call in the conversation. A caller already in a call is refused.
 */
async function place(
  ctx: CallsContext,
  call: Pick<CallRow, 'id' | 'callerId' | 'calleeId' | 'type' | 'startedAt'>,
) {
  const { db, store } = ctx;
  const { id, callerId, calleeId, startedAt } = call;
  const claim = await store.claim(callerId, calleeId, id);
  if (claim === 'callerBusy') throw new BrokerRefusal(E.CALL_IN_PROGRESS);
  if (claim === 'calleeBusy') {
    await ctx.addCallEntry(
      await insertCall(db, { ...call, endedAt: startedAt, endReason: 'busy' }),
    );
    return claim;
  }
  try {
    // The ring's push is recorded with the call (ADR 064).
    const recorded = await db.transaction(async (tx) => {
      await insertCall(tx, call);
      return recordCall(ctx, tx, {
        kind: 'call',
        callId: id,
        from: callerId,
        to: calleeId,
        video: call.type === 'video',
        at: startedAt,
      });
    });
    if (recorded > 0) ctx.recorded.told('calls:call');
    for (const stale of await openCallsOf(db, [callerId, calleeId], id)) {
      await end(ctx, stale, { reason: 'failed' });
    }
  } catch (error) {
    await store.release(id, [callerId, calleeId]);
    throw error;
  }
  return claim;
}

/** The refusals the caller is told as they are: each says what would let them call. */
const TOLD_CALLER = new Set<string>([
  E.SUBSCRIPTION_REQUIRED,
  E.REQUEST_PENDING,
  E.REQUEST_DECLINED,
  E.REQUEST_EXPIRED,
]);

/** The caller's may-call refusal as the broker tells it. */
async function assertMayCall(ctx: CallsContext, fromId: string, toId: string) {
  try {
    await ctx.whoMayWrite.assertMayCall(fromId, toId);
  } catch (error) {
    // The web opens the plans on SUBSCRIPTION_REQUIRED and says what a message request waits
    // for (ADR 068); a member gone or blocked is not named.
    if (error instanceof HttpError) {
      throw new BrokerRefusal(TOLD_CALLER.has(error.code) ? error.code : E.CALL_NOT_ALLOWED);
    }
    throw error;
  }
}

/**
 * An offer: a call to a member one may call, placed (busy, or ringing for `ringTimeoutMs`), the
 * ring kept in the call store for the callee's sockets that connect meanwhile (ADR 040).
 */
export async function offer(
  ctx: CallsContext,
  from: ConnectedMember,
  toId: string,
  signalled: CallSignal,
) {
  const type = signalled.type;
  if (!type) throw invalidFrame('A call offer needs its type: audio or video');
  const fromId = from.memberId;
  await assertMayCall(ctx, fromId, toId);
  const callId = crypto.randomUUID();
  const startedAt = ctx.clock.now();
  const call = { id: callId, callerId: fromId, calleeId: toId, type, startedAt };
  // Ringing someone is contacting them: a first call opens a conversation as a first message
  // does, and a call placed (ringing, or busy) is in the conversation from its start.
  const claim = await ctx.firstContacts
    .counted(
      fromId,
      toId,
      () => place(ctx, call),
      () => startedAt,
    )
    .catch((error: unknown) => {
      if (error instanceof HttpError && isNewConversationLimit(error.code)) {
        throw new BrokerRefusal(error.code, undefined, error.params);
      }
      throw error;
    });
  if (claim === 'calleeBusy') {
    await signal(ctx, fromId, toId, callId, { busy: true });
    return;
  }
  const ringing = hold(ctx, callId, [fromId, toId], from);
  ringing.ring = setTimeout(
    () => endInBackground(ctx, callId, { reason: 'missed' }),
    ctx.ringTimeoutMs,
  );
  ringing.ring.unref();
  ringing.ringsUntil = ctx.clock.now().getTime() + ctx.ringTimeoutMs;
  const caller = await findPictured(ctx.db, toId, fromId);
  const [photoUrl] = caller ? photosFor(ctx.photoLinks, toId, caller).mediaUrls : [];
  const ring: CallSignal = {
    type,
    sdp: signalled.sdp,
    caller: { name: caller?.name ?? '', photoUrl: photoUrl ?? null },
  };
  await ctx.store.ring(
    toId,
    { callId, callerId: fromId, signal: JSON.stringify(ring) },
    ctx.ringTimeoutMs,
  );
  await signal(ctx, toId, fromId, callId, ring);
}
