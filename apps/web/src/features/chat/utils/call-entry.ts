import type { Message } from '@mawadda/contract';
import type { TFunction } from 'i18next';

export type CallRecord = NonNullable<Message['call']>;

/**
 * What a call entry says, from my side: the caller sees cancelled, declined, no answer, busy or
 * not connected; the callee sees a missed call for any unanswered one they did not decline; an
 * answered call shows its length as the app writes every call's ("42 sec", "4 min 5 sec").
 */
export function callEntryOutcome(call: CallRecord, mine: boolean) {
  if (call.durationSeconds !== null || call.endReason === 'completed') return 'completed';
  if (call.endReason === 'declined') return 'declined';
  if (!mine) return 'missed';
  if (call.endReason === 'cancelled') return 'cancelled';
  if (call.endReason === 'missed') return 'noAnswer';
  if (call.endReason === 'busy') return 'busy';
  return 'notConnected';
}

/** The entry's text in the member's language (`t` of the chat namespace). */
export function callEntryText(t: TFunction<'chat'>, call: CallRecord, mine: boolean): string {
  const outcome = callEntryOutcome(call, mine);
  return t(`callEntry.${outcome}`, {
    context: call.type,
    seconds: call.durationSeconds ?? 0,
  });
}
