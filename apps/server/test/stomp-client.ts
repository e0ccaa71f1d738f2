import { Client, type IFrame, type IMessage } from '@stomp/stompjs';
import { WebSocket } from 'ws';

/**
 * Test helpers around the real `@stomp/stompjs` client (the one the web app uses) and a raw
 * WebSocket for frames no client library would send. Each wait has its own timeout, so a
 * missing frame fails the test with a message instead of hanging it.
 */

const WAIT_MS = 5000;
let receipts = 0;

function timeout<T>(what: string, promise: Promise<T>, ms = WAIT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  // Cleared once settled: a pending timer would keep what it waited on alive (the fuzz test
  // weighs the heap after thousands of these).
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Timed out waiting for ${what}`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

export type StompSession = {
  client: Client;
  /** The broker's id of this connection (the CONNECTED frame's `session`). */
  session: string;
  /** The ERROR frame that ended the session, once it comes. */
  error: Promise<IFrame>;
  /** The close of the socket, once it comes. */
  closed: Promise<{ code: number }>;
  /**
   * Subscribes and collects the bodies that arrive, parsed; `subscribed` resolves on the broker's
   * RECEIPT, once what is published to the destination reaches this subscription.
   */
  subscribe(destination: string): {
    messages: unknown[];
    next(): Promise<unknown>;
    readonly subscribed: Promise<void>;
  };
  disconnect(): Promise<void>;
};

/** Connects with a token (query parameter by default, or the CONNECT header). */
export async function connectStomp(
  baseUrl: string,
  token: string | undefined,
  options: { tokenIn?: 'query' | 'header'; heartbeatMs?: number } = {},
): Promise<StompSession> {
  const inQuery = (options.tokenIn ?? 'query') === 'query' && token;
  const url = `${baseUrl.replace(/^http/, 'ws')}/ws${inQuery ? `?token=${token}` : ''}`;
  let onError: (frame: IFrame) => void = () => {};
  let onClose: (event: { code: number }) => void = () => {};
  const error = new Promise<IFrame>((resolve) => {
    onError = resolve;
  });
  const closed = new Promise<{ code: number }>((resolve) => {
    onClose = resolve;
  });
  const client = new Client({
    webSocketFactory: () => new WebSocket(url, ['v12.stomp', 'v11.stomp', 'v10.stomp']),
    connectHeaders: options.tokenIn === 'header' && token ? { token } : {},
    heartbeatIncoming: options.heartbeatMs ?? 0,
    heartbeatOutgoing: options.heartbeatMs ?? 0,
    reconnectDelay: 0,
    onStompError: (frame) => onError(frame),
    onWebSocketClose: (event) => onClose({ code: (event as { code: number }).code }),
  });
  let session = '';
  const connected = new Promise<void>((resolve) => {
    client.onConnect = (frame) => {
      session = frame.headers.session ?? '';
      resolve();
    };
  });
  client.activate();
  await timeout('CONNECTED or an ERROR', Promise.race([connected, error, closed]));
  return {
    client,
    session,
    // Timed only when a test waits for them: an unawaited timeout would fail the run later.
    get error() {
      return timeout('an ERROR frame', error);
    },
    get closed() {
      return timeout('the socket to close', closed);
    },
    subscribe(destination) {
      const messages: unknown[] = [];
      const waiting: Array<(body: unknown) => void> = [];
      const receipt = `subscribed-${++receipts}`;
      const subscribed = new Promise<void>((resolve) => {
        client.watchForReceipt(receipt, () => resolve());
      });
      client.subscribe(
        destination,
        (message: IMessage) => {
          const body = JSON.parse(message.body);
          const waiter = waiting.shift();
          if (waiter) waiter(body);
          else messages.push(body);
        },
        { receipt },
      );
      return {
        get subscribed() {
          return timeout(`the RECEIPT of a subscription to ${destination}`, subscribed);
        },
        messages,
        next: () =>
          timeout(
            `a message on ${destination}`,
            new Promise((resolve) => {
              const queued = messages.shift();
              if (queued !== undefined) resolve(queued);
              else waiting.push(resolve);
            }),
          ),
      };
    },
    async disconnect() {
      await client.deactivate();
    },
  };
}

/** A raw socket speaking STOMP by hand: every text it receives, and its close. */
export async function rawSocket(baseUrl: string, query = '') {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws${query}`, ['v12.stomp']);
  const received: string[] = [];
  const waiting: Array<() => void> = [];
  socket.on('message', (data) => {
    received.push(String(data));
    for (const wake of waiting.splice(0)) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on('close', (code, reason) => resolve({ code, reason: String(reason) }));
  });
  await timeout(
    'the socket to open',
    new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    }),
  );
  return {
    socket,
    received,
    closed: () => timeout('the socket to close', closed),
    send: (text: string) => socket.send(text),
    /** Resolves with the first received text that starts with `command`. */
    async frame(command: string): Promise<string> {
      for (;;) {
        const found = received.find((text) => text.startsWith(command));
        if (found) return found;
        await timeout(`a ${command} frame`, new Promise<void>((resolve) => waiting.push(resolve)));
      }
    },
  };
}

export function waitFor<T>(what: string, promise: Promise<T>, ms?: number) {
  return timeout(what, promise, ms);
}

/** The headers of a frame received raw, unescaped as STOMP 1.2 says (the first of a name wins). */
export function headersOf(frame: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of frame.slice(0, frame.indexOf('\n\n')).split('\n').slice(1)) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon);
    headers[name] ??= line
      .slice(colon + 1)
      .replace(/\\([\\nrc])/g, (_, c: string) => ({ n: '\n', r: '\r', c: ':' })[c] ?? '\\');
  }
  return headers;
}
