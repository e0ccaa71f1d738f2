import fs from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { memberArea } from '../../plugins/authentication.ts';
import { pushRoutes } from './push.routes.ts';
import { createPushService, type PushService } from './push.service.ts';
import { resolveVapidDetails } from './vapid-keys.ts';

declare module 'fastify' {
  interface FastifyInstance {
    push: PushService;
  }
}

/**
 * Web Push (ADR 036, 037): the badge comes from the notifications' counts; what happens elsewhere
 * reaches it as events (a message stored, a like or match, a call), as do the sessions that
 * ended (their subscriptions go, before the logout answers) and the languages members use.
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
      log: app.platform.log,
    });
    app.decorate('push', push);
    events.on('chat:message-stored', push.notify);
    events.on('likes:liked', push.notify);
    events.on('calls:call', push.notify);
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
    dependencies: ['platform', 'background-work', 'authentication', 'realtime', 'notifications'],
  },
);
