import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint.ts';

/** Public: the login screen reads it to decide whether to show the Google button. */
export const clientConfigRoutes: FastifyPluginAsyncZod<{
  googleClientId: string | undefined;
}> = async (app, { googleClientId }) => {
  app.route({
    ...endpoint('clientConfig', 'config'),
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { googleClientId: googleClientId ?? null };
    },
  });
};
