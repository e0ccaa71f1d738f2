import { useEffect, useRef, useSyncExternalStore } from 'react';
import { type RealtimeState, realtime } from './realtime-client.ts';

/** The connection's state, kept current. */
export function useRealtimeState(): RealtimeState {
  return useSyncExternalStore(realtime.subscribeState, realtime.getState, realtime.getState);
}

/**
 * Calls `handler` with every message on `destination` (none while it is null) for as long as the
 * component is mounted; the latest `handler` is called without subscribing again.
 */
export function useRealtimeSubscription<T>(destination: string | null, handler: (body: T) => void) {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!destination) return;
    return realtime.subscribe(destination, (body) => latest.current(body as T));
  }, [destination]);
}

/**
 * Calls `resync` each time the socket connects after this component mounted: what was sent while
 * it was down (or before its subscriptions existed) is to be read from the REST answers.
 */
export function useOnReconnect(resync: () => void) {
  const { connections } = useRealtimeState();
  const seen = useRef(connections);
  const latest = useRef(resync);
  latest.current = resync;
  useEffect(() => {
    if (connections === seen.current) return;
    seen.current = connections;
    if (connections > 0) latest.current();
  }, [connections]);
}
