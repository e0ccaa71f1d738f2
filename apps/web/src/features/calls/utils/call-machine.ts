import type { CallSignal, CallType } from '@mawadda/contract';
import {
  CALL_RING_TIMEOUT_MS,
  ICE_GATHERING_TIMEOUT_MS,
  SOCKET_WAIT_INTERVAL_MS,
  SOCKET_WAIT_TRIES,
  VIDEO_CONSTRAINTS,
} from '@mawadda/contract/constants';
import type { ErrorCode } from '@mawadda/contract/error-codes';
import { titleCase } from '@mawadda/contract/text';

/** The server ends an unanswered call as missed; a tab that never hears it ends it this much later. */
export const RING_FALLBACK_MS = CALL_RING_TIMEOUT_MS + 5_000;

export type CallPeer = { id: string; name: string; photoUrl: string | null };

/**
 * The broker's refusals of my offer that the member can only be told of; the third,
 * SUBSCRIPTION_REQUIRED, is answered with the plans instead.
 */
export type CallRefusal = Extract<ErrorCode, 'CALL_NOT_ALLOWED' | 'CALL_IN_PROGRESS'>;

export function isCallRefusal(code: string | undefined): code is CallRefusal {
  return code === 'CALL_NOT_ALLOWED' || code === 'CALL_IN_PROGRESS';
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

export type CallNotice = { kind: CallNoticeKind; peer: CallPeer; type: CallType };

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

/** What a refused getUserMedia means for the member. */
function mediaNotice(error: unknown): CallNoticeKind {
  // DOMExceptions, which are not Errors everywhere.
  const name = typeof error === 'object' && error !== null && 'name' in error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'mediaDenied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'mediaMissing';
  if (name === 'NotReadableError' || name === 'AbortError') return 'mediaBusy';
  return 'mediaUnsupported';
}

function stopTracks(stream: MediaStream | null) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/**
 * The call state machine of spec section 4: idle -> outgoing or incoming -> in call -> idle, one
 * call at a time. Signals go through `deps.send` (the broker relays them, stamping `callId`);
 * candidates trickle both ways, those arriving before the remote description wait in a queue.
 * A call ends on my end, the other's end, the server's (missed, busy, disconnected), a failed or
 * disconnected connection, no candidate gathered within ICE_GATHERING_TIMEOUT_MS, or the socket
 * closing; every end closes the peer connection and stops every local track (the camera light
 * goes off) before the state is idle again.
 */
export function createCallMachine(deps: CallDeps) {
  let call: Call | null = null;
  let state: CallState = { phase: 'idle', notice: null };
  const listeners = new Set<() => void>();

  function setState(next: CallState) {
    state = next;
    for (const listener of listeners) listener();
  }

  function update(changes: Partial<ActiveCall>) {
    if (state.phase === 'idle') return;
    setState({ ...state, ...changes });
  }

  function send(current: Call, signal: CallSignal) {
    return deps.send(current.peer.id, signal);
  }

  /**
   * The offer and the answer wait for a socket still connecting (spec section 9: up to 10 tries
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

  function finish(current: Call, notice: CallNoticeKind | null, tellPeer = false) {
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
    setState({
      phase: 'idle',
      notice: notice ? { kind: notice, peer: current.peer, type: current.type } : null,
    });
  }

  function begin(next: Call, phase: ActiveCall['phase']) {
    call = next;
    setState({
      phase,
      type: next.type,
      peer: next.peer,
      accepting: false,
      local: null,
      remote: null,
      muted: false,
      cameraOff: false,
      answeredAt: null,
      connected: false,
    });
    const caller = next.role === 'caller';
    next.ring = setTimeout(
      () => finish(next, caller ? 'noAnswer' : 'missed', caller),
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
    update({ local: stream });
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
      update({ remote });
    };
    pc.onconnectionstatechange = () => {
      if (pc.connectionState === 'connected') update({ connected: true });
      else if (pc.connectionState === 'failed') finish(current, 'failed', true);
      else if (pc.connectionState === 'disconnected') finish(current, 'disconnected', true);
    };
    for (const track of stream.getTracks()) pc.addTrack(track, stream);
    return pc;
  }

  /** Spec section 4's 10 s wait: a call that has gathered no candidate by then cannot connect. */
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
    update({ phase: 'inCall', accepting: false, answeredAt: deps.now() });
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
    const phase = state.phase;
    if (signal.reason === 'answeredElsewhere') {
      // The tab that answered is in the call; the others stop ringing.
      if (phase === 'incoming' && !state.accepting) finish(current, null);
      return;
    }
    // Refused on another of my devices: nothing was missed.
    if (signal.reason === 'declined' && phase === 'incoming') {
      finish(current, null);
      return;
    }
    let notice: CallNoticeKind;
    if (signal.reason === 'missed') notice = current.role === 'caller' ? 'noAnswer' : 'missed';
    else if (signal.reason === 'disconnected' || signal.reason === 'failed') {
      notice =
        phase === 'inCall' ? 'disconnected' : current.role === 'caller' ? 'noAnswer' : 'missed';
    } else if (phase === 'outgoing') notice = 'declined';
    else if (phase === 'incoming') notice = 'missed';
    else notice = 'ended';
    finish(current, notice);
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
      if (!current || state.phase !== 'incoming' || state.accepting || !current.offer) return;
      const offer = current.offer;
      update({ accepting: true });
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
    refused(code: CallRefusal) {
      if (call) finish(call, code);
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
        if (current.role === 'caller' && state.phase === 'outgoing') finish(current, 'busy');
      } else if (signal.endCall) {
        onEnd(current, signal);
      } else if (signal.answer?.sdp) {
        const pc = current.pc;
        if (current.role !== 'caller' || state.phase !== 'outgoing' || !pc) return;
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
      for (const track of call.local.getAudioTracks()) track.enabled = !muted;
      update({ muted });
    },

    toggleCamera() {
      if (state.phase === 'idle' || !call?.local) return;
      const cameraOff = !state.cameraOff;
      for (const track of call.local.getVideoTracks()) track.enabled = !cameraOff;
      update({ cameraOff });
    },

    dismissNotice() {
      if (state.phase === 'idle' && state.notice) setState({ phase: 'idle', notice: null });
    },
  };
}

export type CallMachine = ReturnType<typeof createCallMachine>;
