import { errorBodySchema, notificationsSchema } from '@mawadda/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../plugins/authentication.ts';
import type { NotificationsService } from './notifications.service.ts';

export const notificationsRoutes: FastifyPluginAsyncZod<{
  notifications: NotificationsService;
}> = async (app, { notifications }) => {
  app.get(
    '/api/users/notifications',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['notifications'],
        summary: 'Counts for the navbar badges (polled every 15 s)',
        security: [{ bearer: [] }],
        response: { 200: notificationsSchema, 401: errorBodySchema },
      },
    },
    async (request) => notifications.counts(sessionOf(request).memberId),
  );
};
