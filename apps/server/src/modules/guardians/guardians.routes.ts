import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint.ts';
import { acceptOneClickForm } from '../../lib/one-click-unsubscribe.ts';
import { sessionOf } from '../../plugins/authentication.ts';
import type { GuardiansService } from './guardians.service.ts';

/** The member's side of family mode (ADR 045), in the member area. */
export const guardianSettingsRoutes: FastifyPluginAsyncZod<{
  guardians: GuardiansService;
}> = async (app, { guardians }) => {
  app.route({
    ...endpoint('guardians', 'guardians'),
    handler: async (request) => guardians.overview(sessionOf(request).memberId),
  });

  app.route({
    ...endpoint('addGuardian', 'guardians'),
    handler: async (request, reply) =>
      reply.status(201).send(await guardians.add(sessionOf(request).memberId, request.body)),
  });

  app.route({
    ...endpoint('removeGuardian', 'guardians'),
    handler: async (request) => {
      await guardians.remove(sessionOf(request).memberId, request.params.id);
      return { message: 'The guardian was removed: their link no longer works.' };
    },
  });

  app.route({
    ...endpoint('saveGuardianSettings', 'guardians'),
    handler: async (request) =>
      guardians.saveSettings(sessionOf(request).memberId, request.body.followNewConversations),
  });

  app.route({
    ...endpoint('followAllConversations', 'guardians'),
    handler: async (request) =>
      guardians.followAll(sessionOf(request).memberId, request.body.followed),
  });

  app.route({
    ...endpoint('followConversation', 'guardians'),
    handler: async (request) =>
      guardians.follow(sessionOf(request).memberId, request.params.userId, request.body.followed),
  });

  app.route({
    ...endpoint('saveShownToFamilies', 'guardians'),
    handler: async (request) =>
      guardians.saveShownToFamilies(sessionOf(request).memberId, request.body.shown),
  });

  // The family's opinion on a match (ADR 078) is asked from the conversation, as the wali's
  // contact is: its paths are under /api/chat, the module and its tag are the guardians'.
  app.route({
    ...endpoint('familyOpinions', 'guardians'),
    handler: async (request) =>
      guardians.opinions(sessionOf(request).memberId, request.params.userId),
  });

  app.route({
    ...endpoint('askFamilyOpinion', 'guardians'),
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(
          await guardians.askOpinion(
            sessionOf(request).memberId,
            request.params.userId,
            request.body.guardianId,
          ),
        ),
  });

  app.route({
    ...endpoint('revokeFamilyOpinion', 'guardians'),
    handler: async (request) => {
      await guardians.revokeOpinion(
        sessionOf(request).memberId,
        request.params.userId,
        request.params.id,
      );
      return { message: 'The request was taken back: its link no longer works.' };
    },
  });

  app.route({
    ...endpoint('guardianVisits', 'guardians'),
    handler: async (request) => guardians.visits(sessionOf(request).memberId),
  });

  // The wali's contact is family mode's (ADR 045), asked and answered from a conversation: its
  // paths are under /api/chat, the module and its tag are the guardians'.
  app.route({
    ...endpoint('askWaliContact', 'guardians'),
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await guardians.askWali(sessionOf(request).memberId, request.params.userId)),
  });

  app.route({
    ...endpoint('answerWaliContact', 'guardians'),
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(
          await guardians.answerWali(
            sessionOf(request).memberId,
            request.params.userId,
            request.body,
          ),
        ),
  });
};

/**
 * The guardian's page (ADR 045), open: the link's token is the key. Never cached, since its
 * address holds the token; the token is kept out of the logs by the logger (`loggedUrl`).
 */
export const guardianPageRoutes: FastifyPluginAsyncZod<{ guardians: GuardiansService }> = async (
  app,
  { guardians },
) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.route({
    ...endpoint('guardianPage', 'guardians'),
    handler: async (request) => guardians.page(request.params.token, request.ip),
  });

  app.route({
    ...endpoint('familyOpinionPage', 'guardians'),
    handler: async (request) => guardians.opinionPage(request.params.token, request.ip),
  });

  app.route({
    ...endpoint('answerFamilyOpinion', 'guardians'),
    handler: async (request) =>
      guardians.answerOpinion(request.params.token, request.ip, request.body),
  });

  app.route({
    ...endpoint('saveGuardianDigest', 'guardians'),
    handler: async (request) =>
      guardians.saveDigest(request.params.token, request.ip, request.body.digest),
  });

  app.route({
    ...endpoint('guardianConversation', 'guardians'),
    handler: async (request) =>
      guardians.conversation(
        request.params.token,
        request.ip,
        request.params.userId,
        request.query,
      ),
  });
};

/**
 * The one-click unsubscribe of a guardian's digest (RFC 8058), open to anyone holding the
 * mail's link (no login).
 */
export const guardianDigestRoutes: FastifyPluginAsyncZod<{ guardians: GuardiansService }> = async (
  app,
  { guardians },
) => {
  acceptOneClickForm(app);

  app.route({
    ...endpoint('unsubscribeGuardianDigest', 'guardians'),
    handler: async (request) => {
      await guardians.unsubscribeDigest(request.query.token);
      return { message: 'Unsubscribed from the guardian’s e-mail digest.' };
    },
  });
};
