import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint.ts';

/**
 * Public: the login screen reads it to decide whether to show the Google button; the app reads
 * the VAPID public key to subscribe a device to Web Push.
 */
export const clientConfigRoutes: FastifyPluginAsyncZod<{
  googleClientId: string | undefined;
  vapidPublicKey: string;
}> = async (app, { googleClientId, vapidPublicKey }) => {
  app.route({
    ...endpoint('clientConfig', 'config'),
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { googleClientId: googleClientId ?? null, vapidPublicKey };
    },
  });
};
