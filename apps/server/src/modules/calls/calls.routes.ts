import type { IceServers } from '@mawadda/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint.ts';
import { sessionOf } from '../../plugins/authentication.ts';

export const callsRoutes: FastifyPluginAsyncZod<{
  iceServers: (memberId: string) => IceServers;
}> = async (app, { iceServers }) => {
  app.route({
    ...endpoint('iceServers', 'calls'),
    handler: async (request, reply) => {
      // Credentials made for this member: never kept by a shared cache.
      reply.header('cache-control', 'private, no-store');
      return iceServers(sessionOf(request).memberId);
    },
  });
};
