import { endpointRoutes } from '@mawadda/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mailLanguage } from '../../lib/bilingual-mail.ts';
import { endpoint } from '../../lib/endpoint.ts';
import { acceptOneClickForm } from '../../lib/one-click-unsubscribe.ts';
import type { DigestService } from './digest.service.ts';
import { UNSUBSCRIBE_PAGE_POLICY, unsubscribePage } from './unsubscribe-page.ts';

/** The unsubscribe page: never cached (its address holds a member's token), its own policy. */
function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  state: Parameters<typeof unsubscribePage>[0],
) {
  return reply
    .status(status)
    .header('content-security-policy', UNSUBSCRIBE_PAGE_POLICY)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(unsubscribePage(state, mailLanguage(request.headers['accept-language'])));
}

/**
 * The digest's unsubscribe link, open to anyone holding it (no login): a POST turns the digest
 * off, as a mail client does by itself (RFC 8058) or the page's button; a GET only shows the page.
 */
export const digestRoutes: FastifyPluginAsyncZod<{ digest: DigestService }> = async (
  app,
  { digest },
) => {
  acceptOneClickForm(app);

  app.route({
    ...endpoint('unsubscribeDigest', 'notifications'),
    handler: async (request, reply) => {
      await digest.unsubscribe(request.query.token);
      // The page's button: a person's browser is answered with a page, a mail client with JSON.
      if ((request.headers.accept ?? '').includes('text/html')) {
        return sendPage(request, reply, 200, 'done');
      }
      return { message: 'Unsubscribed from the e-mail digest.' };
    },
  });

  app.get<{ Querystring: { token?: string } }>(
    endpointRoutes.unsubscribeDigest.path,
    { schema: { hide: true } },
    async (request, reply) => {
      const token = typeof request.query.token === 'string' ? request.query.token : '';
      return digest.validToken(token)
        ? sendPage(request, reply, 200, { ask: token })
        : sendPage(request, reply, 400, 'invalid');
    },
  );
};
