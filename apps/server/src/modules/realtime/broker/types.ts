import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { BrokerLimits } from '../../../config.ts';
import type { Backplane } from '../backplane.ts';
import type { ClientFrame, createFrameReader } from './stomp-frame.ts';

export type BrokerMember = { sessionId: string; memberId: string };
/** What CONNECT learns of a token: its member, and when its session expires (by `sessionNow`). */
export type BrokerSession = BrokerMember & { expiresAt: number };
/** A member on one of their sockets (a member may have several: tabs, devices). */
export type ConnectedMember = BrokerMember & { connectionId: string };

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
  /** A socket subscribed to a destination (a call that rings for its member is told again). */
  onSubscribed?(member: ConnectedMember, destination: string): void;
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

export type Connection = {
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

/** The close of a socket whose session ended while it was open (logout, reset, expiry). */
export const SESSION_ENDED_CLOSE = 4001;
/** The close of a member's oldest socket when a newer one takes its place. */
export const REPLACED_CLOSE = 4002;
