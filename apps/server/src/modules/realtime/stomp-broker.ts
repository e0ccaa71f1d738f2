import { randomUUID } from 'node:crypto';
import { E, type ErrorCode, errorText, isErrorCode } from '@mawadda/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { type Backplane, deliver as deliverEverywhere } from './backplane.ts';
import {
  type ClientFrame,
  createFrameReader,
  StompProtocolError,
  serializeFrame,
} from './stomp-frame.ts';

export type BrokerLimits = {
  maxFrameBytes: number;
  maxHeaders: number;
  maxSubscriptions: number;
  /** A socket holding more unsent bytes than this is a slow reader: it is dropped. */
  maxBufferedBytes: number;
  /** Sustained frames a second a connection may send, and the burst above it. */
  framesPerSecond: number;
  frameBurst: number;
  /** What the server offers and asks for in heart-beat negotiation; 0 turns them off. */
  heartBeatMs: number;
  /** A socket that has not sent CONNECT by then is closed. */
  connectTimeoutMs: number;
  /** A member cut off for flooding may not connect again for this long. */
  floodCooldownMs: number;
  /**
   * A connected socket that sends nothing (no frame, no heart-beat) for this long is dropped,
   * whatever heart-beat it negotiated: `heart-beat:0,0` must not hold a socket for ever.
   */
  maxSilenceMs: number;
  /** Live sockets one member may hold on this node: a further CONNECT closes their oldest. */
  socketsPerMember: number;
  /**
   * From this many open connections of the process (the cap's count, not only sockets), a member
   * who already holds a socket may not add one (their new one replaces their oldest): what is
   * left under the cap is kept for members who have none.
   */
  crowdedAt: number;
};

export const DEFAULT_BROKER_LIMITS: BrokerLimits = {
  maxFrameBytes: 64 * 1024,
  maxHeaders: 32,
  maxSubscriptions: 32,
  maxBufferedBytes: 1024 * 1024,
  framesPerSecond: 20,
  frameBurst: 60,
  heartBeatMs: 10_000,
  connectTimeoutMs: 10_000,
  floodCooldownMs: 10_000,
  maxSilenceMs: 60_000,
  socketsPerMember: 5,
  crowdedAt: 9_000,
};

export type BrokerMember = { sessionId: string; memberId: string };
/** What CONNECT learns of a token: its member, and when its session expires (by `sessionNow`). */
export type BrokerSession = BrokerMember & { expiresAt: number };
/** A member on one of their sockets (a member may have several: tabs, devices). */
export type ConnectedMember = BrokerMember & { connectionId: string };

/**
 * A frame refused: an ERROR frame whose `code` header is the contract's code, the one thing the
 * client acts on and translates, whose `message` header is that code's English text, and whose
 * body says what was wrong in English, for the developer reading the socket (`detail`, when the
 * code is as broad as `REALTIME_FRAME_INVALID`).
 */
export class BrokerRefusal extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, detail?: string) {
    super(detail ?? errorText(code));
    this.code = code;
  }
}

/** A frame that breaks the protocol or a destination's rules, and what is wrong with it. */
export const invalidFrame = (detail: string) => new BrokerRefusal(E.REALTIME_FRAME_INVALID, detail);

/** A SEND's JSON body; anything else is refused. */
export function jsonBody(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    throw invalidFrame('The body must be JSON');
  }
}

export type SendHandler = {
  /** The destinations it takes, e.g. /^\/app\/call\/([^/]+)$/. */
  destination: RegExp;
  handle(from: ConnectedMember, match: RegExpExecArray, body: Buffer): Promise<void>;
};

export type BrokerOptions = {
  limits: BrokerLimits;
  backplane: Backplane;
  /** Null for no live session; a `BrokerRefusal` for a session that may not connect yet. */
  authenticate(token: string): Promise<BrokerSession | null>;
  /** Whether a member may subscribe to a destination; the rules live with the caller. */
  maySubscribe(memberId: string, destination: string): boolean;
  sendHandlers: SendHandler[];
  /** A member's first socket on this node opened, or their last one on this node closed. */
  onMemberConnected?(memberId: string): void;
  onMemberDisconnected?(memberId: string): void;
  /** Any authenticated socket closed, for whatever reason. */
  onConnectionClosed?(member: ConnectedMember): void;
  /** The process's open connections (HTTP included), for `crowdedAt`; by default, the broker's. */
  openConnections?(): Promise<number>;
  log: FastifyBaseLogger;
  now?: () => number;
  /**
   * The time sessions expire by, when it is not `now`: the app's clock, which tests move, while
   * heart-beats and frame rates are timed by the time that really passes.
   */
  sessionNow?: () => number;
};

type Connection = {
  id: string;
  socket: WebSocket;
  member: ConnectedMember | undefined;
  /** When the member's session expires: the sweep closes the socket then. */
  sessionExpiresAt: number;
  /** subscription id → destination */
  subscriptions: Map<string, string>;
  reader: ReturnType<typeof createFrameReader>;
  openedAt: number;
  lastReceivedAt: number;
  lastSentAt: number;
  /** Negotiated: 0 means none. */
  sendEveryMs: number;
  expectEveryMs: number;
  tokens: number;
  tokensAt: number;
  /**
   * Frames are handled one after the other, in the order they came: those waiting, and whether
   * one is being handled (rather than a promise chained per frame: two promises and three
   * closures a frame).
   */
  waiting: ClientFrame[];
  handling: boolean;
  closed: boolean;
};

const SUPPORTED_VERSION = '1.2';
/** The close of a socket whose session ended while it was open (logout, reset, expiry). */
const SESSION_ENDED_CLOSE = 4001;
/** The close of a member's oldest socket when a newer one takes its place. */
const REPLACED_CLOSE = 4002;
/** Bounds the flood cool-down list: past it, flooders are only cut off, not held back. */
const MAX_COOLING = 10_000;

/** Once a second, or twice per heart-beat when they are shorter (tests use short ones). */
const sweepEveryMs = (heartBeatMs: number) =>
  heartBeatMs > 0 ? Math.min(1000, Math.max(50, heartBeatMs / 2)) : 1000;

/**
 * The STOMP 1.2 broker of spec section 7 on WebSocket: authenticates CONNECT, keeps
 * subscriptions, hands SEND frames to the handler of their destination, delivers MESSAGE frames
 * to local subscribers, and negotiates heart-beats. Deliveries go through the backplane, so a
 * frame published on one node reaches subscribers on every node. Any frame that breaks the
 * protocol, the limits or the rules gets an ERROR and a close (STOMP closes after every ERROR).
 */
export function createStompBroker(options: BrokerOptions) {
  const { limits, log } = options;
  const now = options.now ?? Date.now;
  const sessionNow = options.sessionNow ?? now;
  const connections = new Set<Connection>();
  const byDestination = new Map<string, Map<Connection, string>>();
  const byMember = new Map<string, Set<Connection>>();
  /** Members cut off for flooding, until when they may not connect again (on this node). */
  const cooling = new Map<string, number>();
  let messageCounter = 0;

  function send(connection: Connection, text: string) {
    if (connection.closed) return;
    if (connection.socket.bufferedAmount > limits.maxBufferedBytes) {
      log.warn({ connection: connection.id }, 'Dropping a slow WebSocket reader');
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
    const { code, message: detail } =
      typeof refusal === 'string' ? new BrokerRefusal(refusal) : refusal;
    const receipt = frame?.headers.get('receipt');
    send(
      connection,
      serializeFrame('ERROR', { code, message: errorText(code), 'receipt-id': receipt }, detail),
    );
    forget(connection);
    connection.socket.close(closeCode, code);
    return undefined;
  }

  function drop(connection: Connection) {
    forget(connection);
    connection.socket.terminate();
  }

  function subscribe(connection: Connection, frame: ClientFrame): true | undefined {
    const id = frame.headers.get('id');
    const destination = frame.headers.get('destination');
    if (!id || !destination)
      return fail(connection, invalidFrame('SUBSCRIBE needs an id and a destination'), frame);
    if (connection.subscriptions.has(id))
      return fail(connection, invalidFrame(`Subscription id ${id} is in use`), frame);
    if (connection.subscriptions.size >= limits.maxSubscriptions) {
      return fail(connection, E.REALTIME_SUBSCRIPTIONS_TOO_MANY, frame);
    }
    const member = connection.member;
    if (!member || !options.maySubscribe(member.memberId, destination)) {
      return fail(
        connection,
        new BrokerRefusal(
          E.REALTIME_SUBSCRIPTION_FORBIDDEN,
          `Not allowed to subscribe to ${destination}`,
        ),
        frame,
      );
    }
    connection.subscriptions.set(id, destination);
    let subscribers = byDestination.get(destination);
    if (!subscribers) {
      subscribers = new Map();
      byDestination.set(destination, subscribers);
    }
    subscribers.set(connection, id);
    return true;
  }

  function unsubscribe(connection: Connection, frame: ClientFrame): true | undefined {
    const id = frame.headers.get('id');
    const destination = id ? connection.subscriptions.get(id) : undefined;
    if (!id || !destination)
      return fail(connection, invalidFrame('UNSUBSCRIBE needs the id of a subscription'), frame);
    connection.subscriptions.delete(id);
    const subscribers = byDestination.get(destination);
    subscribers?.delete(connection);
    if (subscribers?.size === 0) byDestination.delete(destination);
    return true;
  }

  async function connect(
    connection: Connection,
    frame: ClientFrame,
    queryToken: string | undefined,
  ) {
    const versions = (frame.headers.get('accept-version') ?? '1.0').split(',');
    if (!versions.includes(SUPPORTED_VERSION)) {
      return fail(
        connection,
        invalidFrame(`Supported protocol versions are ${SUPPORTED_VERSION}`),
        frame,
      );
    }
    const authorization = frame.headers.get('Authorization') ?? frame.headers.get('authorization');
    const token =
      frame.headers.get('token') ?? authorization?.replace(/^Bearer\s+/i, '') ?? queryToken;
    let member: BrokerSession | null;
    try {
      member = token ? await options.authenticate(token) : null;
    } catch (error) {
      if (error instanceof BrokerRefusal) return fail(connection, error, frame);
      throw error;
    }
    if (connection.closed) return;
    // The client stops reconnecting on either: only logging in again helps.
    if (!member) return fail(connection, token ? E.SESSION_ENDED : E.LOGIN_REQUIRED, frame);
    const coolingUntil = cooling.get(member.memberId);
    if (coolingUntil !== undefined && coolingUntil > now()) {
      return fail(
        connection,
        new BrokerRefusal(E.REALTIME_TOO_MANY_FRAMES, 'Too many frames: wait before reconnecting'),
        frame,
      );
    }
    cooling.delete(member.memberId);
    // Near the process's connection cap, the room left is for members who hold no socket yet.
    const crowded = byMember.has(member.memberId) && (await isCrowded());
    if (connection.closed) return;

    const [cx = 0, cy = 0] = (frame.headers.get('heart-beat') ?? '0,0')
      .split(',')
      .map((n) => (/^\d{1,9}$/.test(n.trim()) ? Number(n) : Number.NaN));
    if (Number.isNaN(cx) || Number.isNaN(cy))
      return fail(connection, invalidFrame('Invalid heart-beat header'), frame);
    const offer = limits.heartBeatMs;
    connection.sendEveryMs = offer && cy ? Math.max(offer, cy) : 0;
    connection.expectEveryMs = offer && cx ? Math.max(offer, cx) : 0;
    const { expiresAt, ...identity } = member;
    connection.member = { ...identity, connectionId: connection.id };
    connection.sessionExpiresAt = expiresAt;
    let open = byMember.get(member.memberId);
    if (!open) {
      open = new Set();
      byMember.set(member.memberId, open);
    }
    open.add(connection);
    send(
      connection,
      serializeFrame('CONNECTED', {
        version: SUPPORTED_VERSION,
        'heart-beat': `${offer},${offer}`,
        session: connection.id,
        server: 'mawadda',
      }),
    );
    if (open.size === 1) options.onMemberConnected?.(member.memberId);
    // The new socket is counted before the oldest goes, so the member never looks offline.
    const allowed = crowded
      ? Math.min(limits.socketsPerMember, Math.max(1, open.size - 1))
      : limits.socketsPerMember;
    for (const oldest of open) {
      if (open.size <= allowed) break;
      if (oldest !== connection) fail(oldest, E.REALTIME_REPLACED, undefined, REPLACED_CLOSE);
    }
    return true;
  }

  async function isCrowded() {
    const open = options.openConnections ? await options.openConnections() : connections.size;
    return open >= limits.crowdedAt;
  }

  async function handleFrame(connection: Connection, frame: ClientFrame, queryToken?: string) {
    if (!connection.member && frame.command !== 'CONNECT' && frame.command !== 'STOMP') {
      return fail(connection, invalidFrame('The first frame must be CONNECT'), frame);
    }
    let done: true | undefined;
    switch (frame.command) {
      case 'CONNECT':
      case 'STOMP':
        if (connection.member) return fail(connection, invalidFrame('Already connected'), frame);
        return connect(connection, frame, queryToken);
      case 'SUBSCRIBE':
        done = subscribe(connection, frame);
        break;
      case 'UNSUBSCRIBE':
        done = unsubscribe(connection, frame);
        break;
      case 'SEND': {
        const destination = frame.headers.get('destination') ?? '';
        const member = connection.member as ConnectedMember;
        for (const handler of options.sendHandlers) {
          const match = handler.destination.exec(destination);
          if (!match) continue;
          try {
            await handler.handle(member, match, frame.body);
          } catch (error) {
            if (error instanceof BrokerRefusal) return fail(connection, error, frame);
            log.error({ err: error, connection: connection.id }, 'A SEND handler failed');
            return fail(connection, E.UNEXPECTED_ERROR, frame, 1011);
          }
          done = true;
          break;
        }
        if (!done) {
          const detail = `Cannot send to ${destination || 'no destination'}`;
          return fail(connection, new BrokerRefusal(E.REALTIME_DESTINATION_UNKNOWN, detail), frame);
        }
        break;
      }
      case 'ACK':
      case 'NACK':
        // Every subscription is ack:auto: there is nothing to acknowledge.
        done = true;
        break;
      case 'BEGIN':
      case 'COMMIT':
      case 'ABORT':
        return fail(connection, invalidFrame('Transactions are not supported'), frame);
      case 'DISCONNECT': {
        const receipt = frame.headers.get('receipt');
        if (receipt) send(connection, serializeFrame('RECEIPT', { 'receipt-id': receipt }));
        forget(connection);
        connection.socket.close(1000);
        return;
      }
    }
    const receipt = frame.headers.get('receipt');
    if (done && receipt && !connection.closed) {
      send(connection, serializeFrame('RECEIPT', { 'receipt-id': receipt }));
    }
  }

  async function handleWaiting(connection: Connection, queryToken: string | undefined) {
    connection.handling = true;
    for (let frame = connection.waiting.shift(); frame; frame = connection.waiting.shift()) {
      if (connection.closed) break;
      try {
        await handleFrame(connection, frame, queryToken);
      } catch (error) {
        log.error({ err: error, connection: connection.id }, 'A STOMP frame failed');
        fail(connection, E.UNEXPECTED_ERROR, frame, 1011);
      }
    }
    connection.handling = false;
  }

  /** Token bucket: a flooding client is cut off instead of slowing the others. */
  function withinRate(connection: Connection) {
    const t = now();
    connection.tokens = Math.min(
      limits.frameBurst,
      connection.tokens + ((t - connection.tokensAt) / 1000) * limits.framesPerSecond,
    );
    connection.tokensAt = t;
    if (connection.tokens < 1) return false;
    connection.tokens -= 1;
    return true;
  }

  function deliver(
    connection: Connection,
    subscription: string,
    destination: string,
    body: string,
  ) {
    messageCounter += 1;
    send(
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

  function deliverLocal(destination: string, body: string, to?: string[]) {
    const subscribers = byDestination.get(destination);
    if (!subscribers) return;
    if (!to) {
      for (const [connection, subscription] of subscribers) {
        deliver(connection, subscription, destination, body);
      }
      return;
    }
    // Addressed to some members (presence): look at their sockets, not at every subscriber.
    for (const memberId of to) {
      for (const connection of byMember.get(memberId) ?? []) {
        const subscription = subscribers.get(connection);
        if (subscription) deliver(connection, subscription, destination, body);
      }
    }
  }

  function endSessionsLocal(reason: string, sessionId?: string, memberId?: string) {
    // A node of the release before codes names the reason in English.
    const code = isErrorCode(reason) ? reason : E.SESSION_ENDED;
    for (const connection of [...connections]) {
      const member = connection.member;
      if (!member) continue;
      if (
        (sessionId && member.sessionId === sessionId) ||
        (memberId && member.memberId === memberId)
      ) {
        fail(connection, code, undefined, SESSION_ENDED_CLOSE);
      }
    }
  }

  options.backplane.subscribe((event) => {
    if (event.kind === 'deliver') deliverLocal(event.destination, event.body, event.to);
    else endSessionsLocal(event.reason, event.sessionId, event.memberId);
  });

  // One sweep for every socket: heart-beats out, silent clients and unfinished CONNECTs dropped,
  // sessions that expired while open ended (nothing else tells a node: no one logged out).
  const sweep = setInterval(() => {
    const t = now();
    const sessionT = sessionNow();
    for (const connection of connections) {
      if (!connection.member) {
        if (t - connection.openedAt > limits.connectTimeoutMs) {
          fail(connection, E.REALTIME_CONNECT_TIMEOUT);
        }
        continue;
      }
      if (sessionT >= connection.sessionExpiresAt) {
        fail(connection, E.SESSION_ENDED, undefined, SESSION_ENDED_CLOSE);
        continue;
      }
      const maxSilence = connection.expectEveryMs
        ? Math.min(2 * connection.expectEveryMs, limits.maxSilenceMs)
        : limits.maxSilenceMs;
      if (t - connection.lastReceivedAt > maxSilence) {
        log.info(
          { connection: connection.id },
          'Dropping a WebSocket client silent past its heart-beat or the silence limit',
        );
        drop(connection);
        continue;
      }
      if (connection.sendEveryMs && t - connection.lastSentAt >= connection.sendEveryMs) {
        send(connection, '\n');
      }
    }
  }, sweepEveryMs(limits.heartBeatMs));
  sweep.unref();

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
      connections.add(connection);
      socket.on('message', (data: Buffer | ArrayBuffer | Buffer[]) => {
        if (connection.closed) return;
        connection.lastReceivedAt = now();
        const message = Buffer.isBuffer(data)
          ? data
          : Array.isArray(data)
            ? Buffer.concat(data)
            : Buffer.from(data);
        let items: ReturnType<typeof connection.reader.push>;
        try {
          items = connection.reader.push(message);
        } catch (error) {
          if (error instanceof StompProtocolError)
            return fail(connection, invalidFrame(error.message));
          throw error;
        }
        for (const item of items) {
          if (item === 'heart-beat') continue;
          if (!withinRate(connection)) {
            // A flooder that reconnects at once would make every reconnection cost the others.
            const memberId = connection.member?.memberId;
            if (memberId && cooling.size < MAX_COOLING) {
              cooling.set(memberId, now() + limits.floodCooldownMs);
            }
            return fail(
              connection,
              new BrokerRefusal(E.REALTIME_TOO_MANY_FRAMES, 'Too many frames: slow down'),
            );
          }
          connection.waiting.push(item);
        }
        if (!connection.handling) void handleWaiting(connection, queryToken);
      });
      socket.on('close', () => forget(connection));
      socket.on('error', (error) => {
        log.info({ err: error, connection: connection.id }, 'WebSocket error');
        drop(connection);
      });
    },

    /**
     * Delivers a frame body to the subscribers of `destination` on every node (only to the
     * members `to`, when given).
     */
    publish(destination: string, body: unknown, to?: string[]) {
      return deliverEverywhere(options.backplane, destination, body, to);
    },

    /** Closes, on every node, the sockets of a session (logout) or of a member (password reset). */
    endSessions(target: { sessionId: string } | { memberId: string }, reason: ErrorCode) {
      return options.backplane.publish({ kind: 'end-sessions', reason, ...target });
    },

    /** SIGTERM: every client is told and closed, so it reconnects to another node. */
    shutdown() {
      clearInterval(sweep);
      for (const connection of [...connections])
        fail(connection, E.SERVER_RESTARTING, undefined, 1012);
    },

    get connectionCount() {
      return connections.size;
    },
  };
}

export type StompBroker = ReturnType<typeof createStompBroker>;
