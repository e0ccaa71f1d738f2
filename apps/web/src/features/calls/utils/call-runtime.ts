import type { CallSignal, CallType } from '@mawadda/contract';
import {
  CALL_RING_TIMEOUT_MS,
  ICE_GATHERING_TIMEOUT_MS,
  SOCKET_WAIT_INTERVAL_MS,
  SOCKET_WAIT_TRIES,
  VIDEO_CONSTRAINTS,
} from '@mawadda/contract/constants';
import type { ErrorParams } from '@mawadda/contract/error-params';
import {
  type CallEvent,
  type CallNoticeKind,
  type CallPeer,
  type CallState,
  callTransition,
  mediaNotice,
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
export type Call = {
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

/**
 * One machine's whole state: the call in progress (one at a time), the state screens show and
 * who listens to it. `call-machine.ts` makes one per tab; the effects below run on it.
 */
export type CallRuntime = {
  deps: CallDeps;
  call: Call | null;
  state: CallState;
  listeners: Set<() => void>;
};

/** A call just placed or just ringing: no connection, media or timer yet. */
export function newCall(fields: Pick<Call, 'id' | 'role' | 'peer' | 'type' | 'offer'>): Call {
  return {
    ...fields,
    pc: null,
    local: null,
    remote: null,
    pending: [],
    gathered: false,
    ring: null,
    gathering: null,
  };
}

/** A video call asks for 1280×720 at 30 fps as `ideal`: a smaller camera still works. */
function mediaConstraints(type: CallType): MediaStreamConstraints {
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

export function dispatch(rt: CallRuntime, event: CallEvent) {
  const next = callTransition(rt.state, event);
  if (next === rt.state) return;
  rt.state = next;
  for (const listener of rt.listeners) listener();
}

function send(rt: CallRuntime, current: Call, signal: CallSignal) {
  return rt.deps.send(current.peer.id, signal);
}

/**
 * The offer and the answer wait for a socket still connecting (docs/spec.md §9: up to 10 tries
 * at 200 ms); false if it never opens or the call ended meanwhile.
 */
export async function sendWhenOpen(rt: CallRuntime, current: Call, signal: CallSignal) {
  for (let attempt = 1; rt.call === current; attempt += 1) {
    if (send(rt, current, signal)) return true;
    if (attempt >= SOCKET_WAIT_TRIES) return false;
    await new Promise((resolve) => setTimeout(resolve, SOCKET_WAIT_INTERVAL_MS));
  }
  return false;
}

/**
 * Ends `current` if it is still the call in progress: the peer told when `tellPeer`, the timers
 * cleared, the connection closed and every track stopped (the camera light goes off) before the
 * state is idle again.
 */
export function finish(
  rt: CallRuntime,
  current: Call,
  notice: CallNoticeKind | null,
  tellPeer = false,
  params?: ErrorParams,
) {
  if (rt.call !== current) return;
  rt.call = null;
  if (tellPeer) send(rt, current, { endCall: true });
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
  dispatch(rt, { type: 'ended', notice, params });
}

export function begin(rt: CallRuntime, next: Call, phase: 'outgoing' | 'incoming') {
  rt.call = next;
  dispatch(rt, { type: 'started', phase, callType: next.type, peer: next.peer });
  next.ring = setTimeout(
    () => finish(rt, next, unansweredNotice(next.role), next.role === 'caller'),
    RING_FALLBACK_MS,
  );
}

/** Camera and microphone, kept on the call at once so any end stops them. */
async function openMedia(rt: CallRuntime, current: Call): Promise<MediaStream | null> {
  let stream: MediaStream;
  try {
    stream = await rt.deps.getUserMedia(mediaConstraints(current.type));
  } catch (error) {
    finish(rt, current, mediaNotice(error), current.role === 'callee');
    return null;
  }
  if (rt.call !== current) {
    stopTracks(stream);
    return null;
  }
  current.local = stream;
  dispatch(rt, { type: 'localStream', stream });
  return stream;
}

function connect(rt: CallRuntime, current: Call, stream: MediaStream, iceServers: RTCIceServer[]) {
  const pc = rt.deps.createPeerConnection({ iceServers });
  current.pc = pc;
  pc.onicecandidate = (event) => {
    if (!event.candidate?.candidate) return;
    current.gathered = true;
    send(rt, current, {
      candidate: event.candidate.toJSON() as NonNullable<CallSignal['candidate']>,
    });
  };
  pc.ontrack = (event) => {
    const remote = event.streams[0] ?? current.remote ?? new MediaStream();
    if (!remote.getTracks().includes(event.track)) remote.addTrack(event.track);
    current.remote = remote;
    dispatch(rt, { type: 'remoteStream', stream: remote });
  };
  pc.onconnectionstatechange = () => {
    if (pc.connectionState === 'connected') dispatch(rt, { type: 'connected' });
    else if (pc.connectionState === 'failed') finish(rt, current, 'failed', true);
    else if (pc.connectionState === 'disconnected') finish(rt, current, 'disconnected', true);
  };
  for (const track of stream.getTracks()) pc.addTrack(track, stream);
  return pc;
}

/**
 * The camera and microphone, then the peer connection with the ICE servers (asked for at the
 * start, in parallel); null when the media were refused or the call ended meanwhile.
 */
export async function open(rt: CallRuntime, current: Call, iceServers: Promise<RTCIceServer[]>) {
  const stream = await openMedia(rt, current);
  if (!stream) return null;
  const servers = await iceServers;
  if (rt.call !== current) return null;
  return connect(rt, current, stream, servers);
}

/** docs/spec.md §4's 10 s wait: a call that has gathered no candidate by then cannot connect. */
export function watchGathering(rt: CallRuntime, current: Call) {
  current.gathering = setTimeout(() => {
    if (!current.gathered && current.pc?.connectionState !== 'connected') {
      finish(rt, current, 'failed', true);
    }
  }, ICE_GATHERING_TIMEOUT_MS);
}

export async function flushCandidates(current: Call) {
  const pc = current.pc;
  if (!pc) return;
  for (const candidate of current.pending.splice(0)) {
    await pc.addIceCandidate(candidate).catch(() => {});
  }
}

export function answered(rt: CallRuntime, current: Call) {
  if (current.ring) clearTimeout(current.ring);
  current.ring = null;
  dispatch(rt, { type: 'answered', at: rt.deps.now() });
}

/** Runs a step of the call; any failure (SDP refused, ICE servers unreachable) ends it. */
export async function step(rt: CallRuntime, current: Call, work: () => Promise<void>) {
  try {
    await work();
  } catch {
    finish(rt, current, 'failed', true);
  }
}
