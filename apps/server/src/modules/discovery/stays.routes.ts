import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mailLanguage } from '../../lib/bilingual-mail.ts';
import { endpoint } from '../../lib/endpoint.ts';
import { sessionOf } from '../../plugins/authentication.ts';
import type { StaysService } from './stays.service.ts';

/** Travel mode (ADR 077): a member's own stays, only hers. */
export const staysRoutes: FastifyPluginAsyncZod<{ stays: StaysService }> = async (
  app,
  { stays },
) => {
  app.route({
    ...endpoint('stays', 'discovery'),
    handler: async (request) =>
      stays.list(sessionOf(request).memberId, mailLanguage(request.headers['accept-language'])),
  });

  app.route({
    ...endpoint('createStay', 'discovery'),
    handler: async (request) =>
      stays.create(
        sessionOf(request).memberId,
        request.body,
        mailLanguage(request.headers['accept-language']),
      ),
  });

  app.route({
    ...endpoint('deleteStay', 'discovery'),
    handler: async (request) => {
      await stays.remove(sessionOf(request).memberId, request.params.id);
      return { message: 'Stay deleted' };
    },
  });
};
