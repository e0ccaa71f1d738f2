import type { Client, StompSubscription } from '@stomp/stompjs';
import type { Refusal } from '../translate-error.ts';

/**
 * - `idle`: no member, no socket.
 * - `connecting`: a connection the member need not hear of yet is on its way: the first of the
 *   session, or the reopening after the broker refused a SEND (STOMP closes after every ERROR).
 * - `connected`: subscribed and receiving.
 * - `reconnecting`: the socket dropped (network, server restart); it is being opened again.
 * - `ended`: the server ended the session ("log in again"): no reconnection.
 * - `paused`: a newer socket of the member's (other tabs, devices) took this one's place; it
 *   reopens when the member uses this tab again, never by itself.
 */
export type RealtimeStatus =
  | 'idle'
  | 'connecting'
  | 'connected'
  | 'reconnecting'
  | 'ended'
  | 'paused';

export type RealtimeState = {
  status: RealtimeStatus;
  /**
   * How many times the socket connected in this session. Events sent while it was down are
   * lost, so a screen that sees this number move resynchronises from the REST answers.
   */
  connections: number;
};

export type Handler = (body: unknown) => void;

export type StompModule = Pick<typeof import('@stomp/stompjs'), 'Client' | 'ReconnectionTimeMode'>;

/**
 * One tab's connection as it stands: the STOMP client of the session's token, the state screens
 * follow, their listeners and handlers, and the subscriptions live on the current socket.
 */
export type RealtimeCore = {
  loadStomp: () => Promise<StompModule>;
  onSessionOver: () => void;
  client: Client | null;
  token: string | null;
  /** The broker's id of the open socket (CONNECTED's `session`), null while none is open. */
  session: string | null;
  state: RealtimeState;
  stateListeners: Set<() => void>;
  refusalListeners: Set<(refusal: Refusal) => void>;
  handlers: Map<string, Set<Handler>>;
  live: Map<string, StompSubscription>;
  /** Stops waiting for the member to come back to a replaced tab. */
  stopWaiting: (() => void) | null;
  /** The member whose conversation this tab shows, or null (see `showConversation`). */
  viewing: string | null;
  /** The browser's events the open socket follows, made once so that they can be removed. */
  browser: { offline: () => void; online: () => void; visibility: () => void };
};
