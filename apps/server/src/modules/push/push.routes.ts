import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../lib/bilingual-mail.ts';
import { endpoint } from '../../lib/endpoint.ts';
import { sessionOf } from '../../plugins/authentication.ts';
import type { PushService } from './push.service.ts';

/** A device's push subscription and the member's notification settings: member area. */
export const pushRoutes: FastifyPluginAsyncZod<{ push: PushService }> = async (app, { push }) => {
  app.route({
    ...endpoint('subscribePush', 'push'),
    handler: async (request, reply) => {
      await push.subscribe(
        sessionOf(request),
        request.body,
        requestLanguage(request.headers['accept-language']),
      );
      reply.status(201);
      return { message: 'Subscribed.' };
    },
  });

  app.route({
    ...endpoint('unsubscribePush', 'push'),
    handler: async (request) => {
      await push.unsubscribe(sessionOf(request).memberId, request.body.endpoint);
      return { message: 'Unsubscribed.' };
    },
  });

  app.route({
    ...endpoint('notificationSettings', 'push'),
    handler: async (request) => push.settings(sessionOf(request).memberId),
  });

  app.route({
    ...endpoint('saveNotificationSettings', 'push'),
    handler: async (request) =>
      push.saveSettings(
        sessionOf(request).memberId,
        request.body,
        requestLanguage(request.headers['accept-language']),
      ),
  });

  app.route({
    ...endpoint('pushTest', 'push'),
    handler: async (request, reply) => {
      const devices = await push.test(sessionOf(request).memberId);
      reply.status(202);
      return { devices };
    },
  });
};
