import { clientConfigSchema } from '@mawadda/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Public: the login screen reads it to decide whether to show the Google button. */
export const clientConfigRoutes: FastifyPluginAsyncZod<{
  googleClientId: string | undefined;
}> = async (app, { googleClientId }) => {
  app.get(
    '/api/config',
    {
      schema: {
        tags: ['config'],
        summary: 'Client settings: the Google client id, or null when Google sign-in is off',
        response: { 200: clientConfigSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { googleClientId: googleClientId ?? null };
    },
  );
};
