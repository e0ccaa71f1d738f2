import { describe, expect, it } from 'vitest';
import {
  type ActiveCall,
  type CallState,
  callTransition,
  canAccept,
  endsOnBusy,
  IDLE,
  mediaNotice,
  onPeerEnd,
  takesAnswer,
} from './call-transitions.ts';

const AWA = { id: 'awa-2', name: 'Awa Diop', photoUrl: null };
const stream = {} as MediaStream;

/** The states through the events, from idle. */
const run = (...events: Parameters<typeof callTransition>[1][]) =>
  events.reduce<CallState>(callTransition, IDLE);

const ringing = (phase: 'outgoing' | 'incoming', callType: 'audio' | 'video' = 'video') =>
  run({ type: 'started', phase, callType, peer: AWA }) as ActiveCall;

describe('the call transitions, without WebRTC or timers', () => {
  it('start a call fresh: nothing open, nothing muted, not answered', () => {
    expect(ringing('outgoing')).toEqual({
      phase: 'outgoing',
      type: 'video',
      peer: AWA,
      accepting: false,
      local: null,
      remote: null,
      muted: false,
      cameraOff: false,
      answeredAt: null,
      connected: false,
    });
  });

  it('go in call once answered, with the time the timer starts from, and connect', () => {
    const state = run(
      { type: 'started', phase: 'incoming', callType: 'audio', peer: AWA },
      { type: 'accepting' },
      { type: 'localStream', stream },
      { type: 'answered', at: 1234 },
      { type: 'remoteStream', stream },
      { type: 'connected' },
    );
    expect(state).toMatchObject({
      phase: 'inCall',
      accepting: false,
      answeredAt: 1234,
      local: stream,
      remote: stream,
      connected: true,
    });
  });

  it('toggle the microphone and the camera', () => {
    const once = callTransition(ringing('outgoing'), { type: 'muteToggled' });
    expect(once).toMatchObject({ muted: true, cameraOff: false });
    const twice = callTransition(callTransition(once, { type: 'muteToggled' }), {
      type: 'cameraToggled',
    });
    expect(twice).toMatchObject({ muted: false, cameraOff: true });
  });

  it('end with the notice naming the peer and the call type, then dismiss it', () => {
    const ended = callTransition(ringing('outgoing', 'audio'), { type: 'ended', notice: 'busy' });
    expect(ended).toEqual({ phase: 'idle', notice: { kind: 'busy', peer: AWA, type: 'audio' } });
    expect(callTransition(ended, { type: 'noticeDismissed' })).toEqual(IDLE);
    expect(callTransition(ringing('incoming'), { type: 'ended', notice: null })).toEqual(IDLE);
  });

  it('leave idle as it is for events of a call that is no longer there', () => {
    for (const event of [
      { type: 'accepting' },
      { type: 'connected' },
      { type: 'muteToggled' },
      { type: 'ended', notice: 'failed' },
      { type: 'noticeDismissed' },
    ] as const) {
      expect(callTransition(IDLE, event)).toBe(IDLE);
    }
  });

  it('tell what the other side’s end means, by phase and role', () => {
    const outgoing = ringing('outgoing');
    const incoming = ringing('incoming');
    const inCall = run(
      { type: 'started', phase: 'outgoing', callType: 'audio', peer: AWA },
      { type: 'answered', at: 1 },
    ) as ActiveCall;
    const accepting = callTransition(incoming, { type: 'accepting' }) as ActiveCall;
    expect(onPeerEnd(outgoing, 'caller', undefined)).toEqual({ end: true, notice: 'declined' });
    expect(onPeerEnd(outgoing, 'caller', 'missed')).toEqual({ end: true, notice: 'noAnswer' });
    expect(onPeerEnd(incoming, 'callee', 'missed')).toEqual({ end: true, notice: 'missed' });
    expect(onPeerEnd(incoming, 'callee', undefined)).toEqual({ end: true, notice: 'missed' });
    expect(onPeerEnd(incoming, 'callee', 'declined')).toEqual({ end: true, notice: null });
    expect(onPeerEnd(incoming, 'callee', 'answeredElsewhere')).toEqual({ end: true, notice: null });
    expect(onPeerEnd(accepting, 'callee', 'answeredElsewhere')).toEqual({ end: false });
    expect(onPeerEnd(inCall, 'caller', 'disconnected')).toEqual({
      end: true,
      notice: 'disconnected',
    });
    expect(onPeerEnd(outgoing, 'caller', 'failed')).toEqual({ end: true, notice: 'noAnswer' });
    expect(onPeerEnd(inCall, 'caller', undefined)).toEqual({ end: true, notice: 'ended' });
  });

  it('take busy and the answer only on a call I make that still rings; accept only once', () => {
    const outgoing = ringing('outgoing');
    expect(endsOnBusy(outgoing, 'caller')).toBe(true);
    expect(endsOnBusy(ringing('incoming'), 'callee')).toBe(false);
    expect(takesAnswer(outgoing, 'caller')).toBe(true);
    expect(takesAnswer(callTransition(outgoing, { type: 'answered', at: 1 }), 'caller')).toBe(
      false,
    );
    expect(canAccept(ringing('incoming'))).toBe(true);
    expect(canAccept(callTransition(ringing('incoming'), { type: 'accepting' }))).toBe(false);
    expect(canAccept(outgoing)).toBe(false);
  });

  it('say why the camera or microphone could not open', () => {
    const named = (name: string) => ({ name });
    expect(mediaNotice(named('NotAllowedError'))).toBe('mediaDenied');
    expect(mediaNotice(named('SecurityError'))).toBe('mediaDenied');
    expect(mediaNotice(named('NotFoundError'))).toBe('mediaMissing');
    expect(mediaNotice(named('OverconstrainedError'))).toBe('mediaMissing');
    expect(mediaNotice(named('NotReadableError'))).toBe('mediaBusy');
    expect(mediaNotice(named('AbortError'))).toBe('mediaBusy');
    expect(mediaNotice(new TypeError('no'))).toBe('mediaUnsupported');
    expect(mediaNotice(undefined)).toBe('mediaUnsupported');
  });
});
