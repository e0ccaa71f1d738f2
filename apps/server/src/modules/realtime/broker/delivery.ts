import type { ConnectionRegistry } from './registry.ts';
import { serializeFrame } from './stomp-frame.ts';
import type { Connection } from './types.ts';

const TOPIC_PREFIX = '/topic/';

/** `chat` of `/topic/chat/{id}`, `presence` of `/topic/presence`: never a member's id. */
function topicOf(destination: string): string {
  const end = destination.indexOf('/', TOPIC_PREFIX.length);
  return destination.slice(TOPIC_PREFIX.length, end < 0 ? undefined : end);
}

/**
 * Delivery: a frame the backplane brings, as MESSAGE frames to this node's subscribers of its
 * destination (only to the sockets of the members `to`, when given; never to the connection
 * `except`, the tab that sent it, ADR 065). Counts the frames written, by topic (ADR 063).
 */
export function createDelivery(registry: ConnectionRegistry) {
  let messageCounter = 0;
  const delivered = new Map<string, number>();

  function deliver(
    connection: Connection,
    subscription: string,
    destination: string,
    body: string,
  ) {
    messageCounter += 1;
    registry.send(
      connection,
      serializeFrame(
        'MESSAGE',
        {
          subscription,
          'message-id': String(messageCounter),
          destination,
          'content-type': 'application/json',
        },
        body,
      ),
    );
  }

  function deliverLocal(destination: string, body: string, to?: string[], except?: string) {
    const subscribers = registry.subscribersOf(destination);
    if (!subscribers) return;
    const before = messageCounter;
    if (!to) {
      for (const [connection, subscription] of subscribers) {
        if (connection.id !== except) deliver(connection, subscription, destination, body);
      }
    } else {
      // Addressed to some members (presence): look at their sockets, not at every subscriber.
      for (const memberId of to) {
        for (const connection of registry.socketsOf(memberId) ?? []) {
          const subscription = subscribers.get(connection);
          if (subscription && connection.id !== except) {
            deliver(connection, subscription, destination, body);
          }
        }
      }
    }
    if (messageCounter === before) return;
    const topic = topicOf(destination);
    delivered.set(topic, (delivered.get(topic) ?? 0) + messageCounter - before);
  }

  /** MESSAGE frames handed to sockets since the start, by topic. */
  return { deliverLocal, delivered: delivered as ReadonlyMap<string, number> };
}
