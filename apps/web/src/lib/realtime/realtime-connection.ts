import { destinations } from '@mawadda/contract/destinations';
import type { ErrorCode } from '@mawadda/contract/error-codes';
import type { ErrorParams } from '@mawadda/contract/error-params';
import type { Client, IFrame, StompConfig } from '@stomp/stompjs';
import type { RealtimeCore, RealtimeState, StompModule } from './realtime-types.ts';

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

export function createCore(
  loadStomp: () => Promise<StompModule>,
  onSessionOver: () => void,
): RealtimeCore {
  const core: RealtimeCore = {
    loadStomp,
    onSessionOver,
    client: null,
    token: null,
    session: null,
    state: { status: 'idle', connections: 0 },
    stateListeners: new Set(),
    refusalListeners: new Set(),
    handlers: new Map(),
    live: new Map(),
    stopWaiting: null,
    viewing: null,
    browser: {
      // The browser knows first: a socket it has cut off may otherwise look open until two
      // heart-beats go missing, and a socket waiting out its back-off should not wait once the
      // network is back.
      offline: () => core.client?.forceDisconnect(),
      online: () => reopenNow(core),
      visibility: () => tellViewing(core),
    },
  };
  return core;
}

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

function socketUrl() {
  return `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/ws`;
}

export function setState(core: RealtimeCore, next: Partial<RealtimeState>) {
  core.state = { ...core.state, ...next };
  for (const listener of core.stateListeners) listener();
}

/**
 * Tells the server which conversation this socket shows, so a message in it is not pushed to
 * the member's phone (ADR 040): none while the tab is hidden. Each connection is a new one
 * for the server, so it is told again after every (re)connect.
 */
export function tellViewing(core: RealtimeCore) {
  if (!core.client?.connected) return;
  const shown = document.visibilityState === 'visible' ? core.viewing : null;
  core.client.publish({
    destination: destinations.publishViewing,
    body: JSON.stringify({ with: shown }),
  });
}

/** Subscribes the socket to `destination`, once, handing each JSON body to its handlers. */
export function listen(core: RealtimeCore, destination: string) {
  if (!core.client?.connected || core.live.has(destination)) return;
  const subscription = core.client.subscribe(destination, (frame) => {
    let body: unknown;
    try {
      body = JSON.parse(frame.body);
    } catch {
      return;
    }
    for (const handler of core.handlers.get(destination) ?? []) handler(body);
  });
  core.live.set(destination, subscription);
}

/** The network is back: a socket waiting out its back-off reopens now (not a replaced one). */
function reopenNow(core: RealtimeCore) {
  const current = core.client;
  if (!current || current.connected || core.state.status === 'paused') return;
  void current.deactivate().then(() => {
    if (core.client === current) current.activate();
  });
}

/** Reopens a replaced socket once the member shows the tab or acts in it again. */
function pauseUntilUsed(core: RealtimeCore, paused: Client) {
  setState(core, { status: 'paused' });
  const stopped = paused.deactivate();
  const resume = () => {
    if (document.visibilityState !== 'visible') return;
    core.stopWaiting?.();
    setState(core, { status: 'connecting' });
    void stopped.then(() => {
      if (core.client === paused) paused.activate();
    });
  };
  for (const name of USE_EVENTS) window.addEventListener(name, resume, true);
  document.addEventListener('visibilitychange', resume);
  core.stopWaiting = () => {
    core.stopWaiting = null;
    for (const name of USE_EVENTS) window.removeEventListener(name, resume, true);
    document.removeEventListener('visibilitychange', resume);
  };
}

/** An ERROR from the broker: a replaced tab pauses, a refusal is told, a session over ends. */
function onBrokerError(core: RealtimeCore, created: Client, frame: IFrame) {
  if (core.client !== created) return;
  const code = frame.headers.code;
  if (code === REPLACED) {
    pauseUntilUsed(core, created);
    return;
  }
  if (!code || !SESSION_OVER.has(code)) {
    // A SEND refused for a reason the member can act on (a call needing a subscription).
    const params = paramsOf(frame.headers.params);
    for (const listener of core.refusalListeners) listener({ code, params });
    return;
  }
  void created.deactivate();
  setState(core, { status: 'ended' });
  // The socket says only that the session ended; a REST call learns whether a moderator's
  // suspension or ban did it, and takes the member to the screen that says so.
  core.onSessionOver();
}

/** What the socket of `created` does as it connects, closes, and hears the broker refuse. */
function brokerCallbacks(core: RealtimeCore, created: () => Client): Partial<StompConfig> {
  return {
    onConnect: (frame: IFrame) => {
      const client = created();
      if (core.client !== client) return;
      core.session = frame.headers.session ?? null;
      core.live.clear();
      for (const destination of core.handlers.keys()) listen(core, destination);
      client.publish({
        destination: destinations.publishPresence,
        body: JSON.stringify({ status: 'online' }),
      });
      if (core.viewing) tellViewing(core);
      setState(core, { status: 'connected', connections: core.state.connections + 1 });
    },
    onWebSocketClose: (event: CloseEvent) => {
      if (core.client !== created()) return;
      core.session = null;
      core.live.clear();
      if (core.state.status !== 'connected') return;
      // A refused call should not flash "Reconnecting" at a member who never lost the network.
      setState(core, { status: event.code === REFUSED_CLOSE ? 'connecting' : 'reconnecting' });
    },
    onStompError: (frame: IFrame) => onBrokerError(core, created(), frame),
  };
}

/** Opens the socket of `newToken`, once the STOMP library has loaded (the first time only). */
export async function open(core: RealtimeCore, newToken: string) {
  core.token = newToken;
  setState(core, { status: 'connecting', connections: 0 });
  const { Client, ReconnectionTimeMode } = await core.loadStomp();
  // Logged out, or in as someone else, while the library loaded.
  if (core.token !== newToken || core.client) return;
  const created: Client = new Client({
    brokerURL: socketUrl(),
    connectHeaders: { token: newToken },
    heartbeatIncoming: HEART_BEAT_MS,
    heartbeatOutgoing: HEART_BEAT_MS,
    reconnectDelay: FIRST_RETRY_MS,
    maxReconnectDelay: LONGEST_RETRY_MS,
    reconnectTimeMode: ReconnectionTimeMode.EXPONENTIAL,
    debug: () => {},
    ...brokerCallbacks(core, () => created),
  });
  core.client = created;
  window.addEventListener('offline', core.browser.offline);
  window.addEventListener('online', core.browser.online);
  document.addEventListener('visibilitychange', core.browser.visibility);
  created.activate();
}

/** Closes the socket: presence offline first when it is open, then the close after a grace. */
export function close(core: RealtimeCore) {
  const closing = core.client;
  core.client = null;
  core.token = null;
  core.live.clear();
  core.stopWaiting?.();
  window.removeEventListener('offline', core.browser.offline);
  window.removeEventListener('online', core.browser.online);
  document.removeEventListener('visibilitychange', core.browser.visibility);
  if (core.state.status !== 'idle') setState(core, { status: 'idle', connections: 0 });
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
