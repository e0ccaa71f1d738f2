import { randomUUID } from 'node:crypto';
import { E, type ErrorCode } from '@mawadda/contract';
import type { WebSocket } from 'ws';
import { createRealtimeOutlet } from '../outlet.ts';
import { createDelivery } from './delivery.ts';
import { createDispatcher } from './dispatch.ts';
import { createFloodControl } from './flood-control.ts';
import { createHandshake } from './handshake.ts';
import { createConnectionRegistry } from './registry.ts';
import { createFrameReader } from './stomp-frame.ts';
import { endSessionsLocal, startSweeper } from './sweeper.ts';
import type { BrokerOptions, Connection } from './types.ts';

/**
 * The STOMP 1.2 broker of docs/spec.md §7 on WebSocket: authenticates CONNECT, keeps
 * subscriptions, hands SEND frames to the handler of their destination, delivers MESSAGE frames
 * to local subscribers, and negotiates heart-beats. Deliveries go through the backplane, so a
 * frame published on one node reaches subscribers on every node. Any frame that breaks the
 * protocol, the limits or the rules gets an ERROR and a close (STOMP closes after every ERROR).
 *
 * Its parts, one job each: the connection registry (`registry.ts`), CONNECT and heart-beat
 * negotiation (`handshake.ts`), dispatch of frames (`dispatch.ts`) with flood control
 * (`flood-control.ts`), delivery to subscribers (`delivery.ts`), and the sweeper that ends
 * sessions and drops silent sockets (`sweeper.ts`). This file wires them.
 */
export function createStompBroker(options: BrokerOptions) {
  const { limits, log } = options;
  const now = options.now ?? Date.now;
  const sessionNow = options.sessionNow ?? now;
  const registry = createConnectionRegistry({ ...options, now });
  const flood = createFloodControl(limits, now);
  const connect = createHandshake(registry, flood, options);
  const receive = createDispatcher(registry, flood, connect, { ...options, now });
  const { deliverLocal, delivered } = createDelivery(registry);
  const outlet = createRealtimeOutlet(options.backplane);

  options.backplane.subscribe((event) => {
    if (event.kind === 'deliver') {
      deliverLocal(event.destination, event.body, event.to, event.except);
    } else endSessionsLocal(registry, event.reason, event.sessionId, event.memberId);
  });
  const stopSweeper = startSweeper(registry, { limits, log, now, sessionNow });

  return {
    /** Takes a new WebSocket; `queryToken` is the `token` query parameter, if any. */
    accept(socket: WebSocket, queryToken: string | undefined) {
      const t = now();
      const connection: Connection = {
        id: randomUUID(),
        socket,
        member: undefined,
        sessionExpiresAt: Number.POSITIVE_INFINITY,
        subscriptions: new Map(),
        reader: createFrameReader(limits),
        openedAt: t,
        lastReceivedAt: t,
        lastSentAt: t,
        sendEveryMs: 0,
        expectEveryMs: 0,
        tokens: limits.frameBurst,
        tokensAt: t,
        waiting: [],
        handling: false,
        closed: false,
      };
      registry.add(connection);
      socket.on('message', (data: Buffer | ArrayBuffer | Buffer[]) =>
        receive(connection, data, queryToken),
      );
      socket.on('close', () => registry.forget(connection));
      socket.on('error', (error) => {
        log.info({ err: error, connection: connection.id }, 'WebSocket error');
        registry.drop(connection);
      });
    },

    /**
     * Delivers a frame body to the subscribers of `destination` on every node (only to the
     * members `to`, when given): a destination of the contract's topic map, with its payload.
     */
    publish: outlet.publish,

    /** Closes, on every node, the sockets of a session (logout) or of a member (password reset). */
    endSessions(target: { sessionId: string } | { memberId: string }, reason: ErrorCode) {
      return outlet.endSessions(target, reason);
    },

    /** SIGTERM: every client is told and closed, so it reconnects to another node. */
    shutdown() {
      stopSweeper();
      for (const connection of [...registry.connections])
        registry.fail(connection, E.SERVER_RESTARTING, undefined, 1012);
    },

    get connectionCount() {
      return registry.connections.size;
    },

    /** The members with a socket on this node. */
    memberIds: () => registry.memberIds(),

    /** What this node's sockets hold now, counted at each call (a scrape, ADR 063). */
    stats() {
      let subscriptions = 0;
      let framesWaiting = 0;
      let unsentBytes = 0;
      for (const connection of registry.connections) {
        subscriptions += connection.subscriptions.size;
        framesWaiting += connection.waiting.length;
        unsentBytes += connection.socket.bufferedAmount;
      }
      return {
        sockets: registry.connections.size,
        members: registry.memberCount,
        subscriptions,
        framesWaiting,
        unsentBytes,
      };
    },

    /** MESSAGE frames handed to sockets since the start, by topic. */
    delivered,

    /** Sockets dropped since the start for reading slower than they were written to. */
    get slowReadersDropped() {
      return registry.slowReadersDropped;
    },
  };
}

export type StompBroker = ReturnType<typeof createStompBroker>;
