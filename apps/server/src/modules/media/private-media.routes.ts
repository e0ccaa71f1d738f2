import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error.ts';
import { contentTypeOf } from '../chat/chat-media.ts';
import { type MediaLinks, PRIVATE_MEDIA_PREFIX } from './media-links.ts';
import type { MediaStore } from './media-store.ts';

const PRIVATE_KEY = /^(chat|voice)\/[0-9a-f-]{36}\.(webp|webm|ogg|m4a)$/;

/**
 * Chat photos and voice notes, served only on a signed link (`media-links.ts`): a 403 with a
 * reason for a link that was tampered with or has expired. Outside the member area, since
 * `<img>` and `<audio>` send no bearer token; the link is the proof.
 */
export async function privateMediaRoutes(
  app: FastifyInstance,
  options: { store: MediaStore; links: MediaLinks },
) {
  // Range requests and validators come from @fastify/static; it serves nothing by itself here.
  await app.register(fastifyStatic, { root: options.store.root, serve: false, index: false });
  app.get<{ Params: { '*': string }; Querystring: { m?: string; e?: string; s?: string } }>(
    `${PRIVATE_MEDIA_PREFIX}*`,
    { schema: { hide: true } },
    async (request, reply) => {
      const key = request.params['*'];
      const type = contentTypeOf(key);
      if (!PRIVATE_KEY.test(key) || !type) throw new HttpError(403, 'MEDIA_LINK_INVALID');
      const verdict = options.links.check(key, request.query);
      if (verdict === 'invalid') throw new HttpError(403, 'MEDIA_LINK_INVALID');
      if (verdict === 'expired') throw new HttpError(403, 'MEDIA_LINK_EXPIRED');
      reply.header('content-type', type);
      // `private`: no shared cache (a proxy, a household's) keeps a copy for someone else.
      reply.header('cache-control', `private, max-age=${Math.floor(options.links.ttlMs / 1000)}`);
      return reply.sendFile(key, { cacheControl: false, contentType: false, dotfiles: 'deny' });
    },
  );
}
