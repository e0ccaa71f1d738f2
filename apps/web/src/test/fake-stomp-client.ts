import { type ErrorCode, type ErrorParams, errorText } from '@mawadda/contract/error-codes';
import type { IFrame, IMessage, StompConfig } from '@stomp/stompjs';

type Callback = (message: IMessage) => void;

/**
 * A stand-in for `@stomp/stompjs`'s Client in tests (`vi.mock('@stomp/stompjs', () =>
 * fakeStompModule)`): the test plays the broker, opening, dropping and delivering.
 */
export class FakeStompClient {
  static instances: FakeStompClient[] = [];
  static latest(): FakeStompClient {
    const client = FakeStompClient.instances.at(-1);
    if (!client) throw new Error('No STOMP client was created');
    return client;
  }

  connected = false;
  active = false;
  readonly subscriptions = new Map<string, Set<Callback>>();
  readonly published: Array<{ destination: string; body: unknown }> = [];

  readonly config: StompConfig;

  constructor(config: StompConfig) {
    this.config = config;
    FakeStompClient.instances.push(this);
  }

  activate() {
    this.active = true;
  }

  async deactivate() {
    this.active = false;
    if (this.connected) this.drop();
  }

  forceDisconnect() {
    if (this.connected) this.drop();
  }

  subscribe(destination: string, callback: Callback) {
    if (!this.connected) throw new Error('There is no underlying STOMP connection');
    const set = this.subscriptions.get(destination) ?? new Set();
    set.add(callback);
    this.subscriptions.set(destination, set);
    return { id: destination, unsubscribe: () => set.delete(callback) };
  }

  publish({ destination, body }: { destination: string; body?: string }) {
    this.published.push({ destination, body: body ? JSON.parse(body) : undefined });
  }

  /** The broker answers CONNECTED, naming the connection `session`. */
  open(session = 'socket-1') {
    this.connected = true;
    this.config.onConnect?.({ command: 'CONNECTED', headers: { session } } as unknown as IFrame);
  }

  /** The socket closes (network cut, server restart). */
  /** The socket closes: 1006 is a lost network. */
  drop(code = 1006) {
    this.connected = false;
    this.subscriptions.clear();
    this.config.onWebSocketClose?.(new CloseEvent('close', { code }));
  }

  /**
   * The broker sends an ERROR with its `code` header, then closes with `closeCode` (1008 after a
   * refused frame, 1012 when restarting, 4001 when a session is ended). The `message` header is
   * the code's English text unless a test rewords it; `params`, the numbers of that text, go as
   * the broker's JSON header.
   */
  fail(code: ErrorCode, closeCode = 1008, message = errorText(code), params?: ErrorParams) {
    const headers = { code, message, ...(params ? { params: JSON.stringify(params) } : {}) };
    this.config.onStompError?.({ command: 'ERROR', headers } as unknown as IFrame);
    this.drop(closeCode);
  }

  /** A MESSAGE on `destination`, to every subscriber. */
  deliver(destination: string, body: unknown) {
    const callbacks = [...(this.subscriptions.get(destination) ?? [])];
    if (callbacks.length === 0) throw new Error(`Nobody subscribed to ${destination}`);
    for (const callback of callbacks) callback({ body: JSON.stringify(body) } as IMessage);
  }
}

export const fakeStompModule = {
  Client: FakeStompClient,
  ReconnectionTimeMode: { LINEAR: 0, EXPONENTIAL: 1 },
};
