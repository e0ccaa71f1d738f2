import type { ConnectionRegistry } from './registry.ts';
import { serializeFrame } from './stomp-frame.ts';
import type { Connection } from './types.ts';

/**
 * Delivery: a frame the backplane brings, as MESSAGE frames to this node's subscribers of its
 * destination (only to the sockets of the members `to`, when given).
 */
export function createDelivery(registry: ConnectionRegistry) {
  let messageCounter = 0;

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

  return function deliverLocal(destination: string, body: string, to?: string[]) {
    const subscribers = registry.subscribersOf(destination);
    if (!subscribers) return;
    if (!to) {
      for (const [connection, subscription] of subscribers) {
        deliver(connection, subscription, destination, body);
      }
      return;
    }
    // Addressed to some members (presence): look at their sockets, not at every subscriber.
    for (const memberId of to) {
      for (const connection of registry.socketsOf(memberId) ?? []) {
        const subscription = subscribers.get(connection);
        if (subscription) deliver(connection, subscription, destination, body);
      }
    }
  };
}
