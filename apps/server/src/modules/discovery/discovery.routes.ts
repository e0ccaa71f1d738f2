import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mailLanguage } from '../../lib/bilingual-mail.ts';
import { endpoint } from '../../lib/endpoint.ts';
import { sessionOf } from '../../plugins/authentication.ts';
import type { DiscoveryService } from './discovery.service.ts';

export const discoveryRoutes: FastifyPluginAsyncZod<{ discovery: DiscoveryService }> = async (
  app,
  { discovery },
) => {
  app.route({
    ...endpoint('suggestions', 'discovery'),
    handler: async (request) => {
      const { page, size, stay } = request.query;
      const content = await discovery.suggestions(
        sessionOf(request).memberId,
        page,
        size,
        mailLanguage(request.headers['accept-language']),
        stay,
      );
      return { content, page, size };
    },
  });

  app.route({
    ...endpoint('memberDetails', 'discovery'),
    handler: async (request) =>
      discovery.details(
        sessionOf(request).memberId,
        request.params.id,
        mailLanguage(request.headers['accept-language']),
      ),
  });

  app.route({
    ...endpoint('preferences', 'discovery'),
    handler: async (request) => discovery.preferences(sessionOf(request).memberId),
  });

  app.route({
    ...endpoint('savePreferences', 'discovery'),
    handler: async (request) =>
      discovery.savePreferences(sessionOf(request).memberId, request.body),
  });

  app.route({
    ...endpoint('estimateAudience', 'discovery'),
    handler: async (request) =>
      discovery.estimateAudience(sessionOf(request).memberId, request.body),
  });
};
