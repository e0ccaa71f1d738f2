import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeStompClient, fakeStompModule } from '@/test/fake-stomp-client.ts';
import { session } from '../session.ts';
import type { Refusal } from '../translate-error.ts';
import { createRealtime, type Realtime } from './realtime-client.ts';

let realtime: Realtime;

beforeEach(() => {
  FakeStompClient.instances = [];
  realtime = createRealtime(
    async () => fakeStompModule as never,
    () => {},
  );
});

/** The client made for the nth connection, once the STOMP library has loaded. */
async function client(nth = 1) {
  await vi.waitFor(() => expect(FakeStompClient.instances).toHaveLength(nth));
  return FakeStompClient.latest();
}

afterEach(() => {
  realtime.stop();
  session.end();
  vi.useRealTimers();
});

describe('the real-time connection', () => {
  it('connects with the session token in the CONNECT frame and announces the member online', async () => {
    session.start('token-1');
    realtime.start();
    expect(realtime.getState().status).toBe('connecting');
    const stomp = await client();
    expect(stomp.config.connectHeaders).toEqual({ token: 'token-1' });
    expect(stomp.config.brokerURL).toBe(`ws://${window.location.host}/ws`);
    expect(realtime.getState().status).toBe('connecting');
    stomp.open();
    expect(realtime.getState()).toEqual({ status: 'connected', connections: 1 });
    expect(stomp.published).toEqual([{ destination: '/app/presence', body: { status: 'online' } }]);
  });

  it('subscribes again after a drop, and counts the connection so screens resynchronise', async () => {
    session.start('token-1');
    realtime.start();
    const stomp = await client();
    const received: unknown[] = [];
    realtime.subscribe('/topic/chat/me', (body) => received.push(body));
    stomp.open();
    stomp.deliver('/topic/chat/me', { uuid: 'a' });

    stomp.drop();
    expect(realtime.getState()).toEqual({ status: 'reconnecting', connections: 1 });
    stomp.open();
    expect(realtime.getState()).toEqual({ status: 'connected', connections: 2 });
    stomp.deliver('/topic/chat/me', { uuid: 'b' });
    expect(received).toEqual([{ uuid: 'a' }, { uuid: 'b' }]);
  });

  it('stops listening when the last handler of a destination leaves', async () => {
    session.start('token-1');
    realtime.start();
    const stomp = await client();
    stomp.open();
    const unsubscribe = realtime.subscribe('/topic/presence', () => {});
    expect(stomp.subscriptions.get('/topic/presence')?.size).toBe(1);
    unsubscribe();
    expect(stomp.subscriptions.get('/topic/presence')?.size).toBe(0);
  });

  it('asks the server why when it ends the session, so a suspension is said at once', async () => {
    const onSessionOver = vi.fn();
    realtime.stop();
    realtime = createRealtime(async () => fakeStompModule as never, onSessionOver);
    session.start('token-1');
    realtime.start();
    const stomp = await client();
    stomp.open();
    stomp.fail('REALTIME_DESTINATION_UNKNOWN');
    stomp.open();
    expect(onSessionOver).not.toHaveBeenCalled();
    stomp.fail('SESSION_ENDED', 4001);
    expect(onSessionOver).toHaveBeenCalledOnce();
  });

  it('does not reconnect once the server ended the session, or asks to log in', async () => {
    session.start('token-1');
    realtime.start();
    const stomp = await client();
    stomp.open();
    stomp.fail('SESSION_ENDED', 4001);
    expect(realtime.getState().status).toBe('ended');
    expect(stomp.active).toBe(false);

    realtime.stop();
    session.start('token-2');
    realtime.start();
    const next = await client(2);
    next.fail('LOGIN_REQUIRED');
    expect(realtime.getState().status).toBe('ended');
    expect(next.active).toBe(false);
  });

  it('keeps reconnecting after a server restart', async () => {
    session.start('token-1');
    realtime.start();
    const stomp = await client();
    stomp.open();
    stomp.fail('SERVER_RESTARTING', 1012);
    expect(realtime.getState().status).toBe('reconnecting');
    expect(stomp.active).toBe(true);
  });

  it('waits, when a newer socket of the member took its place, until the member uses this tab again', async () => {
    session.start('token-1');
    realtime.start();
    const refusals: Refusal[] = [];
    const stop = realtime.onRefusal((refusal) => refusals.push(refusal));
    const stomp = await client();
    stomp.open();
    stomp.fail('REALTIME_REPLACED', 4002);
    expect(realtime.getState().status).toBe('paused');
    expect(stomp.active).toBe(false);
    // Coming back online is not the member coming back: reopening would push the newer one out.
    window.dispatchEvent(new Event('online'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(stomp.active).toBe(false);
    expect(realtime.getState().status).toBe('paused');

    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(realtime.getState().status).toBe('connecting');
    await vi.waitFor(() => expect(stomp.active).toBe(true));
    stomp.open();
    expect(realtime.getState()).toEqual({ status: 'connected', connections: 2 });
    // Replaced again, then logged out: nothing waits for the member any more.
    stomp.fail('REALTIME_REPLACED', 4002);
    realtime.stop();
    window.dispatchEvent(new Event('focus'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(stomp.active).toBe(false);
    expect(realtime.getState().status).toBe('idle');
    expect(refusals).toEqual([]);
    stop();
  });

  it('tells its listeners what the broker refused, but not that a session ended', async () => {
    session.start('token-1');
    realtime.start();
    const refusals: Refusal[] = [];
    const stop = realtime.onRefusal((refusal) => refusals.push(refusal));
    const stomp = await client();
    stomp.open();
    stomp.fail('SUBSCRIPTION_REQUIRED');
    // The close that follows a refusal is no news for the member: no "Reconnecting" banner.
    expect(realtime.getState().status).toBe('connecting');
    stomp.open();
    expect(realtime.getState()).toEqual({ status: 'connected', connections: 2 });
    stomp.fail('SESSION_ENDED', 4001);
    expect(refusals).toEqual([{ code: 'SUBSCRIPTION_REQUIRED' }]);
    stop();
  });

  it('says offline, then closes, when the member logs out; a new login connects anew', async () => {
    session.start('token-1');
    realtime.start();
    const first = await client();
    first.open();
    vi.useFakeTimers();
    session.end();
    expect(realtime.getState().status).toBe('idle');
    expect(first.published.at(-1)).toEqual({
      destination: '/app/presence',
      body: { status: 'offline' },
    });
    expect(first.connected).toBe(true);
    vi.advanceTimersByTime(300);
    expect(first.connected).toBe(false);

    vi.useRealTimers();
    session.start('token-2');
    const second = await client(2);
    expect(second).not.toBe(first);
    expect(second.config.connectHeaders).toEqual({ token: 'token-2' });
  });

  it('opens nothing for a member who logged out while the STOMP library loaded', async () => {
    session.start('token-1');
    realtime.start();
    session.end();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(FakeStompClient.instances).toHaveLength(0);
    expect(realtime.getState().status).toBe('idle');
  });

  it('sends a frame at once while connected, and says so when the socket is down', async () => {
    session.start('token-1');
    realtime.start();
    const stomp = await client();
    expect(realtime.publish('/app/call/awa', { endCall: true })).toBe(false);
    stomp.open();
    expect(realtime.publish('/app/call/awa', { endCall: true })).toBe(true);
    stomp.drop();
    expect(realtime.publish('/app/call/awa', { busy: true })).toBe(false);
    expect(stomp.published.filter((p) => p.destination === '/app/call/awa')).toEqual([
      { destination: '/app/call/awa', body: { endCall: true } },
    ]);
  });

  it('tells the server which conversation is on screen: again after a reconnect, none while hidden', async () => {
    session.start('token-1');
    realtime.start();
    const stomp = await client();
    realtime.showConversation('awa');
    stomp.open();
    const viewing = () =>
      stomp.published.filter((p) => p.destination === '/app/viewing').map((p) => p.body);
    expect(viewing()).toEqual([{ with: 'awa' }]);

    // A new socket is a new connection for the server: it is told again.
    stomp.drop();
    stomp.open();
    expect(viewing()).toEqual([{ with: 'awa' }, { with: 'awa' }]);

    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    realtime.showConversation(null);
    expect(viewing().slice(2)).toEqual([{ with: null }, { with: 'awa' }, { with: null }]);
  });

  it('drops the socket as soon as the browser goes offline', async () => {
    session.start('token-1');
    realtime.start();
    const stomp = await client();
    stomp.open();
    window.dispatchEvent(new Event('offline'));
    expect(realtime.getState().status).toBe('reconnecting');
  });
});
