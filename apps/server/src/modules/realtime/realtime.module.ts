import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { relatedMemberIds } from '../../core/member-rules.ts';
import type { Metrics } from '../../plugins/metrics.ts';
import type { Backplane } from './backplane.ts';
import type { ConnectedMember, SendHandler, StompBroker } from './broker/index.ts';
import { createRealtimeOutlet, type RealtimeOutlet } from './outlet.ts';
import { createPresenceService, type PresenceService } from './presence.service.ts';
import type { PresenceStore } from './presence-store.ts';
import { realtimeRoutes } from './realtime.routes.ts';
import { createRealtimeService, type RealtimeService } from './realtime.service.ts';

/** What a module serves on the socket: SENDs to its destinations, and what sockets do. */
export type SocketPart = {
  frames?: SendHandler;
  /** A socket subscribed to a destination. */
  subscribed?(member: ConnectedMember, destination: string): void;
  /** An authenticated socket closed, for whatever reason. */
  closed?(member: ConnectedMember): void;
};

export type Sockets = {
  /** Hands a part to the broker, which is built from them once every module has registered. */
  serve(part: SocketPart): void;
  /** The parts served, once: the broker takes them, and a later `serve` fails the boot. */
  take(): SocketPart[];
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Publishes and ends sessions through the backplane: usable before the broker exists. */
    outlet: RealtimeOutlet;
    presence: PresenceService;
    sockets: Sockets;
    /** The STOMP broker and presence, once `realtime-broker` registered. */
    realtime: RealtimeService;
  }
}

declare module '../../lib/module-events.ts' {
  interface ModuleEvents {
    /** Sessions ended on any node (this one included): a session's, or all of a member's. */
    'realtime:sessions-ending': { sessionId?: string; memberId?: string };
    /**
     * This node's link to the other nodes was cut from `since` until now (Redis restarted): what
     * was published meanwhile to `memberIds`, who hold sockets here, never reached them.
     */
    'realtime:deliveries-missed': { since: Date; memberIds: string[] };
  }
}

type RealtimeStores = { backplane: Backplane; presence: PresenceStore };

/**
 * The real-time layer modules publish through (ADR 034): the outlet and presence, built before
 * the modules that publish, and the socket parts they serve, which the broker takes at the end.
 */
export const realtimeModule = fp(
  async (app: FastifyInstance, stores: RealtimeStores) => {
    const { db, log, config, events } = app.platform;
    const presence = createPresenceService({
      store: stores.presence,
      backplane: stores.backplane,
      related: (memberId) => relatedMemberIds(db, memberId),
      log,
    });
    app.decorate('outlet', createRealtimeOutlet(stores.backplane));
    app.decorate('presence', presence);
    // Sessions ended on another node leave this node's caches as their sockets close (ADR 013).
    stores.backplane.subscribe((event) => {
      if (event.kind === 'end-sessions') void events.emit('realtime:sessions-ending', event);
    });
    let parts: SocketPart[] | undefined = [];
    app.decorate('sockets', {
      serve(part: SocketPart) {
        if (!parts) {
          throw new Error(
            `A socket part (${part.frames?.destination ?? 'listeners'}) was served after 'realtime-broker' registered: register its module before it`,
          );
        }
        parts.push(part);
      },
      take() {
        const taken = parts ?? [];
        parts = undefined;
        return taken;
      },
    });
    // Three renewals per TTL: one lost tick never makes a live node look dead.
    const renewEveryMs = config.presenceTtlMs / 3;
    app.background.add({ name: 'presence', start: () => presence.start(renewEveryMs) });
  },
  { name: 'realtime', dependencies: ['platform', 'background-work'] },
);

/** This node's sockets, read from the broker at each scrape (ADR 063): nothing on its paths. */
function measureBroker(metrics: Metrics, broker: StompBroker) {
  const gauges = [
    [
      'sockets',
      'mawadda_ws_sockets',
      'WebSocket connections open on this node, authenticated or not',
    ],
    ['members', 'mawadda_ws_members', 'Members with at least one socket on this node'],
    ['subscriptions', 'mawadda_ws_subscriptions', "STOMP subscriptions of this node's sockets"],
    [
      'framesWaiting',
      'mawadda_ws_frames_waiting',
      "Frames received on this node's sockets and not handled yet (the broker's inbound queue)",
    ],
    [
      'unsentBytes',
      'mawadda_ws_unsent_bytes',
      "Bytes written to this node's sockets and not yet taken by the network (the outbound queue)",
    ],
  ] as const;
  // One walk over the sockets per scrape, whichever gauge asks first.
  const stats = metrics.shared(async () => broker.stats());
  for (const [figure, name, help] of gauges) {
    metrics.gauge({
      name,
      help,
      async collect() {
        this.set((await stats())[figure]);
      },
    });
  }
  metrics.counter({
    name: 'mawadda_ws_frames_delivered_total',
    help: "MESSAGE frames written to sockets by topic (`chat`: messages delivered, to the receiver and the sender's other tabs)",
    labelNames: ['topic'],
    collect() {
      this.reset();
      for (const [topic, count] of broker.delivered) this.inc({ topic }, count);
    },
  });
  metrics.counter({
    name: 'mawadda_ws_slow_readers_dropped_total',
    help: 'Sockets dropped for reading slower than they were written to (WS_MAX_BUFFERED_KB)',
    collect() {
      this.reset();
      this.inc(broker.slowReadersDropped);
    },
  });
}

/** The STOMP broker and its `/ws` route, from the socket parts the modules served before it. */
export const realtimeBrokerModule = fp(
  async (app: FastifyInstance, stores: RealtimeStores) => {
    const { clock, log, config } = app.platform;
    const parts = app.sockets.take();
    const realtime = createRealtimeService({
      sendHandlers: parts.flatMap((part) => (part.frames ? [part.frames] : [])),
      onSubscribed: (member, destination) => {
        for (const part of parts) part.subscribed?.(member, destination);
      },
      onConnectionClosed: (member) => {
        for (const part of parts) part.closed?.(member);
      },
      openConnections: () =>
        new Promise((resolve) =>
          app.server.getConnections((err, count) => resolve(err ? 0 : count)),
        ),
      limits: config.broker,
      backplane: stores.backplane,
      presence: app.presence,
      authenticate: (token) => app.auth.authenticate(token),
      clock,
      log,
    });
    app.decorate('realtime', realtime);
    stores.backplane.onResumed((since) => {
      log.warn({ since }, 'Real-time deliveries missed while Redis was unreachable: sent again');
      void app.platform.events.emit('realtime:deliveries-missed', {
        since,
        memberIds: realtime.broker.memberIds(),
      });
    });
    measureBroker(app.metrics, realtime.broker);
    await app.register(realtimeRoutes, {
      broker: realtime.broker,
      maxFrameBytes: config.broker.maxFrameBytes,
    });
  },
  { name: 'realtime-broker', dependencies: ['realtime', 'auth', 'metrics'] },
);
