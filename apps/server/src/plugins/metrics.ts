import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import {
  Counter,
  type CounterConfiguration,
  collectDefaultMetrics,
  Gauge,
  type GaugeConfiguration,
  Histogram,
  type HistogramConfiguration,
  Registry,
} from 'prom-client';
import { type Database, databasePools } from '../db/database.ts';
import type { Mailer } from '../lib/mailer.ts';
import { recordedFigures } from '../lib/recorded-events.ts';
import type { AppConfig } from './platform.ts';

/**
 * The app's metrics (ADR 063): what a module counts or measures is made here, in this app's own
 * registry, and served with the process's figures at `/metrics` on a port of its own.
 */
export type Metrics = {
  counter<L extends string = string>(
    config: Omit<CounterConfiguration<L>, 'registers'>,
  ): Counter<L>;
  /** A `collect` that fails (a query at scrape time) is logged; the gauge keeps its last value. */
  gauge<L extends string = string>(config: Omit<GaugeConfiguration<L>, 'registers'>): Gauge<L>;
  histogram<L extends string = string>(
    config: Omit<HistogramConfiguration<L>, 'registers'>,
  ): Histogram<L>;
  /**
   * One call of `read` for every gauge of one scrape (a scrape collects them all at once): one
   * query gives the queue's depth and its oldest row's age.
   */
  shared<T>(read: () => Promise<T>): () => Promise<T>;
  /** The mailer, counting what it sends of one kind (`digest`, `guardian`) and what fails. */
  countedMailer(kind: string, mailer: Mailer): Mailer;
  /** The text a scrape gets: the process's figures, then this app's. */
  scrape(): Promise<string>;
  /** Where `/metrics` listens once the app is ready; undefined without `METRICS_PORT`. */
  address(): AddressInfo | undefined;
};

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/** Seconds, from a fast answer of the cache to a slow upload. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Our statements read and write a few rows by index: most take a millisecond or less. */
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1];

let processFigures: Registry | undefined;

/**
 * Memory, CPU, event-loop delay and garbage collection are the process's, however many apps it
 * builds (tests build several): one set, made with the first app. prom-client's default metrics
 * keep an event-loop monitor and a GC observer on for good, so one per app would leak them.
 */
function processRegistry(): Registry {
  if (!processFigures) {
    processFigures = new Registry();
    collectDefaultMetrics({ register: processFigures });
  }
  return processFigures;
}

const CHECKED_OUT_AT = Symbol('checked out at');
type CheckedOut = pg.PoolClient & { [CHECKED_OUT_AT]?: number };

/**
 * Each pool's connections and waiting queries at scrape time, and how long each checkout holds a
 * connection, from the pool's own events. node-postgres has no event for a query's end; wrapping
 * every connection's `query` to time each statement added 5 KB of server memory per idle
 * WebSocket in the chat bench (10.0–10.4 against 5.3–5.9), the pool's events nothing measurable.
 */
function measureDatabase(app: FastifyInstance, metrics: Metrics, db: Database) {
  const pools = Object.entries(databasePools(db));
  metrics.gauge({
    name: 'mawadda_db_pool_connections',
    help: "Connections of each database pool: open, idle (open and free) and the pool's maximum",
    labelNames: ['pool', 'state'],
    collect() {
      for (const [name, pool] of pools) {
        this.set({ pool: name, state: 'open' }, pool.totalCount);
        this.set({ pool: name, state: 'idle' }, pool.idleCount);
        this.set({ pool: name, state: 'max' }, pool.options.max ?? 10);
      }
    },
  });
  metrics.gauge({
    name: 'mawadda_db_pool_waiting',
    help: 'Queries waiting for a connection of each pool: every connection is busy',
    labelNames: ['pool'],
    collect() {
      for (const [name, pool] of pools) this.set({ pool: name }, pool.waitingCount);
    },
  });
  const queries = metrics.histogram({
    name: 'mawadda_db_query_duration_seconds',
    help: 'Database work by pool, per checkout of a connection: one statement (most), or a transaction from its BEGIN to its COMMIT; waiting for the connection excluded',
    labelNames: ['pool'],
    buckets: QUERY_BUCKETS,
  });
  for (const [name, pool] of pools) {
    const observe = queries.labels(name).observe;
    const acquired = (client: CheckedOut) => {
      client[CHECKED_OUT_AT] = performance.now();
    };
    const released = (_error: unknown, client: CheckedOut) => {
      const at = client[CHECKED_OUT_AT];
      if (at === undefined) return;
      client[CHECKED_OUT_AT] = undefined;
      observe((performance.now() - at) / 1000);
    };
    pool.on('acquire', acquired);
    pool.on('release', released);
    app.addHook('onClose', async () => {
      pool.off('acquire', acquired);
      pool.off('release', released);
    });
  }
}

/**
 * The outbox (ADR 064) by listener at scrape time: what waits to be taken and the age of the
 * oldest, the same figure on every node. Each listener's loop empties it within its poll.
 */
function measureOutbox(metrics: Metrics, db: Database) {
  const figures = metrics.shared(() => recordedFigures(db));
  metrics.gauge({
    name: 'mawadda_outbox_events',
    help: 'Events recorded with their cause and not yet taken, by listener (push), of the whole deployment',
    labelNames: ['listener'],
    async collect() {
      this.reset();
      for (const { listener, waiting } of await figures()) this.set({ listener }, waiting);
    },
  });
  metrics.gauge({
    name: 'mawadda_outbox_oldest_seconds',
    help: 'How long the oldest event not yet taken has waited, by listener (absent: none waits)',
    labelNames: ['listener'],
    async collect() {
      this.reset();
      for (const { listener, oldestSeconds } of await figures()) {
        this.set({ listener }, oldestSeconds);
      }
    },
  });
}

/** Every HTTP answer by the route's pattern (never its URL: no member id), method and status. */
function measureRequests(app: FastifyInstance, metrics: Metrics) {
  const requests = metrics.histogram({
    name: 'mawadda_http_request_duration_seconds',
    help: 'HTTP requests on the public port by method, route pattern (`unmatched`: none) and status',
    labelNames: ['method', 'route', 'status'],
    buckets: HTTP_BUCKETS,
  });
  app.addHook('onResponse', (request, reply, done) => {
    requests.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: reply.statusCode,
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
}

/** A bearer token compared in constant time (digests: equal lengths whatever was sent). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const sent = /^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '';
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(sent), digest(token));
}

/** The metrics listener: `GET /metrics`, behind the token when one is set; nothing else. */
function metricsListener(options: {
  token: string | undefined;
  scrape(): Promise<string>;
  contentType: string;
  log: FastifyBaseLogger;
}) {
  return http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if ((request.method !== 'GET' && request.method !== 'HEAD') || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    if (options.token && !bearerMatches(request.headers.authorization, options.token)) {
      response
        .writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' })
        .end('A bearer token is required\n');
      return;
    }
    options.scrape().then(
      (text) => response.writeHead(200, { 'content-type': options.contentType }).end(text),
      (err: unknown) => {
        options.log.error({ err }, 'The metrics could not be collected');
        response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics unavailable\n');
      },
    );
  });
}

/** Listens at onReady (a port taken stops the boot, as the public one does), closes at onClose. */
function serveMetrics(
  app: FastifyInstance,
  settings: AppConfig['metrics'] & { port: number },
  listener: http.Server,
) {
  app.addHook('onReady', async () => {
    await new Promise<void>((resolve, reject) => {
      listener.once('error', reject);
      listener.listen(settings.port, settings.host, () => {
        listener.off('error', reject);
        resolve();
      });
    });
    const { address, port } = listener.address() as AddressInfo;
    app.log.info(`Metrics at http://${address}:${port}/metrics`);
  });
  app.addHook('onClose', async () => {
    if (!listener.listening) return;
    listener.closeAllConnections();
    await new Promise((resolve) => listener.close(resolve));
  });
}

/**
 * The metrics every module reaches through `app.metrics` (ADR 063), one registry per app, and
 * what this layer measures itself: HTTP requests, the database's pools and queries. Registered
 * before the modules, so its request hook sees every route.
 */
export const metrics = fp(
  async (app: FastifyInstance) => {
    const { config, db, log } = app.platform;
    const registry = new Registry();
    const registers = [registry];
    const mails = new Counter({
      name: 'mawadda_mails_total',
      help: "Mails handed to the mail server (or the outbox) by kind (digest: the e-mail digest; guardian: a guardian's invitation or digest) and outcome",
      labelNames: ['kind', 'outcome'],
      registers,
    });
    const scrape = () => Registry.merge([processRegistry(), registry]).metrics();
    const listener = metricsListener({
      token: config.metrics.token,
      scrape,
      contentType: registry.contentType,
      log,
    });
    const face: Metrics = {
      counter: (c) => new Counter({ ...c, registers }),
      gauge(c) {
        const collect = c.collect;
        return new Gauge({
          ...c,
          registers,
          ...(collect && {
            async collect() {
              try {
                await collect.call(this);
              } catch (err) {
                log.warn({ err, metric: c.name }, 'A metric could not be collected');
              }
            },
          }),
        });
      },
      histogram: (c) => new Histogram({ ...c, registers }),
      shared(read) {
        let reading: ReturnType<typeof read> | undefined;
        return () => {
          reading ??= read().finally(() => {
            reading = undefined;
          });
          return reading;
        };
      },
      countedMailer: (kind, mailer) => ({
        async send(message) {
          try {
            await mailer.send(message);
          } catch (error) {
            mails.inc({ kind, outcome: 'failed' });
            throw error;
          }
          mails.inc({ kind, outcome: 'sent' });
        },
        close: () => mailer.close(),
      }),
      scrape,
      address: () => (listener.listening ? (listener.address() as AddressInfo) : undefined),
    };
    app.decorate('metrics', face);
    measureRequests(app, face);
    measureDatabase(app, face, db);
    measureOutbox(face, db);
    const { port } = config.metrics;
    if (port !== undefined) serveMetrics(app, { ...config.metrics, port }, listener);
  },
  { name: 'metrics', dependencies: ['platform'] },
);
