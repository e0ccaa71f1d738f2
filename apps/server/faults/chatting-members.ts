import { CONVERSATION_PAGE_SIZE, destinations } from '@mawadda/contract';
import { Client, type IMessage } from '@stomp/stompjs';
import { WebSocket } from 'ws';
import { bearer } from '../test/fixtures.ts';

/**
 * Members as the web app behaves on a network of nodes: a socket to one node (the balancer's
 * choice) subscribed to their chat, call and presence topics; messages sent over HTTP one after
 * the other, each retried with its uuid until answered (the outbox); after a dropped socket, a
 * reconnection a second later to a node that accepts it, then the conversation read again over
 * REST and merged by uuid, and the contacts read again for presence. What each member ends up
 * seeing is what the test checks.
 */

export type NodeHandle = { url: string };

/** A message a member sent and the server acknowledged (201, or 200 for a retry it had). */
export type Acknowledged = {
  uuid: string;
  seq: number;
  phase: string;
  startedAt: number;
  ackedAt: number;
  /** Attempts after the first. */
  retries: number;
};

export type CallFrame = {
  callId?: string;
  from?: string;
  type?: string;
  answer?: unknown;
  endCall?: boolean;
  reason?: string;
  busy?: boolean;
};

/** The app's first reconnection delay (apps/web/src/lib/realtime/realtime-connection.ts). */
const RECONNECT_MS = 1000;
/** A request answered by nothing within this is abandoned and sent again. */
const REQUEST_TIMEOUT_MS = 5000;
/** A message still not acknowledged after this fails the test. */
const SEND_DEADLINE_MS = 60_000;
/** A node that neither connects nor refuses within this is skipped. */
const CONNECT_TIMEOUT_MS = 10_000;
/** The largest page of a conversation the server gives. */
export const PAGE = CONVERSATION_PAGE_SIZE * 2;
export const now = () => performance.now();
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `condition` until it holds; answers when it did (ms since `since`), or undefined at the deadline. */
export async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  withinMs: number,
  since = now(),
): Promise<number | undefined> {
  const deadline = now() + withinMs;
  for (;;) {
    if (await condition()) return Math.round(now() - since);
    if (now() > deadline) return undefined;
    await sleep(50);
  }
}

export class Member {
  client: Client | undefined;
  connected = false;
  /** Stays away once its socket drops (the app closed), until `comeBack`. */
  leaving = false;
  /** The node its socket is on, or its HTTP requests go to while it has none. */
  node: number;
  /** The partner's messages this member has, live or read again: uuid → seq. */
  readonly view = new Map<string, number>();
  /** Uuids of the partner's messages that arrived live, with when (the first time). */
  readonly live = new Map<string, number>();
  /** Those that arrived live more than once (the app keeps one). */
  readonly liveTwice = new Set<string>();
  liveOutOfOrder = 0;
  private lastLiveSeq = -1;
  /** What the member's screen says of each contact's presence. */
  readonly online = new Map<string, boolean>();
  readonly presenceEvents: Array<{ userId: string; status: string; at: number }> = [];
  readonly calls: Array<CallFrame & { at: number }> = [];
  readonly acknowledged: Acknowledged[] = [];
  /** Each drop of its socket: when, the close code, and the ERROR frame's message if one came. */
  readonly drops: Array<{ at: number; code: number; error?: string }> = [];
  private lastError: string | undefined;
  backAt: number | undefined;
  reconnections = 0;
  private nextSeq = 0;
  private reconnecting: Promise<void> | undefined;

  readonly name: string;
  readonly id: string;
  readonly token: string;
  /** Whom it chats with (the push senders: the member with a phone). */
  readonly partnerId: string;
  private readonly nodes: NodeHandle[];
  private readonly onFailure: (why: string) => void;

  constructor(
    who: { name: string; id: string; token: string; partnerId: string; home: number },
    nodes: NodeHandle[],
    onFailure: (why: string) => void,
  ) {
    this.name = who.name;
    this.id = who.id;
    this.token = who.token;
    this.partnerId = who.partnerId;
    this.node = who.home;
    this.nodes = nodes;
    this.onFailure = onFailure;
  }

  private url(path: string, node = this.node) {
    return `${this.nodes[node]?.url}${path}`;
  }

  /** Connects to `node` and subscribes; resolves once every subscription is acknowledged. */
  connect(node: number): Promise<void> {
    const url = `${this.url('/ws', node).replace(/^http/, 'ws')}?token=${this.token}`;
    return new Promise((resolve, reject) => {
      let opened = false;
      const fail = (why: string) => {
        clearTimeout(timer);
        void client.deactivate();
        reject(new Error(`${this.name} on node ${node}: ${why}`));
      };
      const timer = setTimeout(() => fail('no answer'), CONNECT_TIMEOUT_MS);
      const client = new Client({
        webSocketFactory: () => new WebSocket(url, ['v12.stomp']),
        heartbeatIncoming: 0,
        heartbeatOutgoing: 0,
        reconnectDelay: 0,
        onConnect: () => {
          const topics = [
            destinations.chat(this.id),
            destinations.call(this.id),
            destinations.presence,
          ];
          let waiting = topics.length;
          for (const [n, topic] of topics.entries()) {
            const receipt = `${this.name}-${Date.now()}-${n}`;
            client.watchForReceipt(receipt, () => {
              waiting -= 1;
              if (waiting > 0) return;
              clearTimeout(timer);
              opened = true;
              this.client = client;
              this.node = node;
              this.connected = true;
              resolve();
            });
            client.subscribe(topic, (message) => this.received(topic, message), { receipt });
          }
        },
        onStompError: (frame) => {
          if (!opened) fail(frame.headers.message ?? 'ERROR');
          else this.lastError = `${frame.headers.code ?? ''} ${frame.headers.message ?? ''}`;
        },
        onWebSocketClose: (event) => {
          if (!opened) {
            fail('the socket closed');
            return;
          }
          this.connected = false;
          const code = (event as { code: number }).code;
          this.drops.push({
            at: now(),
            code,
            ...(this.lastError ? { error: this.lastError } : {}),
          });
          this.lastError = undefined;
          if (!this.leaving) this.reconnectSoon();
        },
      });
      client.activate();
    });
  }

  private received(topic: string, message: IMessage) {
    const body = JSON.parse(message.body);
    if (topic === destinations.presence) {
      const event = body as { userId: string; status: string };
      this.presenceEvents.push({ ...event, at: now() });
      this.online.set(event.userId, event.status === 'online');
      return;
    }
    if (topic === destinations.call(this.id)) {
      this.calls.push({ ...(body as CallFrame), at: now() });
      return;
    }
    const chat = body as { uuid: string; senderId: string; content: string | null };
    const seq = seqOf(chat);
    if (chat.senderId !== this.partnerId || seq === undefined) return;
    if (this.live.has(chat.uuid)) this.liveTwice.add(chat.uuid);
    else this.live.set(chat.uuid, now());
    if (seq < this.lastLiveSeq) this.liveOutOfOrder += 1;
    this.lastLiveSeq = Math.max(this.lastLiveSeq, seq);
    this.view.set(chat.uuid, seq);
  }

  private reconnectSoon() {
    this.reconnecting ??= this.reconnect().finally(() => {
      this.reconnecting = undefined;
    });
  }

  /**
   * A second later, as the app does, to a node that accepts (a balancer skips one that refuses):
   * then the conversation and the contacts are read again.
   */
  private async reconnect() {
    for (let wait = RECONNECT_MS; ; wait = Math.min(wait * 2, 8000)) {
      await sleep(wait);
      for (let k = 0; k < this.nodes.length; k++) {
        const node = (this.node + k) % this.nodes.length;
        try {
          await this.connect(node);
          this.reconnections += 1;
          await this.resync();
          this.backAt = now();
          return;
        } catch {
          // The next node.
        }
      }
    }
  }

  /** The leaver opens the app again. */
  async comeBack(node: number) {
    this.leaving = false;
    await this.connect(node);
    await this.resync();
    this.backAt = now();
  }

  /**
   * Reads the conversation again, newest first, back to a message it had (the app refetches the
   * pages it holds), then the contacts; retrying until they answer.
   */
  async resync() {
    for (let attempt = 0; ; attempt++) {
      try {
        let before = '';
        for (;;) {
          const page = await this.get<
            Array<{ uuid: string; senderId: string; content: string | null }>
          >(`/api/chat/conversation/${this.partnerId}?size=${PAGE}${before}`);
          const known = page.some((m) => this.view.has(m.uuid));
          for (const message of page) {
            const seq = seqOf(message);
            if (message.senderId === this.partnerId && seq !== undefined)
              this.view.set(message.uuid, seq);
          }
          if (known || page.length < PAGE) break;
          before = `&before=${page[0]?.uuid}`;
        }
        const contacts =
          await this.get<Array<{ id: string; online: boolean }>>('/api/chat/contacts');
        for (const contact of contacts) this.online.set(contact.id, contact.online);
        return;
      } catch (error) {
        if (attempt > 100) throw error;
        await sleep(200);
      }
    }
  }

  async get<T>(path: string): Promise<T> {
    const response = await fetch(this.url(path), {
      headers: bearer(this.token),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    return (await response.json()) as T;
  }

  /** Whether the server says the partner is online (`GET /api/chat/contacts`). */
  async serverSaysOnline(memberId: string): Promise<boolean | undefined> {
    const contacts = await this.get<Array<{ id: string; online: boolean }>>(
      '/api/chat/contacts',
    ).catch(() => undefined);
    return contacts?.find((c) => c.id === memberId)?.online;
  }

  /**
   * Sends `content` to `to` with one uuid until acknowledged: a refused connection goes to the
   * next node, a 5xx, a 429 or no answer waits a little and tries again (the outbox's retry).
   */
  async send(to: string, content: string, seq: number, phase: string): Promise<Acknowledged> {
    const uuid = crypto.randomUUID();
    const startedAt = now();
    for (let attempt = 0; ; attempt++) {
      if (now() - startedAt > SEND_DEADLINE_MS) {
        this.onFailure(`${this.name}: ${content} not acknowledged within ${SEND_DEADLINE_MS} ms`);
        throw new Error('not acknowledged');
      }
      let status: number;
      try {
        const response = await fetch(this.url(`/api/chat/send/${to}`), {
          method: 'POST',
          headers: { ...bearer(this.token), 'content-type': 'application/json' },
          body: JSON.stringify({ uuid, content }),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        status = response.status;
        await response.arrayBuffer();
      } catch (error) {
        // Refused (a dead node): the balancer tries another. No answer: the same again.
        const refused = String((error as { cause?: { code?: string } }).cause?.code).includes(
          'ECONNREFUSED',
        );
        if (refused) this.node = (this.node + 1) % this.nodes.length;
        await sleep(Math.min(1000, 100 * 2 ** attempt));
        continue;
      }
      if (status === 201 || status === 200) {
        return { uuid, seq, phase, startedAt, ackedAt: now(), retries: attempt };
      }
      if (status < 500 && status !== 429) {
        this.onFailure(`${this.name}: ${content} answered ${status}`);
        throw new Error(`answered ${status}`);
      }
      await sleep(Math.min(1000, 100 * 2 ** attempt));
    }
  }

  /** Writes to the partner every `intervalMs`, each message after the last was acknowledged. */
  async chat(intervalMs: number, running: () => boolean, phase: () => string) {
    while (running()) {
      while (this.leaving && running()) await sleep(50);
      const started = now();
      const seq = this.nextSeq++;
      this.acknowledged.push(await this.send(this.partnerId, `#${seq}`, seq, phase()));
      await sleep(Math.max(0, intervalMs - (now() - started)));
    }
  }

  /** A call signal on the socket (`/app/call/{to}`). */
  signal(to: string, body: object) {
    this.client?.publish({ destination: destinations.publishCall(to), body: JSON.stringify(body) });
  }

  async disconnect() {
    this.leaving = true;
    await this.client?.deactivate();
  }
}

/** The sequence number a steady message carries (`#12`), or undefined for any other. */
function seqOf(message: { content: string | null }): number | undefined {
  const match = /^#(\d+)$/.exec(message.content ?? '');
  return match ? Number(match[1]) : undefined;
}
