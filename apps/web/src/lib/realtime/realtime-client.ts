import { destinations } from '@mawadda/contract/destinations';
import type { ErrorCode } from '@mawadda/contract/error-codes';
import type { ErrorParams } from '@mawadda/contract/error-params';
import type { Client, IFrame, StompSubscription } from '@stomp/stompjs';
import { callApi } from '../api-client.ts';
import { session } from '../session.ts';
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

type Handler = (body: unknown) => void;

/** The broker's own offer (apps/server: 10 s); a silent socket is noticed within two. */
const HEART_BEAT_MS = 10_000;
/** Reconnection waits 1 s, then twice as long each time, up to 30 s. */
const FIRST_RETRY_MS = 1_000;
const LONGEST_RETRY_MS = 30_000;
/** docs/spec.md §9: presence offline is sent, then the socket is closed after 300 ms. */
const OFFLINE_GRACE_MS = 300;
/**
 * The `code`s of the broker's ERRORs after which only logging in again helps: the token was
 * revoked or expired (logout, password reset, suspension), or there was none.
 */
const SESSION_OVER = new Set<string>(['SESSION_ENDED', 'LOGIN_REQUIRED'] satisfies ErrorCode[]);
/**
 * The broker closed this socket for a newer one of the member's (past their sockets' cap, or
 * near the server's): reopening at once would push that one out in turn, and tabs would take
 * turns for ever.
 */
const REPLACED: ErrorCode = 'REALTIME_REPLACED';
/** What tells that the member is back on this tab. */
const USE_EVENTS = ['focus', 'pointerdown', 'keydown'] as const;
/** The close code the broker gives the close after a refused frame (policy violation). */
const REFUSED_CLOSE = 1008;

/**
 * Asks the server about the session after the socket was told it ended: the answer (401, or the
 * suspension or ban that ended it) goes through the API client's handling of a refused token, so
 * the member is told at once, and why, rather than at their next tap.
 */
/** The numbers a refusal's text needs (the broker's `params` header, JSON); none if unreadable. */
function paramsOf(header: string | undefined): ErrorParams | undefined {
  if (!header) return undefined;
  try {
    const params: unknown = JSON.parse(header);
    return typeof params === 'object' && params !== null ? (params as ErrorParams) : undefined;
  } catch {
    return undefined;
  }
}

function askWhySessionEnded() {
  callApi('currentUser').catch(() => undefined);
}

function socketUrl() {
  return `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/ws`;
}

type StompModule = Pick<typeof import('@stomp/stompjs'), 'Client' | 'ReconnectionTimeMode'>;

/**
 * One STOMP connection per tab while a member is signed in (`@stomp/stompjs` over `/ws`), shared
 * by every screen: they add handlers to destinations, and the client (re)subscribes to the
 * destinations that have handlers each time the socket connects. The token travels in the
 * CONNECT frame rather than the URL, which servers and proxies log. The STOMP library loads with
 * the first connection, so a visitor never downloads it.
 */
export function createRealtime(
  loadStomp: () => Promise<StompModule> = () => import('@stomp/stompjs'),
  onSessionOver: () => void = askWhySessionEnded,
) {
  let client: Client | null = null;
  let token: string | null = null;
  let state: RealtimeState = { status: 'idle', connections: 0 };
  const stateListeners = new Set<() => void>();
  const refusalListeners = new Set<(refusal: Refusal) => void>();
  const handlers = new Map<string, Set<Handler>>();
  const live = new Map<string, StompSubscription>();
  /** Stops waiting for the member to come back to a replaced tab. */
  let stopWaiting: (() => void) | null = null;
  /** The member whose conversation this tab shows, or null (see `showConversation`). */
  let viewing: string | null = null;

  /**
   * Tells the server which conversation this socket shows, so a message in it is not pushed to
   * the member's phone (ADR 040): none while the tab is hidden. Each connection is a new one
   * for the server, so it is told again after every (re)connect.
   */
  function tellViewing() {
    if (!client?.connected) return;
    const shown = document.visibilityState === 'visible' ? viewing : null;
    client.publish({
      destination: destinations.publishViewing,
      body: JSON.stringify({ with: shown }),
    });
  }

  function setState(next: Partial<RealtimeState>) {
    state = { ...state, ...next };
    for (const listener of stateListeners) listener();
  }

  function listen(destination: string) {
    if (!client?.connected || live.has(destination)) return;
    const subscription = client.subscribe(destination, (frame) => {
      let body: unknown;
      try {
        body = JSON.parse(frame.body);
      } catch {
        return;
      }
      for (const handler of handlers.get(destination) ?? []) handler(body);
    });
    live.set(destination, subscription);
  }

  // The browser knows first: a socket it has cut off may otherwise look open until two
  // heart-beats go missing, and a socket waiting out its back-off should not wait once the
  // network is back.
  function onOffline() {
    client?.forceDisconnect();
  }
  function onOnline() {
    const current = client;
    if (!current || current.connected || state.status === 'paused') return;
    void current.deactivate().then(() => {
      if (client === current) current.activate();
    });
  }

  /** Reopens a replaced socket once the member shows the tab or acts in it again. */
  function pauseUntilUsed(paused: Client) {
    setState({ status: 'paused' });
    const stopped = paused.deactivate();
    const resume = () => {
      if (document.visibilityState !== 'visible') return;
      stopWaiting?.();
      setState({ status: 'connecting' });
      void stopped.then(() => {
        if (client === paused) paused.activate();
      });
    };
    for (const name of USE_EVENTS) window.addEventListener(name, resume, true);
    document.addEventListener('visibilitychange', resume);
    stopWaiting = () => {
      stopWaiting = null;
      for (const name of USE_EVENTS) window.removeEventListener(name, resume, true);
      document.removeEventListener('visibilitychange', resume);
    };
  }

  async function open(newToken: string) {
    token = newToken;
    setState({ status: 'connecting', connections: 0 });
    const { Client, ReconnectionTimeMode } = await loadStomp();
    // Logged out, or in as someone else, while the library loaded.
    if (token !== newToken || client) return;
    const created: Client = new Client({
      brokerURL: socketUrl(),
      connectHeaders: { token: newToken },
      heartbeatIncoming: HEART_BEAT_MS,
      heartbeatOutgoing: HEART_BEAT_MS,
      reconnectDelay: FIRST_RETRY_MS,
      maxReconnectDelay: LONGEST_RETRY_MS,
      reconnectTimeMode: ReconnectionTimeMode.EXPONENTIAL,
      debug: () => {},
      onConnect: () => {
        if (client !== created) return;
        live.clear();
        for (const destination of handlers.keys()) listen(destination);
        created.publish({
          destination: destinations.publishPresence,
          body: JSON.stringify({ status: 'online' }),
        });
        if (viewing) tellViewing();
        setState({ status: 'connected', connections: state.connections + 1 });
      },
      onWebSocketClose: (event: CloseEvent) => {
        if (client !== created) return;
        live.clear();
        if (state.status !== 'connected') return;
        // A refused call should not flash "Reconnecting" at a member who never lost the network.
        setState({ status: event.code === REFUSED_CLOSE ? 'connecting' : 'reconnecting' });
      },
      onStompError: (frame: IFrame) => {
        if (client !== created) return;
        const code = frame.headers.code;
        if (code === REPLACED) {
          pauseUntilUsed(created);
          return;
        }
        if (!code || !SESSION_OVER.has(code)) {
          // A SEND refused for a reason the member can act on (a call needing a subscription).
          const params = paramsOf(frame.headers.params);
          for (const listener of refusalListeners) listener({ code, params });
          return;
        }
        void created.deactivate();
        setState({ status: 'ended' });
        // The socket says only that the session ended; a REST call learns whether a moderator's
        // suspension or ban did it, and takes the member to the screen that says so.
        onSessionOver();
      },
    });
    client = created;
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', tellViewing);
    created.activate();
  }

  function close() {
    const closing = client;
    client = null;
    token = null;
    live.clear();
    stopWaiting?.();
    window.removeEventListener('offline', onOffline);
    window.removeEventListener('online', onOnline);
    document.removeEventListener('visibilitychange', tellViewing);
    if (state.status !== 'idle') setState({ status: 'idle', connections: 0 });
    if (!closing) return;
    if (!closing.connected) {
      void closing.deactivate();
      return;
    }
    closing.publish({
      destination: destinations.publishPresence,
      body: JSON.stringify({ status: 'offline' }),
    });
    setTimeout(() => void closing.deactivate(), OFFLINE_GRACE_MS);
  }

  /** Follows the session: a new token reconnects, no token (logout, expiry) closes. */
  function follow() {
    const current = session.token();
    if (current === token) return;
    if (token) close();
    if (current) void open(current);
  }

  let following: (() => void) | null = null;

  return {
    /**
     * Connects for the signed-in member and keeps following the session (another login
     * reconnects, a logout closes). Idempotent: the member area calls it on every entry.
     */
    start() {
      following ??= session.subscribe(follow) as () => void;
      follow();
    },
    /** Closes the socket (presence offline first) and stops following the session. */
    stop() {
      following?.();
      following = null;
      close();
    },
    getState: () => state,
    subscribeState(listener: () => void) {
      stateListeners.add(listener);
      return () => {
        stateListeners.delete(listener);
      };
    },
    /**
     * SENDs `body` as JSON to `destination` now; false when the socket is down (nothing is kept
     * for later: a call signal that waited would be stale).
     */
    publish(destination: string, body: unknown): boolean {
      if (!client?.connected) return false;
      client.publish({ destination, body: JSON.stringify(body) });
      return true;
    },
    /**
     * The conversation with `memberId` is on screen (null: none is): its messages are then not
     * pushed to the member's devices while this tab is visible and connected.
     */
    showConversation(memberId: string | null) {
      if (memberId === viewing) return;
      viewing = memberId;
      tellViewing();
    },
    /** Calls `listener` with the `code` of each ERROR the broker answers to a frame of ours. */
    onRefusal(listener: (refusal: Refusal) => void) {
      refusalListeners.add(listener);
      return () => {
        refusalListeners.delete(listener);
      };
    },
    /** Calls `handler` with each message's JSON body until the returned function is called. */
    subscribe(destination: string, handler: Handler) {
      let set = handlers.get(destination);
      if (!set) {
        set = new Set();
        handlers.set(destination, set);
      }
      set.add(handler);
      listen(destination);
      return () => {
        const current = handlers.get(destination);
        current?.delete(handler);
        if (current?.size) return;
        handlers.delete(destination);
        const subscription = live.get(destination);
        live.delete(destination);
        if (subscription && client?.connected) subscription.unsubscribe();
      };
    },
  };
}

export type Realtime = ReturnType<typeof createRealtime>;

/** The tab's one connection. */
export const realtime = createRealtime();
