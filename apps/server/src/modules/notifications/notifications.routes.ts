import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint.ts';
import { sessionOf } from '../../plugins/authentication.ts';
import type { NotificationsService } from './notifications.service.ts';

export const notificationsRoutes: FastifyPluginAsyncZod<{
  notifications: NotificationsService;
}> = async (app, { notifications }) => {
  app.route({
    ...endpoint('notifications', 'notifications'),
    handler: async (request) => notifications.counts(sessionOf(request).memberId),
  });
};
