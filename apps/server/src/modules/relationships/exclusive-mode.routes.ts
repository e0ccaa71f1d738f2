import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint.ts';
import { sessionOf } from '../../plugins/authentication.ts';
import type { ExclusiveMode } from './exclusive-mode.ts';

/** Exclusive mode with a match (ADR 070): its state, proposing, accepting and ending it. */
export const exclusiveRoutes: FastifyPluginAsyncZod<{ exclusive: ExclusiveMode }> = async (
  app,
  { exclusive },
) => {
  app.route({
    ...endpoint('exclusiveState', 'blocks'),
    handler: async (request) => ({
      state: await exclusive.state(sessionOf(request).memberId, request.params.id),
    }),
  });
  app.route({
    ...endpoint('proposeExclusive', 'blocks'),
    handler: async (request) => ({
      state: await exclusive.propose(sessionOf(request).memberId, request.params.id),
    }),
  });
  app.route({
    ...endpoint('acceptExclusive', 'blocks'),
    handler: async (request) => ({
      state: await exclusive.accept(sessionOf(request).memberId, request.params.id),
    }),
  });
  app.route({
    ...endpoint('endExclusive', 'blocks'),
    handler: async (request) => ({
      state: await exclusive.end(sessionOf(request).memberId, request.params.id),
    }),
  });
};
