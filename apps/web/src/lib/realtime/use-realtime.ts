import type { TopicDestination, TopicPayload } from '@mawadda/contract/topics';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { realtime } from './realtime-client.ts';
import type { RealtimeState } from './realtime-types.ts';

let topicSchemas: Promise<typeof import('@mawadda/contract/topics')> | undefined;

/**
 * The topics' schemas (zod and the contract's shapes, about 30 kB brotli) load with the first
 * frame rather than with the shell, which subscribes as soon as a member is in: a visit that
 * receives nothing live never downloads them (ADR 047).
 */
function loadTopicSchemas() {
  topicSchemas ??= import('@mawadda/contract/topics');
  return topicSchemas;
}

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
    let subscribed = true;
    const unsubscribe = realtime.subscribe(destination, (body) => {
      // Frames that come while the schemas load are handled once they are here, in their order.
      void loadTopicSchemas().then(({ topicSchemaOf }) => {
        if (!subscribed) return;
        const parsed = topicSchemaOf(destination)?.safeParse(body);
        if (!parsed?.success) {
          console.warn(
            `Dropped a real-time frame on ${destination}: it does not match the topic's schema`,
            parsed?.error.issues ?? 'no schema for this destination',
          );
          return;
        }
        latest.current(parsed.data);
      });
    });
    return () => {
      subscribed = false;
      unsubscribe();
    };
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
 * null): its messages are not pushed to the member's devices meanwhile (ADR 037).
 */
export function useShownConversation(memberId: string | null) {
  useEffect(() => {
    realtime.showConversation(memberId);
    return () => realtime.showConversation(null);
  }, [memberId]);
}
