import { type TopicDestination, type TopicPayload, topicSchemaOf } from '@mawadda/contract/topics';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { type RealtimeState, realtime } from './realtime-client.ts';

/** The connection's state, kept current. */
export function useRealtimeState(): RealtimeState {
  return useSyncExternalStore(realtime.subscribeState, realtime.getState, realtime.getState);
}

/**
 * Calls `handler` with every message on `destination` (none while it is null) for as long as the
 * component is mounted; the latest `handler` is called without subscribing again. Each frame is
 * parsed with the schema the contract's topic map gives its destination, so `handler` gets what
 * the type says: a frame that does not parse is dropped with a console warning, never thrown.
 */
export function useRealtimeSubscription<D extends TopicDestination>(
  destination: D | null,
  handler: (body: TopicPayload<D>) => void,
) {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!destination) return;
    const schema = topicSchemaOf(destination);
    return realtime.subscribe(destination, (body) => {
      const parsed = schema?.safeParse(body);
      if (!parsed?.success) {
        console.warn(
          `Dropped a real-time frame on ${destination}: it does not match the topic's schema`,
          parsed?.error.issues ?? 'no schema for this destination',
        );
        return;
      }
      latest.current(parsed.data);
    });
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

/**
 * Tells the server, while mounted, that the conversation with `memberId` is on screen (none when
 * null): its messages are not pushed to the member's devices meanwhile (issue 19).
 */
export function useShownConversation(memberId: string | null) {
  useEffect(() => {
    realtime.showConversation(memberId);
    return () => realtime.showConversation(null);
  }, [memberId]);
}
