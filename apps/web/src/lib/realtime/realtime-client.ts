import { callApi } from '../api-client.ts';
import { session } from '../session.ts';
import type { Refusal } from '../translate-error.ts';
import { close, createCore, listen, open, tellViewing } from './realtime-connection.ts';
import type { Handler, RealtimeCore, StompModule } from './realtime-types.ts';

/**
 * Asks the server about the session after the socket was told it ended: the answer (401, or the
 * suspension or ban that ended it) goes through the API client's handling of a refused token, so
 * the member is told at once, and why, rather than at their next tap.
 */
function askWhySessionEnded() {
  callApi('currentUser').catch(() => undefined);
}

/** Follows the session: a new token reconnects, no token (logout, expiry) closes. */
function follow(core: RealtimeCore) {
  const current = session.token();
  if (current === core.token) return;
  if (core.token) close(core);
  if (current) void open(core, current);
}

/**
 * Adds `handler` to `destination`, subscribing the socket when it is the first; the returned
 * function takes it away, and unsubscribes when it was the last.
 */
function addHandler(core: RealtimeCore, destination: string, handler: Handler) {
  let set = core.handlers.get(destination);
  if (!set) {
    set = new Set();
    core.handlers.set(destination, set);
  }
  set.add(handler);
  listen(core, destination);
  return () => {
    const current = core.handlers.get(destination);
    current?.delete(handler);
    if (current?.size) return;
    core.handlers.delete(destination);
    const subscription = core.live.get(destination);
    core.live.delete(destination);
    if (subscription && core.client?.connected) subscription.unsubscribe();
  };
}

/**
 * One STOMP connection per tab while a member is signed in (`@stomp/stompjs` over `/ws`), shared
 * by every screen: they add handlers to destinations, and the client (re)subscribes to the
 * destinations that have handlers each time the socket connects (`realtime-connection.ts`). The
 * token travels in the CONNECT frame rather than the URL, which servers and proxies log. The
 * STOMP library loads with the first connection, so a visitor never downloads it.
 */
export function createRealtime(
  loadStomp: () => Promise<StompModule> = () => import('@stomp/stompjs'),
  onSessionOver: () => void = askWhySessionEnded,
) {
  const core = createCore(loadStomp, onSessionOver);
  let following: (() => void) | null = null;

  return {
    /**
     * Connects for the signed-in member and keeps following the session (another login
     * reconnects, a logout closes). Idempotent: the member area calls it on every entry.
     */
    start() {
      following ??= session.subscribe(() => follow(core)) as () => void;
      follow(core);
    },
    /** Closes the socket (presence offline first) and stops following the session. */
    stop() {
      following?.();
      following = null;
      close(core);
    },
    getState: () => core.state,
    /**
     * The open socket's id, which a message sent from this tab names: the server then spares
     * this socket the message's echo, the answer has it (ADR 065). Null while none is open.
     */
    socketSession: () => (core.client?.connected ? core.session : null),
    subscribeState(listener: () => void) {
      core.stateListeners.add(listener);
      return () => {
        core.stateListeners.delete(listener);
      };
    },
    /**
     * SENDs `body` as JSON to `destination` now; false when the socket is down (nothing is kept
     * for later: a call signal that waited would be stale).
     */
    publish(destination: string, body: unknown): boolean {
      if (!core.client?.connected) return false;
      core.client.publish({ destination, body: JSON.stringify(body) });
      return true;
    },
    /**
     * The conversation with `memberId` is on screen (null: none is): its messages are then not
     * pushed to the member's devices while this tab is visible and connected.
     */
    showConversation(memberId: string | null) {
      if (memberId === core.viewing) return;
      core.viewing = memberId;
      tellViewing(core);
    },
    /** Calls `listener` with the `code` of each ERROR the broker answers to a frame of ours. */
    onRefusal(listener: (refusal: Refusal) => void) {
      core.refusalListeners.add(listener);
      return () => {
        core.refusalListeners.delete(listener);
      };
    },
    /** Calls `handler` with each message's JSON body until the returned function is called. */
    subscribe: (destination: string, handler: Handler) => addHandler(core, destination, handler),
  };
}

export type Realtime = ReturnType<typeof createRealtime>;

/** The tab's one connection. */
export const realtime = createRealtime();
