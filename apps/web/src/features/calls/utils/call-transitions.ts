import type { CallSignal, CallType } from '@mawadda/contract';
import {
  isNewConversationLimit,
  type NewConversationLimit,
} from '@mawadda/contract/conversation-limits';
import type { ErrorCode } from '@mawadda/contract/error-codes';
import type { ErrorParams } from '@mawadda/contract/error-params';

/**
 * The call's states and how events move between them (docs/spec.md §4): pure functions of the
 * state and an event, no WebRTC, no media, no timers. `call-machine.ts` runs the effects (peer
 * connection, camera and microphone, signals, timers) and feeds their outcomes back here.
 */

export type CallPeer = { id: string; name: string; photoUrl: string | null };

/**
 * The broker's refusals of my offer that the member can only be told of (a first call takes one
 * of the day's new conversations, as a first message does); the last, SUBSCRIPTION_REQUIRED, is
 * answered with the plans instead.
 */
export type CallRefusal =
  | Extract<ErrorCode, 'CALL_NOT_ALLOWED' | 'CALL_IN_PROGRESS'>
  | NewConversationLimit;

export function isCallRefusal(code: string | undefined): code is CallRefusal {
  return code === 'CALL_NOT_ALLOWED' || code === 'CALL_IN_PROGRESS' || isNewConversationLimit(code);
}

/**
 * Why the last call ended, as the member is told once back to idle. Ends the member chose
 * themselves (hang up, cancel, refuse) and a call answered on another device tell nothing.
 */
export type CallNoticeKind =
  | 'busy'
  | 'declined'
  | 'noAnswer'
  | 'missed'
  | 'ended'
  | 'disconnected'
  | 'failed'
  | 'connectionLost'
  | 'mediaDenied'
  | 'mediaMissing'
  | 'mediaBusy'
  | 'mediaUnsupported'
  | CallRefusal;

/** `params`: the numbers a refusal's text needs (the day's limit, when it starts again). */
export type CallNotice = {
  kind: CallNoticeKind;
  peer: CallPeer;
  type: CallType;
  params?: ErrorParams;
};

/**
 * - `outgoing`: I call and it rings on the other side (or my camera and microphone are opening).
 * - `incoming`: someone calls me; `accepting` once I said yes and the connection is being made.
 * - `inCall`: answered; `answeredAt` starts the timer, `connected` once media flows.
 */
export type ActiveCall = {
  phase: 'outgoing' | 'incoming' | 'inCall';
  type: CallType;
  peer: CallPeer;
  accepting: boolean;
  local: MediaStream | null;
  remote: MediaStream | null;
  muted: boolean;
  cameraOff: boolean;
  answeredAt: number | null;
  connected: boolean;
};

export type CallState = { phase: 'idle'; notice: CallNotice | null } | ActiveCall;

export const IDLE: CallState = { phase: 'idle', notice: null };

export type CallRole = 'caller' | 'callee';

export type CallEvent =
  | { type: 'started'; phase: 'outgoing' | 'incoming'; callType: CallType; peer: CallPeer }
  | { type: 'accepting' }
  | { type: 'localStream'; stream: MediaStream }
  | { type: 'remoteStream'; stream: MediaStream }
  | { type: 'connected' }
  | { type: 'answered'; at: number }
  | { type: 'muteToggled' }
  | { type: 'cameraToggled' }
  | { type: 'ended'; notice: CallNoticeKind | null; params?: ErrorParams | undefined }
  | { type: 'noticeDismissed' };

/** The next state: an event that does not apply to the current one leaves it as it is. */
export function callTransition(state: CallState, event: CallEvent): CallState {
  if (event.type === 'started') {
    return {
      phase: event.phase,
      type: event.callType,
      peer: event.peer,
      accepting: false,
      local: null,
      remote: null,
      muted: false,
      cameraOff: false,
      answeredAt: null,
      connected: false,
    };
  }
  if (state.phase === 'idle') {
    return event.type === 'noticeDismissed' && state.notice ? IDLE : state;
  }
  switch (event.type) {
    case 'accepting':
      return { ...state, accepting: true };
    case 'localStream':
      return { ...state, local: event.stream };
    case 'remoteStream':
      return { ...state, remote: event.stream };
    case 'connected':
      return { ...state, connected: true };
    case 'answered':
      return { ...state, phase: 'inCall', accepting: false, answeredAt: event.at };
    case 'muteToggled':
      return { ...state, muted: !state.muted };
    case 'cameraToggled':
      return { ...state, cameraOff: !state.cameraOff };
    case 'ended':
      return {
        phase: 'idle',
        notice: event.notice
          ? {
              kind: event.notice,
              peer: state.peer,
              type: state.type,
              ...(event.params ? { params: event.params } : {}),
            }
          : null,
      };
    default:
      return state;
  }
}

/** What a call nobody answered tells: the caller, no answer; the callee, a missed call. */
export const unansweredNotice = (role: CallRole): CallNoticeKind =>
  role === 'caller' ? 'noAnswer' : 'missed';

/** What a refused getUserMedia means for the member. */
export function mediaNotice(error: unknown): CallNoticeKind {
  // DOMExceptions, which are not Errors everywhere.
  const name = typeof error === 'object' && error !== null && 'name' in error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'mediaDenied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'mediaMissing';
  if (name === 'NotReadableError' || name === 'AbortError') return 'mediaBusy';
  return 'mediaUnsupported';
}

/**
 * The other side (or the server) ended the call: whether this tab ends it too, and what it tells.
 * A call answered on another of my devices goes on there; this tab only stops ringing.
 */
export function onPeerEnd(
  state: ActiveCall,
  role: CallRole,
  reason: CallSignal['reason'],
): { end: false } | { end: true; notice: CallNoticeKind | null } {
  const { phase } = state;
  if (reason === 'answeredElsewhere') {
    // The tab that answered is in the call; the others stop ringing.
    return phase === 'incoming' && !state.accepting ? { end: true, notice: null } : { end: false };
  }
  // Refused on another of my devices: nothing was missed.
  if (reason === 'declined' && phase === 'incoming') return { end: true, notice: null };
  if (reason === 'missed') return { end: true, notice: unansweredNotice(role) };
  if (reason === 'disconnected' || reason === 'failed') {
    return { end: true, notice: phase === 'inCall' ? 'disconnected' : unansweredNotice(role) };
  }
  if (phase === 'outgoing') return { end: true, notice: 'declined' };
  if (phase === 'incoming') return { end: true, notice: 'missed' };
  return { end: true, notice: 'ended' };
}

/** Whether a busy signal ends my call: only a call I make, still ringing. */
export const endsOnBusy = (state: CallState, role: CallRole) =>
  role === 'caller' && state.phase === 'outgoing';

/** Whether the other side's answer applies: to a call I make, still ringing. */
export const takesAnswer = (state: CallState, role: CallRole) =>
  role === 'caller' && state.phase === 'outgoing';

/** Whether I may accept: a call ringing here, not yet accepted. */
export const canAccept = (state: CallState) => state.phase === 'incoming' && !state.accepting;
