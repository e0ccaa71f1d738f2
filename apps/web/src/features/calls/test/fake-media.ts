import type { CallSignal } from '@mawadda/contract';
import { vi } from 'vitest';
import { createCallMachine } from '../utils/call-machine.ts';
import type { CallDeps } from '../utils/call-runtime.ts';

/** A camera or microphone track: `stop()` ends it, as the browser's does (the light goes off). */
export class FakeTrack {
  enabled = true;
  readyState: 'live' | 'ended' = 'live';
  readonly kind: 'audio' | 'video';
  constructor(kind: 'audio' | 'video') {
    this.kind = kind;
  }
  stop() {
    this.readyState = 'ended';
  }
}

export class FakeStream {
  readonly tracks: FakeTrack[];
  constructor(kinds: Array<'audio' | 'video'>) {
    this.tracks = kinds.map((kind) => new FakeTrack(kind));
  }
  getTracks() {
    return [...this.tracks];
  }
  getAudioTracks() {
    return this.tracks.filter((t) => t.kind === 'audio');
  }
  getVideoTracks() {
    return this.tracks.filter((t) => t.kind === 'video');
  }
  addTrack(track: FakeTrack) {
    this.tracks.push(track);
  }
}

/** An RTCPeerConnection the test drives: it gathers candidates, receives tracks, connects. */
export class FakePeerConnection {
  onicecandidate: ((event: unknown) => void) | null = null;
  ontrack: ((event: unknown) => void) | null = null;
  onconnectionstatechange: (() => void) | null = null;
  connectionState: RTCPeerConnectionState = 'new';
  localDescription: RTCSessionDescriptionInit | null = null;
  remoteDescription: RTCSessionDescriptionInit | null = null;
  readonly tracks: FakeTrack[] = [];
  readonly candidates: RTCIceCandidateInit[] = [];
  readonly configuration: RTCConfiguration;

  constructor(configuration: RTCConfiguration) {
    this.configuration = configuration;
  }
  addTrack(track: FakeTrack) {
    this.tracks.push(track);
  }
  async createOffer() {
    return { type: 'offer' as const, sdp: 'v=0 offer' };
  }
  async createAnswer() {
    return { type: 'answer' as const, sdp: 'v=0 answer' };
  }
  async setLocalDescription(description: RTCSessionDescriptionInit) {
    this.localDescription = description;
  }
  async setRemoteDescription(description: RTCSessionDescriptionInit) {
    this.remoteDescription = description;
  }
  async addIceCandidate(candidate: RTCIceCandidateInit) {
    this.candidates.push(candidate);
  }
  close() {
    this.connectionState = 'closed';
  }

  /** A local candidate was gathered. */
  gather(candidate: string) {
    this.onicecandidate?.({
      candidate: {
        candidate,
        toJSON: () => ({ candidate, sdpMid: '0', sdpMLineIndex: 0, usernameFragment: 'u' }),
      },
    });
  }
  /** The other side's track arrived. */
  receiveTrack(kind: 'audio' | 'video', stream: FakeStream) {
    const track = stream.tracks.find((t) => t.kind === kind) ?? new FakeTrack(kind);
    this.ontrack?.({ track, streams: [stream] });
  }
  connection(state: RTCPeerConnectionState) {
    this.connectionState = state;
    this.onconnectionstatechange?.();
  }
}

/**
 * A call machine with fake browser parts: `sent` holds the signals it SENT (to whom, what),
 * `streams` the camera and microphone streams getUserMedia gave, `connections` its peer
 * connections. `media` decides what the next getUserMedia does.
 */
export function fakeCallSetup() {
  const sent: Array<{ to: string; signal: CallSignal }> = [];
  const streams: FakeStream[] = [];
  const connections: FakePeerConnection[] = [];
  const setup = {
    sent,
    streams,
    connections,
    socketOpen: true,
    media: (constraints: MediaStreamConstraints): Promise<MediaStream> => {
      const stream = new FakeStream(constraints.video ? ['audio', 'video'] : ['audio']);
      streams.push(stream);
      return Promise.resolve(stream as unknown as MediaStream);
    },
  };
  const deps: CallDeps = {
    send: (to, signal) => {
      if (!setup.socketOpen) return false;
      sent.push({ to, signal });
      return true;
    },
    iceServers: async () => [],
    getUserMedia: vi.fn((constraints: MediaStreamConstraints) => setup.media(constraints)),
    createPeerConnection: (configuration) => {
      const pc = new FakePeerConnection(configuration);
      connections.push(pc);
      return pc as unknown as RTCPeerConnection;
    },
    now: () => 1_000_000,
  };
  return Object.assign(setup, { deps, machine: createCallMachine(deps) });
}

/** Every track of every stream getUserMedia gave is stopped. */
export function allStopped(streams: FakeStream[]) {
  return (
    streams.length > 0 && streams.every((s) => s.tracks.every((t) => t.readyState === 'ended'))
  );
}
