import type { CallSignal, CallType } from '@mawadda/contract';
import type { ErrorParams } from '@mawadda/contract/error-params';
import { titleCase } from '@mawadda/contract/text';
import {
  answered,
  begin,
  type Call,
  type CallDeps,
  type CallRuntime,
  dispatch,
  finish,
  flushCandidates,
  newCall,
  open,
  sendWhenOpen,
  step,
  watchGathering,
} from './call-runtime.ts';
import {
  type CallPeer,
  type CallRefusal,
  canAccept,
  endsOnBusy,
  IDLE,
  onPeerEnd,
  takesAnswer,
} from './call-transitions.ts';

/** Calls `peer`; false (and nothing done) while another call is in progress. */
function startCall(rt: CallRuntime, peer: CallPeer, type: CallType): boolean {
  if (rt.call) return false;
  const current = newCall({
    id: null,
    role: 'caller',
    // The call screens name the member as every screen does, whoever started the call.
    peer: { ...peer, name: titleCase(peer.name) },
    type,
    offer: null,
  });
  begin(rt, current, 'outgoing');
  const iceServers = rt.deps.iceServers();
  iceServers.catch(() => {});
  void step(rt, current, async () => {
    const pc = await open(rt, current, iceServers);
    if (!pc) return;
    const offer = await pc.createOffer();
    await pc.setLocalDescription(offer);
    if (rt.call !== current) return;
    watchGathering(rt, current);
    if (
      !(await sendWhenOpen(rt, current, { type, sdp: { type: 'offer', sdp: offer.sdp ?? '' } }))
    ) {
      finish(rt, current, 'connectionLost');
    }
  });
  return true;
}

/** The callee says yes: camera and microphone, then the answer. */
function accept(rt: CallRuntime) {
  const current = rt.call;
  if (!current || !canAccept(rt.state) || !current.offer) return;
  const offer = current.offer;
  dispatch(rt, { type: 'accepting' });
  const iceServers = rt.deps.iceServers();
  iceServers.catch(() => {});
  void step(rt, current, async () => {
    const pc = await open(rt, current, iceServers);
    if (!pc) return;
    await pc.setRemoteDescription(offer);
    await flushCandidates(current);
    const answer = await pc.createAnswer();
    await pc.setLocalDescription(answer);
    if (rt.call !== current) return;
    watchGathering(rt, current);
    if (!(await sendWhenOpen(rt, current, { answer: { type: 'answer', sdp: answer.sdp ?? '' } }))) {
      finish(rt, current, 'connectionLost');
      return;
    }
    if (rt.call === current) answered(rt, current);
  });
}

function onOffer(rt: CallRuntime, signal: CallSignal & { from: string }) {
  // One call at a time: the server already answers a second caller busy.
  if (rt.call || !signal.type || !signal.sdp?.sdp) return;
  const peer = {
    id: signal.from,
    name: titleCase(signal.caller?.name ?? ''),
    photoUrl: signal.caller?.photoUrl ?? null,
  };
  const offer = { type: 'offer' as const, sdp: signal.sdp.sdp };
  begin(
    rt,
    newCall({ id: signal.callId ?? null, role: 'callee', peer, type: signal.type, offer }),
    'incoming',
  );
}

function onAnswer(rt: CallRuntime, current: Call, sdp: string) {
  const pc = current.pc;
  if (!takesAnswer(rt.state, current.role) || !pc) return;
  const answer: RTCSessionDescriptionInit = { type: 'answer', sdp };
  void step(rt, current, async () => {
    await pc.setRemoteDescription(answer);
    await flushCandidates(current);
    if (rt.call === current) answered(rt, current);
  });
}

/** A message on my `/topic/call`. */
function receive(rt: CallRuntime, signal: CallSignal) {
  const from = typeof signal === 'object' && signal !== null ? signal.from : undefined;
  if (!from) return;
  if (signal.sdp?.type === 'offer') {
    onOffer(rt, { ...signal, from });
    return;
  }
  const current = rt.call;
  if (!current || current.peer.id !== from) return;
  if (current.id && signal.callId && signal.callId !== current.id) return;
  current.id ??= signal.callId ?? null;

  if (signal.busy) {
    if (endsOnBusy(rt.state, current.role)) finish(rt, current, 'busy');
  } else if (signal.endCall) {
    if (rt.state.phase === 'idle') return;
    const outcome = onPeerEnd(rt.state, current.role, signal.reason);
    if (outcome.end) finish(rt, current, outcome.notice);
  } else if (signal.answer?.sdp) {
    onAnswer(rt, current, signal.answer.sdp);
  } else if (signal.candidate) {
    const candidate = signal.candidate as RTCIceCandidateInit;
    if (current.pc?.remoteDescription) current.pc.addIceCandidate(candidate).catch(() => {});
    else current.pending.push(candidate);
  }
}

/** Mutes the microphone, or turns the camera off: the tracks stay, only disabled. */
function toggleTracks(rt: CallRuntime, kind: 'audio' | 'video') {
  if (rt.state.phase === 'idle' || !rt.call?.local) return;
  const local = rt.call.local;
  const off = kind === 'audio' ? !rt.state.muted : !rt.state.cameraOff;
  dispatch(rt, { type: kind === 'audio' ? 'muteToggled' : 'cameraToggled' });
  const tracks = kind === 'audio' ? local.getAudioTracks() : local.getVideoTracks();
  for (const track of tracks) track.enabled = !off;
}

/**
 * The call state machine of docs/spec.md §4: idle -> outgoing or incoming -> in call -> idle, one
 * call at a time. The states and their transitions are `call-transitions.ts`'s, pure; this runs
 * the effects (`call-runtime.ts`) and dispatches their outcomes. Signals go through `deps.send`
 * (the broker relays them, stamping `callId`); candidates trickle both ways, those arriving
 * before the remote description wait in a queue. A call ends on my end, the other's end, the
 * server's (missed, busy, disconnected), a failed or disconnected connection, no candidate
 * gathered within ICE_GATHERING_TIMEOUT_MS, or the socket closing; every end closes the peer
 * connection and stops every local track (the camera light goes off) before the state is idle
 * again.
 */
export function createCallMachine(deps: CallDeps) {
  const rt: CallRuntime = { deps, call: null, state: IDLE, listeners: new Set() };
  return {
    getState: () => rt.state,
    subscribe(listener: () => void) {
      rt.listeners.add(listener);
      return () => {
        rt.listeners.delete(listener);
      };
    },
    startCall: (peer: CallPeer, type: CallType) => startCall(rt, peer, type),
    accept: () => accept(rt),
    /** The callee says no. */
    refuse() {
      const call = rt.call;
      if (call && call.role === 'callee' && rt.state.phase === 'incoming') {
        finish(rt, call, null, true);
      }
    },
    /** Cancel (ringing) or hang up (in call). */
    hangUp() {
      if (rt.call) finish(rt, rt.call, null, true);
    },
    /**
     * The server would not place my call. Its ERROR closes the socket: said first, so the member
     * hears why rather than that the connection was lost. The callee never rang: nothing to tell.
     */
    refused(code: CallRefusal, params?: ErrorParams) {
      if (rt.call) finish(rt, rt.call, code, false, params);
    },
    receive: (signal: CallSignal) => receive(rt, signal),
    /** The socket closed: the server ends the call for the other side too. */
    socketClosed() {
      if (rt.call) finish(rt, rt.call, 'connectionLost');
    },
    toggleMute: () => toggleTracks(rt, 'audio'),
    toggleCamera: () => toggleTracks(rt, 'video'),
    dismissNotice() {
      dispatch(rt, { type: 'noticeDismissed' });
    },
  };
}

export type CallMachine = ReturnType<typeof createCallMachine>;
