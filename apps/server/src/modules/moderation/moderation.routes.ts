import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { mailLanguage } from '../../lib/bilingual-mail.ts';
import { endpoint } from '../../lib/endpoint.ts';
import { sessionOf } from '../../plugins/authentication.ts';
import type { ModerationService } from './moderation.service.ts';
import { type ModeratorGateDeps, moderatorGate } from './moderator-gate.ts';
import { transparencyCsv, transparencyCsvName } from './transparency.ts';

/**
 * Reports by members, their statements of reasons and appeals; the queue, the actions, a
 * member's history and the appeals for moderators only, each behind the moderators' gate
 * (a second factor proved in the session, ADR 074) and checked again per request.
 */
export const moderationRoutes: FastifyPluginAsyncZod<{
  moderation: ModerationService;
  gate: ModeratorGateDeps;
}> = async (app, { moderation, gate }) => {
  const moderatorsOnly = moderatorGate(gate);
  app.route({
    ...endpoint('report', 'moderation'),
    handler: async (request, reply) => {
      const created = await moderation.report(sessionOf(request).memberId, request.body);
      reply.status(201);
      return created;
    },
  });
  // One gate for the whole scope: a moderators' route added here cannot be left open.
  await app.register(async (scope) => {
    const moderators = scope.withTypeProvider<ZodTypeProvider>();
    moderators.addHook('preValidation', moderatorsOnly);
    moderators.route({
      ...endpoint('moderationQueue', 'moderation'),
      handler: async (request) =>
        moderation.queue(
          sessionOf(request).memberId,
          mailLanguage(request.headers['accept-language']),
          request.query,
        ),
    });
    moderators.route({
      ...endpoint('moderationQueueFigures', 'moderation'),
      handler: async (request) => moderation.figures(sessionOf(request).memberId),
    });
    moderators.route({
      ...endpoint('moderationBulkAction', 'moderation'),
      handler: async (request) => moderation.actOnMany(sessionOf(request).memberId, request.body),
    });
    moderators.route({
      ...endpoint('moderationAction', 'moderation'),
      handler: async (request) =>
        moderation.act(sessionOf(request).memberId, request.params.id, request.body),
    });
    moderators.route({
      ...endpoint('moderationSubject', 'moderation'),
      handler: async (request) =>
        moderation.subject(sessionOf(request).memberId, request.params.id),
    });
    moderators.route({
      ...endpoint('moderationComment', 'moderation'),
      handler: async (request, reply) => {
        const done = await moderation.comment(
          sessionOf(request).memberId,
          request.params.id,
          request.body.text,
        );
        reply.status(201);
        return done;
      },
    });
    moderators.route({
      ...endpoint('moderationEscalation', 'moderation'),
      handler: async (request) =>
        moderation.escalate(sessionOf(request).memberId, request.params.id, request.body),
    });
    moderators.route({
      ...endpoint('moderationReversal', 'moderation'),
      handler: async (request) =>
        moderation.reverse(sessionOf(request).memberId, request.params.id, request.body.reason),
    });
    moderators.route({
      ...endpoint('appealQueue', 'moderation'),
      handler: async (request) => moderation.appealQueue(sessionOf(request).memberId),
    });
    moderators.route({
      ...endpoint('appealAnswer', 'moderation'),
      handler: async (request) =>
        moderation.answerAppeal(sessionOf(request).memberId, request.params.id, request.body),
    });
    moderators.route({
      ...endpoint('transparencySummary', 'moderation'),
      handler: async (request) =>
        moderation.transparency(sessionOf(request).memberId, request.query),
    });
    moderators.route({
      ...endpoint('transparencyCsv', 'moderation'),
      handler: async (request, reply) => {
        const summary = await moderation.transparency(sessionOf(request).memberId, request.query);
        return (
          reply
            .header('content-type', 'text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="${transparencyCsvName(summary)}"`)
            .header('cache-control', 'private, no-store')
            // The contract's File is what the client receives: this text.
            .send(transparencyCsv(summary) as unknown as File)
        );
      },
    });
  });
  app.route({
    ...endpoint('statements', 'moderation'),
    handler: async (request) => moderation.statements(sessionOf(request).memberId),
  });
  app.route({
    ...endpoint('appeal', 'moderation'),
    handler: async (request, reply) => {
      const statement = await moderation.appeal(
        sessionOf(request).memberId,
        request.params.id,
        request.body.text,
      );
      reply.status(201);
      return statement;
    },
  });
};

/** The pass a suspended or banned member's sign-in answered, sent as a bearer token. */
const passOf = (authorization: string | undefined) =>
  /^Bearer\s+(\S+)$/i.exec(authorization?.trim() ?? '')?.[1];

/**
 * A suspended or banned member's routes (ADR 076): outside the member area, their pass opens
 * their standing and their appeals, nothing else.
 */
export const standingRoutes: FastifyPluginAsyncZod<{ moderation: ModerationService }> = async (
  app,
  { moderation },
) => {
  app.route({
    ...endpoint('standing', 'moderation'),
    handler: async (request) => moderation.standing(passOf(request.headers.authorization)),
  });
  app.route({
    ...endpoint('standingAppeal', 'moderation'),
    handler: async (request, reply) => {
      const statement = await moderation.appealWithPass(
        passOf(request.headers.authorization),
        request.params.id,
        request.body.text,
      );
      reply.status(201);
      return statement;
    },
  });
};

/** Anyone's report of illegal content (ADR 079): no account, limited per address and e-mail. */
export const publicReportRoutes: FastifyPluginAsyncZod<{ moderation: ModerationService }> = async (
  app,
  { moderation },
) => {
  app.route({
    ...endpoint('publicReport', 'moderation'),
    handler: async (request, reply) =>
      reply.status(202).send(await moderation.reportPublicly(request.body, request.ip)),
  });
};
