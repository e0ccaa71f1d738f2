import {
  ICE_GATHERING_TIMEOUT_MS,
  SOCKET_WAIT_INTERVAL_MS,
  SOCKET_WAIT_TRIES,
} from '@mawadda/contract/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { allStopped, FakeStream, fakeCallSetup } from '../test/fake-media.ts';
import { RING_FALLBACK_MS } from './call-runtime.ts';
import type { ActiveCall } from './call-transitions.ts';

const AWA = { id: 'awa-2', name: 'Awa Diop', photoUrl: '/media/awa.jpg' };
const CALL = 'call-1';

/** Lets the machine's awaited steps (media, ICE servers, SDP) run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function active(state: ReturnType<ReturnType<typeof fakeCallSetup>['machine']['getState']>) {
  if (state.phase === 'idle') throw new Error('no call in progress');
  return state as ActiveCall;
}

/** Awa calls me: the offer as the server relays it. */
const offerFromAwa = (type: 'audio' | 'video' = 'audio') => ({
  from: AWA.id,
  to: 'me',
  callId: CALL,
  type,
  sdp: { type: 'offer' as const, sdp: 'v=0 awa' },
  caller: { name: AWA.name, photoUrl: AWA.photoUrl },
});

/** I call Awa and she answers; answers the machine in call. */
async function inCallAsCaller(type: 'audio' | 'video' = 'video') {
  const t = fakeCallSetup();
  t.machine.startCall(AWA, type);
  await settle();
  t.machine.receive({ from: AWA.id, callId: CALL, answer: { type: 'answer', sdp: 'v=0 a' } });
  await settle();
  return t;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('a call I make', () => {
  it('rings with my camera and microphone open, then is in call once answered, media trickling both ways', async () => {
    const t = fakeCallSetup();
    expect(t.machine.startCall(AWA, 'video')).toBe(true);
    expect(t.machine.getState()).toMatchObject({ phase: 'outgoing', peer: AWA, type: 'video' });
    await settle();

    expect(t.deps.getUserMedia).toHaveBeenCalledWith({
      audio: true,
      video: { width: { ideal: 1280 }, height: { ideal: 720 }, frameRate: { ideal: 30 } },
    });
    const pc = t.connections[0];
    if (!pc) throw new Error('no peer connection');
    expect(pc.tracks.map((track) => track.kind)).toEqual(['audio', 'video']);
    expect(t.sent).toEqual([
      { to: AWA.id, signal: { type: 'video', sdp: { type: 'offer', sdp: 'v=0 offer' } } },
    ]);
    pc.gather('candidate:1 1 udp 1 127.0.0.1 5000 typ host');
    expect(t.sent[1]?.signal.candidate?.candidate).toBe(
      'candidate:1 1 udp 1 127.0.0.1 5000 typ host',
    );

    // Her candidate before her answer waits for it.
    t.machine.receive({ from: AWA.id, callId: CALL, candidate: { candidate: 'candidate:her' } });
    expect(pc.candidates).toEqual([]);
    t.machine.receive({ from: AWA.id, callId: CALL, answer: { type: 'answer', sdp: 'v=0 a' } });
    await settle();
    expect(pc.remoteDescription).toEqual({ type: 'answer', sdp: 'v=0 a' });
    expect(pc.candidates).toEqual([{ candidate: 'candidate:her' }]);
    expect(active(t.machine.getState())).toMatchObject({ phase: 'inCall', answeredAt: 1_000_000 });

    const hers = new FakeStream(['audio', 'video']);
    pc.receiveTrack('video', hers);
    pc.connection('connected');
    expect(active(t.machine.getState())).toMatchObject({ remote: hers, connected: true });
  });

  it('mutes and turns the camera off by disabling my tracks', async () => {
    const t = await inCallAsCaller('video');
    const mine = t.streams[0];
    t.machine.toggleMute();
    expect(mine?.getAudioTracks()[0]?.enabled).toBe(false);
    expect(active(t.machine.getState()).muted).toBe(true);
    t.machine.toggleCamera();
    expect(mine?.getVideoTracks()[0]?.enabled).toBe(false);
    expect(active(t.machine.getState()).cameraOff).toBe(true);
    t.machine.toggleMute();
    expect(mine?.getAudioTracks()[0]?.enabled).toBe(true);
  });

  it('hangs up: tells her, closes the connection, stops my camera and microphone', async () => {
    const t = await inCallAsCaller('video');
    t.machine.hangUp();
    expect(t.sent.at(-1)).toEqual({ to: AWA.id, signal: { endCall: true } });
    expect(t.connections[0]?.connectionState).toBe('closed');
    expect(allStopped(t.streams)).toBe(true);
    expect(t.machine.getState()).toEqual({ phase: 'idle', notice: null });
  });

  it('is told she is busy: back to idle with the reason, nothing left open', async () => {
    const t = fakeCallSetup();
    t.machine.startCall(AWA, 'audio');
    await settle();
    t.machine.receive({ from: AWA.id, to: 'me', callId: CALL, busy: true });
    expect(t.machine.getState()).toEqual({
      phase: 'idle',
      notice: { kind: 'busy', peer: AWA, type: 'audio' },
    });
    expect(allStopped(t.streams)).toBe(true);
    expect(t.connections[0]?.connectionState).toBe('closed');
    expect(t.sent.some((s) => s.signal.endCall)).toBe(false);
  });

  it('is refused by the server: back to idle with its code, nothing left open, nothing sent', async () => {
    const t = fakeCallSetup();
    t.machine.startCall(AWA, 'audio');
    await settle();
    t.machine.refused('CALL_NOT_ALLOWED');
    // The ERROR's close then changes nothing.
    t.machine.socketClosed();
    expect(t.machine.getState()).toEqual({
      phase: 'idle',
      notice: { kind: 'CALL_NOT_ALLOWED', peer: AWA, type: 'audio' },
    });
    expect(allStopped(t.streams)).toBe(true);
    expect(t.connections[0]?.connectionState).toBe('closed');
    expect(t.sent.some((s) => s.signal.endCall)).toBe(false);
  });

  it('is declined when she refuses, and goes unanswered when the server says missed', async () => {
    const declined = fakeCallSetup();
    declined.machine.startCall(AWA, 'audio');
    await settle();
    declined.machine.receive({ from: AWA.id, callId: CALL, endCall: true });
    expect(declined.machine.getState()).toMatchObject({ notice: { kind: 'declined' } });
    expect(allStopped(declined.streams)).toBe(true);

    const missed = fakeCallSetup();
    missed.machine.startCall(AWA, 'audio');
    await settle();
    missed.machine.receive({ from: AWA.id, callId: CALL, endCall: true, reason: 'missed' });
    expect(missed.machine.getState()).toMatchObject({ notice: { kind: 'noAnswer' } });
    expect(allStopped(missed.streams)).toBe(true);
  });

  it('gives up on its own when the server never says missed, and tells the server', async () => {
    vi.useFakeTimers();
    const t = fakeCallSetup();
    t.machine.startCall(AWA, 'audio');
    await vi.advanceTimersByTimeAsync(0);
    t.connections[0]?.gather('candidate:1');
    await vi.advanceTimersByTimeAsync(RING_FALLBACK_MS);
    expect(t.machine.getState()).toMatchObject({ phase: 'idle', notice: { kind: 'noAnswer' } });
    expect(t.sent.at(-1)?.signal).toEqual({ endCall: true });
    expect(allStopped(t.streams)).toBe(true);
  });

  it('ends when no candidate was gathered within the ICE wait', async () => {
    vi.useFakeTimers();
    const t = fakeCallSetup();
    t.machine.startCall(AWA, 'audio');
    await vi.advanceTimersByTimeAsync(ICE_GATHERING_TIMEOUT_MS);
    expect(t.machine.getState()).toMatchObject({ phase: 'idle', notice: { kind: 'failed' } });
    expect(allStopped(t.streams)).toBe(true);
  });

  it('says why when the microphone is refused or missing, having sent nothing', async () => {
    for (const [error, kind] of [
      ['NotAllowedError', 'mediaDenied'],
      ['NotFoundError', 'mediaMissing'],
      ['NotReadableError', 'mediaBusy'],
    ] as const) {
      const t = fakeCallSetup();
      t.media = () => Promise.reject(new DOMException('refused', error));
      t.machine.startCall(AWA, 'audio');
      await settle();
      expect(t.machine.getState()).toEqual({
        phase: 'idle',
        notice: { kind, peer: AWA, type: 'audio' },
      });
      expect(t.sent).toEqual([]);
      expect(t.connections).toEqual([]);
    }
  });

  it('stops the camera it gets after I cancelled while it was opening', async () => {
    const t = fakeCallSetup();
    let grant: (stream: MediaStream) => void = () => {};
    t.media = () =>
      new Promise((resolve) => {
        grant = resolve;
      });
    t.machine.startCall(AWA, 'video');
    t.machine.hangUp();
    expect(t.machine.getState()).toEqual({ phase: 'idle', notice: null });
    const late = new FakeStream(['audio', 'video']);
    grant(late as unknown as MediaStream);
    await settle();
    expect(allStopped([late])).toBe(true);
    expect(t.connections).toEqual([]);
  });

  it('ends on a failed or disconnected connection, and when the socket closes', async () => {
    for (const state of ['failed', 'disconnected'] as const) {
      const t = await inCallAsCaller('video');
      t.connections[0]?.connection(state);
      expect(t.machine.getState()).toMatchObject({ phase: 'idle', notice: { kind: state } });
      expect(allStopped(t.streams)).toBe(true);
    }
    const t = await inCallAsCaller('audio');
    t.machine.socketClosed();
    expect(t.machine.getState()).toMatchObject({ notice: { kind: 'connectionLost' } });
    expect(allStopped(t.streams)).toBe(true);
  });

  it('waits a little for a socket still connecting before offering, then gives up', async () => {
    vi.useFakeTimers();
    const late = fakeCallSetup();
    late.socketOpen = false;
    late.machine.startCall(AWA, 'audio');
    await vi.advanceTimersByTimeAsync(SOCKET_WAIT_INTERVAL_MS * 3);
    expect(late.sent).toEqual([]);
    late.socketOpen = true;
    await vi.advanceTimersByTimeAsync(SOCKET_WAIT_INTERVAL_MS);
    expect(late.sent[0]?.signal).toMatchObject({ type: 'audio' });
    expect(late.machine.getState().phase).toBe('outgoing');

    const never = fakeCallSetup();
    never.socketOpen = false;
    never.machine.startCall(AWA, 'audio');
    await vi.advanceTimersByTimeAsync(SOCKET_WAIT_INTERVAL_MS * SOCKET_WAIT_TRIES);
    expect(never.machine.getState()).toMatchObject({ notice: { kind: 'connectionLost' } });
    expect(allStopped(never.streams)).toBe(true);
  });

  it('allows one call at a time', async () => {
    const t = fakeCallSetup();
    t.machine.startCall(AWA, 'audio');
    expect(t.machine.startCall({ ...AWA, id: 'fatou-3' }, 'video')).toBe(false);
    await settle();
    expect(t.deps.getUserMedia).toHaveBeenCalledTimes(1);
    expect(t.sent.every((s) => s.to === AWA.id)).toBe(true);
  });
});

describe('a call I receive', () => {
  it('rings with her name and photo; accepted, it answers with my microphone only', async () => {
    const t = fakeCallSetup();
    t.machine.receive(offerFromAwa('audio'));
    expect(t.machine.getState()).toMatchObject({ phase: 'incoming', peer: AWA, type: 'audio' });
    expect(t.deps.getUserMedia).not.toHaveBeenCalled();
    // Her candidates come while it rings.
    t.machine.receive({ from: AWA.id, callId: CALL, candidate: { candidate: 'candidate:early' } });

    t.machine.accept();
    await settle();
    expect(t.deps.getUserMedia).toHaveBeenCalledWith({ audio: true, video: false });
    const pc = t.connections[0];
    expect(pc?.remoteDescription).toEqual({ type: 'offer', sdp: 'v=0 awa' });
    expect(pc?.candidates).toEqual([{ candidate: 'candidate:early' }]);
    expect(t.sent).toEqual([
      { to: AWA.id, signal: { answer: { type: 'answer', sdp: 'v=0 answer' } } },
    ]);
    expect(t.machine.getState()).toMatchObject({ phase: 'inCall', answeredAt: 1_000_000 });

    t.machine.receive({ from: AWA.id, callId: CALL, endCall: true });
    expect(t.machine.getState()).toMatchObject({ phase: 'idle', notice: { kind: 'ended' } });
    expect(allStopped(t.streams)).toBe(true);
    expect(pc?.connectionState).toBe('closed');
  });

  it('refused, tells her and opens nothing', () => {
    const t = fakeCallSetup();
    t.machine.receive(offerFromAwa());
    t.machine.refuse();
    expect(t.sent).toEqual([{ to: AWA.id, signal: { endCall: true } }]);
    expect(t.machine.getState()).toEqual({ phase: 'idle', notice: null });
    expect(t.deps.getUserMedia).not.toHaveBeenCalled();
  });

  it('refuses for me when my microphone is refused, and says why', async () => {
    const t = fakeCallSetup();
    t.media = () => Promise.reject(new DOMException('no', 'NotAllowedError'));
    t.machine.receive(offerFromAwa('video'));
    t.machine.accept();
    await settle();
    expect(t.machine.getState()).toEqual({
      phase: 'idle',
      notice: { kind: 'mediaDenied', peer: AWA, type: 'video' },
    });
    expect(t.sent).toEqual([{ to: AWA.id, signal: { endCall: true } }]);
  });

  it('stops ringing when answered on another of my devices; the device in the call stays', async () => {
    const ringing = fakeCallSetup();
    ringing.machine.receive(offerFromAwa());
    ringing.machine.receive({
      from: AWA.id,
      callId: CALL,
      endCall: true,
      reason: 'answeredElsewhere',
    });
    expect(ringing.machine.getState()).toEqual({ phase: 'idle', notice: null });
    expect(ringing.sent).toEqual([]);

    const answering = fakeCallSetup();
    answering.machine.receive(offerFromAwa());
    answering.machine.accept();
    await settle();
    answering.machine.receive({
      from: AWA.id,
      callId: CALL,
      endCall: true,
      reason: 'answeredElsewhere',
    });
    expect(answering.machine.getState().phase).toBe('inCall');
    expect(answering.streams[0]?.tracks[0]?.readyState).toBe('live');
  });

  it('stops ringing without a word when I refused it on another device', () => {
    const t = fakeCallSetup();
    t.machine.receive(offerFromAwa());
    t.machine.receive({ from: AWA.id, callId: CALL, endCall: true, reason: 'declined' });
    expect(t.machine.getState()).toEqual({ phase: 'idle', notice: null });
  });

  it('is missed when the server ends it unanswered, or the caller gives up', () => {
    for (const reason of ['missed', 'cancelled', undefined] as const) {
      const t = fakeCallSetup();
      t.machine.receive(offerFromAwa('video'));
      t.machine.receive({
        from: AWA.id,
        callId: CALL,
        endCall: true,
        ...(reason ? { reason } : {}),
      });
      expect(t.machine.getState()).toEqual({
        phase: 'idle',
        notice: { kind: 'missed', peer: AWA, type: 'video' },
      });
    }
  });

  it('ignores a second call while one is in progress (the server tells that caller busy)', async () => {
    const t = await inCallAsCaller('video');
    const before = t.machine.getState();
    t.machine.receive({ ...offerFromAwa(), from: 'fatou-3', callId: 'call-2' });
    expect(t.machine.getState()).toBe(before);
    expect(t.sent.some((s) => s.to === 'fatou-3')).toBe(false);
    // Nor does an end from someone else end mine.
    t.machine.receive({ from: 'fatou-3', callId: 'call-2', endCall: true });
    expect(t.machine.getState().phase).toBe('inCall');
  });

  it('ignores signals of another call with the same member', async () => {
    const t = await inCallAsCaller('audio');
    t.machine.receive({ from: AWA.id, callId: 'old-call', endCall: true });
    expect(t.machine.getState().phase).toBe('inCall');
  });
});
