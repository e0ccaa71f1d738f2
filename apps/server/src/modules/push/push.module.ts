import fs from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { memberArea } from '../../plugins/authentication.ts';
import type { Metrics } from '../../plugins/metrics.ts';
import { pushRoutes } from './push.routes.ts';
import { createPushService, type PushService } from './push.service.ts';
import { pushQueueFigures } from './push-queue-figures.repository.ts';
import { resolveVapidDetails } from './vapid-keys.ts';

declare module 'fastify' {
  interface FastifyInstance {
    push: PushService;
  }
}

/**
 * The queue at each scrape, from the database (the same figure on every node), and the sends of
 * this node by outcome (ADR 063); answers what counts a settled push.
 */
function measurePush(metrics: Metrics, db: Database, clock: Clock) {
  const figures = metrics.shared(() => pushQueueFigures(db, clock.now()));
  metrics.gauge({
    name: 'mawadda_push_queue_depth',
    help: 'Pushes waiting to be sent (retries included), of the whole deployment',
    async collect() {
      this.set((await figures()).waiting);
    },
  });
  metrics.gauge({
    name: 'mawadda_push_oldest_due_seconds',
    help: 'How long the oldest push that is due has waited (0: none due)',
    async collect() {
      const { oldestDue } = await figures();
      this.set(oldestDue ? Math.max(0, (clock.now().getTime() - oldestDue.getTime()) / 1000) : 0);
    },
  });
  const sends = metrics.counter({
    name: 'mawadda_push_sends_total',
    help: "Pushes this node settled, by the push service's answer (sent, gone, retry, refused) or dropped unsent (stale, or about a member now blocked)",
    labelNames: ['outcome'],
  });
  return (outcome: string) => sends.inc({ outcome });
}

/**
 * Web Push (ADR 036, 037): the badge comes from the notifications' counts; what happens elsewhere
 * reaches it as events recorded with it (a message stored, a like or match, a call: ADR 064), and
 * as events in memory the sessions that ended (their subscriptions go, before the logout
 * answers) and the languages members use.
 */
export const pushModule = fp(
  async (app: FastifyInstance) => {
    const { db, clock, config, events } = app.platform;
    const { caFile } = config.pushDelivery;
    const push = createPushService({
      db,
      clock,
      limiter: app.platform.limiter,
      vapid: await resolveVapidDetails(config),
      subscriptionsPerMember: config.pushSubscriptionsPerMember,
      loopbackEndpoints: config.pushLoopbackEndpoints,
      delivery: { ...config.pushDelivery, ca: caFile ? await fs.readFile(caFile) : undefined },
      photoLinks: app.platform.links.photos,
      badgeOf: app.notifications.badge,
      badgeSql: app.notifications.badgeSql,
      onlineAmong: app.presence.onlineAmong,
      recorded: events.recorded,
      log: app.platform.log,
      counted: measurePush(app.metrics, db, clock),
    });
    app.decorate('push', push);
    // Written in the statement or transaction of what they tell of, never held here (ADR 064).
    events.recorded.on('chat:message-stored', push.listener);
    events.recorded.on('chat:request-settled', push.listener);
    events.recorded.on('likes:liked', push.listener);
    events.recorded.on('calls:call', push.listener);
    events.recorded.on('relationships:match-update', push.listener);
    events.on('auth:sessions-ended', push.sessionsEnded);
    events.on('auth:languages-seen', push.recordLanguages);
    app.sockets.serve({ frames: push.viewingHandler(), closed: push.connectionClosed });
    app.background.add({
      name: 'push delivery',
      start: () => push.start(config.pushDelivery.pollMs),
    });
    await memberArea(app, async (member) => {
      await member.register(pushRoutes, { push });
    });
  },
  {
    name: 'push',
    dependencies: [
      'platform',
      'metrics',
      'background-work',
      'authentication',
      'realtime',
      'notifications',
    ],
  },
);
