import type { CallSignal, CallType } from '@mawadda/contract';
import {
  CALL_RING_TIMEOUT_MS,
  ICE_GATHERING_TIMEOUT_MS,
  SOCKET_WAIT_INTERVAL_MS,
  SOCKET_WAIT_TRIES,
  VIDEO_CONSTRAINTS,
} from '@mawadda/contract/constants';
import type { ErrorParams } from '@mawadda/contract/error-params';
import { titleCase } from '@mawadda/contract/text';
import {
  type CallEvent,
  type CallNoticeKind,
  type CallPeer,
  type CallRefusal,
  type CallState,
  callTransition,
  canAccept,
  endsOnBusy,
  IDLE,
  mediaNotice,
  onPeerEnd,
  takesAnswer,
  unansweredNotice,
} from './call-transitions.ts';

/** The server ends an unanswered call as missed; a tab that never hears it ends it this much later. */
export const RING_FALLBACK_MS = CALL_RING_TIMEOUT_MS + 5_000;

export type CallDeps = {
  send(peerId: string, signal: CallSignal): boolean;
  iceServers(): Promise<RTCIceServer[]>;
  getUserMedia(constraints: MediaStreamConstraints): Promise<MediaStream>;
  createPeerConnection(configuration: RTCConfiguration): RTCPeerConnection;
  now(): number;
};

/** What this tab holds for the call in progress, beyond what screens show. */
type Call = {
  id: string | null;
  role: 'caller' | 'callee';
  peer: CallPeer;
  type: CallType;
  offer: RTCSessionDescriptionInit | null;
  pc: RTCPeerConnection | null;
  local: MediaStream | null;
  remote: MediaStream | null;
  /** Candidates that came before the remote description (a callee's while it rings). */
  pending: RTCIceCandidateInit[];
  gathered: boolean;
  /** The local fallback to the server's missed, cleared once answered. */
  ring: ReturnType<typeof setTimeout> | null;
  gathering: ReturnType<typeof setTimeout> | null;
};

/** A video call asks for 1280×720 at 30 fps as `ideal`: a smaller camera still works. */
export function mediaConstraints(type: CallType): MediaStreamConstraints {
  return {
    audio: true,
    video:
      type === 'video'
        ? {
            width: { ideal: VIDEO_CONSTRAINTS.width },
            height: { ideal: VIDEO_CONSTRAINTS.height },
            frameRate: { ideal: VIDEO_CONSTRAINTS.frameRate },
          }
        : false,
  };
}

function stopTracks(stream: MediaStream | null) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/**
 * The call state machine of docs/spec.md §4: idle -> outgoing or incoming -> in call -> idle, one
 * call at a time. The states and their transitions are `call-transitions.ts`'s, pure; this runs
 * the effects and dispatches their outcomes. Signals go through `deps.send` (the broker relays them, stamping `callId`);
 * candidates trickle both ways, those arriving before the remote description wait in a queue.
 * A call ends on my end, the other's end, the server's (missed, busy, disconnected), a failed or
 * disconnected connection, no candidate gathered within ICE_GATHERING_TIMEOUT_MS, or the socket
 * closing; every end closes the peer connection and stops every local track (the camera light
 * goes off) before the state is idle again.
 */
export function createCallMachine(deps: CallDeps) {
  let call: Call | null = null;
  let state: CallState = IDLE;
  const listeners = new Set<() => void>();

  function dispatch(event: CallEvent) {
    const next = callTransition(state, event);
    if (next === state) return;
    state = next;
    for (const listener of listeners) listener();
  }

  function send(current: Call, signal: CallSignal) {
    return deps.send(current.peer.id, signal);
  }

  /**
   * The offer and the answer wait for a socket still connecting (docs/spec.md §9: up to 10 tries
   * at 200 ms); false if it never opens or the call ended meanwhile.
   */
  async function sendWhenOpen(current: Call, signal: CallSignal) {
    for (let attempt = 1; call === current; attempt += 1) {
      if (send(current, signal)) return true;
      if (attempt >= SOCKET_WAIT_TRIES) return false;
      await new Promise((resolve) => setTimeout(resolve, SOCKET_WAIT_INTERVAL_MS));
    }
    return false;
  }

  function finish(
    current: Call,
    notice: CallNoticeKind | null,
    tellPeer = false,
    params?: ErrorParams,
  ) {
    if (call !== current) return;
    call = null;
    if (tellPeer) send(current, { endCall: true });
    if (current.ring) clearTimeout(current.ring);
    if (current.gathering) clearTimeout(current.gathering);
    if (current.pc) {
      current.pc.onicecandidate = null;
      current.pc.ontrack = null;
      current.pc.onconnectionstatechange = null;
      current.pc.close();
    }
    stopTracks(current.local);
    stopTracks(current.remote);
    dispatch({ type: 'ended', notice, params });
  }

  function begin(next: Call, phase: 'outgoing' | 'incoming') {
    call = next;
    dispatch({ type: 'started', phase, callType: next.type, peer: next.peer });
    next.ring = setTimeout(
      () => finish(next, unansweredNotice(next.role), next.role === 'caller'),
      RING_FALLBACK_MS,
    );
  }

  /** Camera and microphone, kept on the call at once so any end stops them. */
  async function openMedia(current: Call): Promise<MediaStream | null> {
    let stream: MediaStream;
    try {
      stream = await deps.getUserMedia(mediaConstraints(current.type));
    } catch (error) {
      finish(current, mediaNotice(error), current.role === 'callee');
      return null;
    }
    if (call !== current) {
      stopTracks(stream);
      return null;
    }
    current.local = stream;
    dispatch({ type: 'localStream', stream });
    return stream;
  }

  function connect(current: Call, stream: MediaStream, iceServers: RTCIceServer[]) {
    const pc = deps.createPeerConnection({ iceServers });
    current.pc = pc;
    pc.onicecandidate = (event) => {
      if (!event.candidate?.candidate) return;
      current.gathered = true;
      send(current, {
        candidate: event.candidate.toJSON() as NonNullable<CallSignal['candidate']>,
      });
    };
    pc.ontrack = (event) => {
      const remote = event.streams[0] ?? current.remote ?? new MediaStream();
      if (!remote.getTracks().includes(event.track)) remote.addTrack(event.track);
      current.remote = remote;
      dispatch({ type: 'remoteStream', stream: remote });
    };
    pc.onconnectionstatechange = () => {
      if (pc.connectionState === 'connected') dispatch({ type: 'connected' });
      else if (pc.connectionState === 'failed') finish(current, 'failed', true);
      else if (pc.connectionState === 'disconnected') finish(current, 'disconnected', true);
    };
    for (const track of stream.getTracks()) pc.addTrack(track, stream);
    return pc;
  }

  /** docs/spec.md §4's 10 s wait: a call that has gathered no candidate by then cannot connect. */
  function watchGathering(current: Call) {
    current.gathering = setTimeout(() => {
      if (!current.gathered && current.pc?.connectionState !== 'connected') {
        finish(current, 'failed', true);
      }
    }, ICE_GATHERING_TIMEOUT_MS);
  }

  async function flushCandidates(current: Call) {
    const pc = current.pc;
    if (!pc) return;
    for (const candidate of current.pending.splice(0)) {
      await pc.addIceCandidate(candidate).catch(() => {});
    }
  }

  function answered(current: Call) {
    if (current.ring) clearTimeout(current.ring);
    current.ring = null;
    dispatch({ type: 'answered', at: deps.now() });
  }

  /** Runs a step of the call; any failure (SDP refused, ICE servers unreachable) ends it. */
  async function step(current: Call, work: () => Promise<void>) {
    try {
      await work();
    } catch {
      finish(current, 'failed', true);
    }
  }

  function onOffer(signal: CallSignal & { from: string }) {
    // One call at a time: the server already answers a second caller busy.
    if (call || !signal.type || !signal.sdp?.sdp) return;
    begin(
      {
        id: signal.callId ?? null,
        role: 'callee',
        peer: {
          id: signal.from,
          name: titleCase(signal.caller?.name ?? ''),
          photoUrl: signal.caller?.photoUrl ?? null,
        },
        type: signal.type,
        offer: { type: 'offer', sdp: signal.sdp.sdp },
        pc: null,
        local: null,
        remote: null,
        pending: [],
        gathered: false,
        ring: null,
        gathering: null,
      },
      'incoming',
    );
  }

  function onEnd(current: Call, signal: CallSignal) {
    if (state.phase === 'idle') return;
    const outcome = onPeerEnd(state, current.role, signal.reason);
    if (outcome.end) finish(current, outcome.notice);
  }

  /**
   * The camera and microphone, then the peer connection with the ICE servers (asked for at the
   * start, in parallel); null when the media were refused or the call ended meanwhile.
   */
  async function open(current: Call, iceServers: Promise<RTCIceServer[]>) {
    const stream = await openMedia(current);
    if (!stream) return null;
    const servers = await iceServers;
    if (call !== current) return null;
    return connect(current, stream, servers);
  }

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    /** Calls `peer`; false (and nothing done) while another call is in progress. */
    startCall(peer: CallPeer, type: CallType): boolean {
      if (call) return false;
      const current: Call = {
        id: null,
        role: 'caller',
        // The call screens name the member as every screen does, whoever started the call.
        peer: { ...peer, name: titleCase(peer.name) },
        type,
        offer: null,
        pc: null,
        local: null,
        remote: null,
        pending: [],
        gathered: false,
        ring: null,
        gathering: null,
      };
      begin(current, 'outgoing');
      const iceServers = deps.iceServers();
      iceServers.catch(() => {});
      void step(current, async () => {
        const pc = await open(current, iceServers);
        if (!pc) return;
        const offer = await pc.createOffer();
        await pc.setLocalDescription(offer);
        if (call !== current) return;
        watchGathering(current);
        if (
          !(await sendWhenOpen(current, { type, sdp: { type: 'offer', sdp: offer.sdp ?? '' } }))
        ) {
          finish(current, 'connectionLost');
        }
      });
      return true;
    },

    /** The callee says yes: camera and microphone, then the answer. */
    accept() {
      const current = call;
      if (!current || !canAccept(state) || !current.offer) return;
      const offer = current.offer;
      dispatch({ type: 'accepting' });
      const iceServers = deps.iceServers();
      iceServers.catch(() => {});
      void step(current, async () => {
        const pc = await open(current, iceServers);
        if (!pc) return;
        await pc.setRemoteDescription(offer);
        await flushCandidates(current);
        const answer = await pc.createAnswer();
        await pc.setLocalDescription(answer);
        if (call !== current) return;
        watchGathering(current);
        if (!(await sendWhenOpen(current, { answer: { type: 'answer', sdp: answer.sdp ?? '' } }))) {
          finish(current, 'connectionLost');
          return;
        }
        if (call === current) answered(current);
      });
    },

    /** The callee says no. */
    refuse() {
      if (call && call.role === 'callee' && state.phase === 'incoming') finish(call, null, true);
    },

    /** Cancel (ringing) or hang up (in call). */
    hangUp() {
      if (call) finish(call, null, true);
    },

    /**
     * The server would not place my call. Its ERROR closes the socket: said first, so the member
     * hears why rather than that the connection was lost. The callee never rang: nothing to tell.
     */
    refused(code: CallRefusal, params?: ErrorParams) {
      if (call) finish(call, code, false, params);
    },

    /** A message on my `/topic/call`. */
    receive(signal: CallSignal) {
      const from = typeof signal === 'object' && signal !== null ? signal.from : undefined;
      if (!from) return;
      if (signal.sdp?.type === 'offer') {
        onOffer({ ...signal, from });
        return;
      }
      const current = call;
      if (!current || current.peer.id !== from) return;
      if (current.id && signal.callId && signal.callId !== current.id) return;
      current.id ??= signal.callId ?? null;

      if (signal.busy) {
        if (endsOnBusy(state, current.role)) finish(current, 'busy');
      } else if (signal.endCall) {
        onEnd(current, signal);
      } else if (signal.answer?.sdp) {
        const pc = current.pc;
        if (!takesAnswer(state, current.role) || !pc) return;
        const answer: RTCSessionDescriptionInit = { type: 'answer', sdp: signal.answer.sdp };
        void step(current, async () => {
          await pc.setRemoteDescription(answer);
          await flushCandidates(current);
          if (call === current) answered(current);
        });
      } else if (signal.candidate) {
        const candidate = signal.candidate as RTCIceCandidateInit;
        if (current.pc?.remoteDescription) current.pc.addIceCandidate(candidate).catch(() => {});
        else current.pending.push(candidate);
      }
    },

    /** The socket closed: the server ends the call for the other side too. */
    socketClosed() {
      if (call) finish(call, 'connectionLost');
    },

    toggleMute() {
      if (state.phase === 'idle' || !call?.local) return;
      const muted = !state.muted;
      dispatch({ type: 'muteToggled' });
      for (const track of call.local.getAudioTracks()) track.enabled = !muted;
    },

    toggleCamera() {
      if (state.phase === 'idle' || !call?.local) return;
      const cameraOff = !state.cameraOff;
      dispatch({ type: 'cameraToggled' });
      for (const track of call.local.getVideoTracks()) track.enabled = !cameraOff;
    },

    dismissNotice() {
      dispatch({ type: 'noticeDismissed' });
    },
  };
}

export type CallMachine = ReturnType<typeof createCallMachine>;
