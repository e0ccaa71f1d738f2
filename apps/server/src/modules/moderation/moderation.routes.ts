import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mailLanguage } from '../../lib/bilingual-mail.ts';
import { endpoint } from '../../lib/endpoint.ts';
import { sessionOf } from '../../plugins/authentication.ts';
import type { ModerationService } from './moderation.service.ts';
import { type ModeratorGateDeps, moderatorGate } from './moderator-gate.ts';

/** Reports by members; the queue and the actions for moderators only (checked per request). */
export const moderationRoutes: FastifyPluginAsyncZod<{
  moderation: ModerationService;
  gate: ModeratorGateDeps;
}> = async (app, { moderation, gate }) => {
  const moderatorsOnly = moderatorGate(gate);
  app.route({
    ...endpoint('report', 'moderation'),
    handler: async (request, reply) => {
      const created = await moderation.report(sessionOf(request).memberId, request.body);
      return reply.status(201).send(created);
    },
  });
  app.route({
    ...endpoint('moderationQueue', 'moderation'),
    preValidation: moderatorsOnly,
    handler: async (request) =>
      moderation.queue(
        sessionOf(request).memberId,
        mailLanguage(request.headers['accept-language']),
      ),
  });
  app.route({
    ...endpoint('moderationAction', 'moderation'),
    preValidation: moderatorsOnly,
    handler: async (request) =>
      moderation.act(sessionOf(request).memberId, request.params.id, request.body),
  });
};
