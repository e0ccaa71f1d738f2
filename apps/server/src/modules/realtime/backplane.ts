import type { Redis } from 'ioredis';

/**
 * What one node tells every node (itself included): a frame to deliver to the local subscribers
 * of a destination (only those of the members `to` when given, and never to the connection
 * `except`), or sessions whose sockets must close.
 */
export type BackplaneEvent =
  | { kind: 'deliver'; destination: string; to?: string[]; except?: string; body: string }
  | { kind: 'end-sessions'; sessionId?: string; memberId?: string; reason: string };

export type Backplane = {
  publish(event: BackplaneEvent): Promise<void>;
  /** Hands an event to this node's handlers only. */
  publishHere(event: BackplaneEvent): void;
  subscribe(handler: (event: BackplaneEvent) => void): void;
  /**
   * This node's subscription came back after it was cut (`since`): what was published meanwhile
   * never reached this node.
   */
  onResumed(handler: (since: Date) => void): void;
  close(): Promise<void>;
};

/**
 * Delivers a body to the subscribers of `destination` on every node (only to the members `to`,
 * when given; never to the connection `except`, a tab that has it already).
 */
export function deliver(
  backplane: Backplane,
  destination: string,
  body: unknown,
  to?: string[],
  except?: string,
) {
  return backplane.publish({
    kind: 'deliver',
    destination,
    body: JSON.stringify(body),
    ...(to ? { to } : {}),
    ...(except ? { except } : {}),
  });
}

/** One node: events go straight to the handlers, after the current task as Redis would. */
export function createLocalBackplane(): Backplane {
  const handlers: Array<(event: BackplaneEvent) => void> = [];
  return {
    async publish(event) {
      queueMicrotask(() => {
        for (const handler of handlers) handler(event);
      });
    },
    publishHere(event) {
      for (const handler of handlers) handler(event);
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    // Nothing between this node and itself can be cut.
    onResumed() {},
    async close() {
      handlers.length = 0;
    },
  };
}

/**
 * Several nodes: one Redis pub/sub channel that every node reads, each Redis message an array of
 * events. Redis keeps the order of one publisher's messages, so the frames of one conversation,
 * published by the node that committed them, arrive in order everywhere. `subscriber` must be a connection of its own (Redis reserves
 * a subscribing connection for pub/sub); the backplane closes it.
 *
 * Pub/sub keeps nothing for a subscriber that is away: when Redis restarts, the nodes reconnect
 * one after the other, and the frames one published before another had subscribed again are
 * lost for the other's sockets, which stayed open and so never read again what they missed.
 * Once subscribed again, the backplane says since when it was cut (`onResumed`).
 */
export async function createRedisBackplane(
  publisher: Redis,
  subscriber: Redis,
  prefix: string,
): Promise<Backplane> {
  const channel = `${prefix}realtime`;
  const handlers: Array<(event: BackplaneEvent) => void> = [];
  const resumed: Array<(since: Date) => void> = [];
  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    for (const event of JSON.parse(text) as BackplaneEvent[]) {
      for (const handler of handlers) handler(event);
    }
  });
  let cutAt: Date | undefined;
  let closing = false;
  subscriber.on('close', () => {
    cutAt ??= new Date();
  });
  // ioredis subscribes again on its own once ready; the reply to this one comes after its
  // reply, so whatever is published from then on reaches this node.
  subscriber.on('ready', () => {
    const since = cutAt;
    if (!since || closing) return;
    cutAt = undefined;
    subscriber.subscribe(channel).then(
      () => {
        for (const handler of resumed) handler(since);
      },
      // Cut again: the next ready says so, from this cut.
      () => {
        cutAt ??= since;
      },
    );
  });
  await subscriber.subscribe(channel);
  /**
   * The events published in this turn of the event loop, sent as one Redis message when it
   * ends (ADR 067): a command and a socket write for many frames, and one message for each
   * node to read, rather than one of each a frame. Their order is kept.
   */
  let batch: { events: BackplaneEvent[]; sent: Promise<void> } | undefined;
  return {
    publish(event) {
      if (!batch) {
        const events: BackplaneEvent[] = [];
        const sent = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
          batch = undefined;
          await publisher.publish(channel, JSON.stringify(events));
        });
        batch = { events, sent };
      }
      batch.events.push(event);
      return batch.sent;
    },
    publishHere(event) {
      for (const handler of handlers) handler(event);
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    onResumed(handler) {
      resumed.push(handler);
    },
    async close() {
      closing = true;
      handlers.length = 0;
      await subscriber.quit();
    },
  };
}
