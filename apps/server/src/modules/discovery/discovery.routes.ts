import {
  errorBodySchema,
  memberIdSchema,
  pageSchema,
  preferencesSchema,
  suggestionsQuerySchema,
  userDetailsSchema,
  userSummarySchema,
} from '@mawadda/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionOf } from '../../plugins/authentication.ts';
import type { DiscoveryService } from './discovery.service.ts';

const memberErrors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

export const discoveryRoutes: FastifyPluginAsyncZod<{ discovery: DiscoveryService }> = async (
  app,
  { discovery },
) => {
  app.get(
    '/api/users/suggestions',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['discovery'],
        summary: 'Suggested members, nearest first then most recently active; empty past the end',
        security: [{ bearer: [] }],
        querystring: suggestionsQuerySchema,
        response: { 200: pageSchema(userSummarySchema), ...memberErrors },
      },
    },
    async (request) => {
      const { page, size } = request.query;
      const content = await discovery.suggestions(sessionOf(request).memberId, page, size);
      return { content, page, size };
    },
  );

  app.get(
    '/api/users/:id/details',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['discovery'],
        summary: 'A member’s profile; records a profile view (one per day)',
        security: [{ bearer: [] }],
        params: z.object({ id: memberIdSchema }),
        response: { 200: userDetailsSchema, ...memberErrors },
      },
    },
    async (request) => discovery.details(sessionOf(request).memberId, request.params.id),
  );

  app.get(
    '/api/users/preferences',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['discovery'],
        summary: 'The member’s discovery filters (age range, maximum distance)',
        security: [{ bearer: [] }],
        response: { 200: preferencesSchema, ...memberErrors },
      },
    },
    async (request) => discovery.preferences(sessionOf(request).memberId),
  );

  app.put(
    '/api/users/preferences',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['discovery'],
        summary: 'Save the discovery filters; null removes a filter',
        security: [{ bearer: [] }],
        body: preferencesSchema,
        response: { 200: preferencesSchema, ...memberErrors },
      },
    },
    async (request) => discovery.savePreferences(sessionOf(request).memberId, request.body),
  );
};
