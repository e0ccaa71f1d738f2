import { type ErrorCode, errorText } from '@mawadda/contract';
import { BrokerRefusal } from './refusal.ts';
import { type ClientFrame, serializeFrame } from './stomp-frame.ts';
import type { BrokerOptions, Connection } from './types.ts';

/**
 * The connection registry: every socket of this node, their subscriptions by destination and
 * their members, and the one way each leaves it (`forget`, after an ERROR in `fail`, or `drop`).
 */
export function createConnectionRegistry(
  options: Pick<
    BrokerOptions,
    'limits' | 'log' | 'onConnectionClosed' | 'onMemberDisconnected' | 'openConnections'
  > & { now: () => number },
) {
  const { limits, log, now } = options;
  const connections = new Set<Connection>();
  /** destination → the connections subscribed to it, with their subscription id. */
  const byDestination = new Map<string, Map<Connection, string>>();
  const byMember = new Map<string, Set<Connection>>();
  let slowReadersDropped = 0;

  function send(connection: Connection, text: string) {
    if (connection.closed) return;
    if (connection.socket.bufferedAmount > limits.maxBufferedBytes) {
      log.warn({ connection: connection.id }, 'Dropping a slow WebSocket reader');
      slowReadersDropped += 1;
      drop(connection);
      return;
    }
    connection.socket.send(text);
    connection.lastSentAt = now();
  }

  function forget(connection: Connection) {
    if (connection.closed) return;
    connection.closed = true;
    connections.delete(connection);
    for (const destination of connection.subscriptions.values()) {
      const subscribers = byDestination.get(destination);
      subscribers?.delete(connection);
      if (subscribers?.size === 0) byDestination.delete(destination);
    }
    connection.subscriptions.clear();
    if (!connection.member) return;
    const { memberId } = connection.member;
    options.onConnectionClosed?.(connection.member);
    const open = byMember.get(memberId);
    open?.delete(connection);
    if (open?.size === 0) {
      byMember.delete(memberId);
      options.onMemberDisconnected?.(memberId);
    }
  }

  /** An ERROR frame (see `BrokerRefusal`), then the close STOMP requires after it. */
  function fail(
    connection: Connection,
    refusal: BrokerRefusal | ErrorCode,
    frame?: ClientFrame,
    closeCode = 1008,
  ): undefined {
    if (connection.closed) return;
    const {
      code,
      params,
      message: detail,
    } = typeof refusal === 'string' ? new BrokerRefusal(refusal) : refusal;
    const receipt = frame?.headers.get('receipt');
    const headers = {
      code,
      message: errorText(code, params),
      params: params && JSON.stringify(params),
      'receipt-id': receipt,
    };
    send(connection, serializeFrame('ERROR', headers, detail));
    forget(connection);
    connection.socket.close(closeCode, code);
    return undefined;
  }

  function drop(connection: Connection) {
    forget(connection);
    connection.socket.terminate();
  }

  return {
    connections,
    send,
    forget,
    fail,
    drop,

    add(connection: Connection) {
      connections.add(connection);
    },

    /** Sockets dropped since the start because they read slower than they were written to. */
    get slowReadersDropped() {
      return slowReadersDropped;
    },

    /** Members with a socket on this node. */
    get memberCount() {
      return byMember.size;
    },

    /** Who they are. */
    memberIds(): string[] {
      return [...byMember.keys()];
    },

    /** The sockets a member holds on this node. */
    socketsOf(memberId: string): ReadonlySet<Connection> | undefined {
      return byMember.get(memberId);
    },

    /** Counts an authenticated connection among its member's; answers all of theirs. */
    addMemberSocket(connection: Connection, memberId: string): Set<Connection> {
      let open = byMember.get(memberId);
      if (!open) {
        open = new Set();
        byMember.set(memberId, open);
      }
      open.add(connection);
      return open;
    },

    subscribe(connection: Connection, id: string, destination: string) {
      connection.subscriptions.set(id, destination);
      let subscribers = byDestination.get(destination);
      if (!subscribers) {
        subscribers = new Map();
        byDestination.set(destination, subscribers);
      }
      subscribers.set(connection, id);
    },

    unsubscribe(connection: Connection, id: string, destination: string) {
      connection.subscriptions.delete(id);
      const subscribers = byDestination.get(destination);
      subscribers?.delete(connection);
      if (subscribers?.size === 0) byDestination.delete(destination);
    },

    /** The connections subscribed to a destination, with their subscription id. */
    subscribersOf(destination: string): ReadonlyMap<Connection, string> | undefined {
      return byDestination.get(destination);
    },

    /** Near the process's connection cap (`crowdedAt`). */
    async isCrowded() {
      const open = options.openConnections ? await options.openConnections() : connections.size;
      return open >= limits.crowdedAt;
    },
  };
}

export type ConnectionRegistry = ReturnType<typeof createConnectionRegistry>;
