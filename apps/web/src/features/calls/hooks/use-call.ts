import { useSyncExternalStore } from 'react';
import { fetchIceServers, sendCallSignal } from '../api/calls-api.ts';
import { createCallMachine } from '../utils/call-machine.ts';
import type { CallState } from '../utils/call-transitions.ts';

/**
 * The tab's one call, shared by the call layer (which shows it and feeds it the signals) and the
 * screens that start calls (the chat's header, through the app's route).
 */
export const calls = createCallMachine({
  send: sendCallSignal,
  iceServers: fetchIceServers,
  // Looked up at each call: without a secure context there is no mediaDevices (a TypeError,
  // which the machine reports as unsupported).
  getUserMedia: (constraints) => navigator.mediaDevices.getUserMedia(constraints),
  createPeerConnection: (configuration) => new RTCPeerConnection(configuration),
  now: () => Date.now(),
});

/** The call as it stands, kept current. */
export function useCallState(): CallState {
  return useSyncExternalStore(calls.subscribe, calls.getState, calls.getState);
}

const inCall = () => calls.getState().phase !== 'idle';

/** Whether a call is in progress (no second one may start); re-renders only when that changes. */
export function useInCall(): boolean {
  return useSyncExternalStore(calls.subscribe, inCall, inCall);
}
