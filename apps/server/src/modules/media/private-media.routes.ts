import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { contentTypeOf } from '../../lib/content-types.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { type MediaLinks, PRIVATE_MEDIA_PREFIX } from '../../lib/media-links.ts';
import { sendStoredMedia } from '../../lib/media-reply.ts';
import type { MediaStore } from '../../lib/media-store.ts';
import { findChatMediaAccess, mayOpenChatMedia } from './chat-media-access.ts';

const PRIVATE_KEY = /^(chat|voice)\/[0-9a-f-]{36}\.(webp|webm|ogg|m4a)$/;

/**
 * Chat photos and voice notes, served only on a signed link (`media-links.ts`): a 403 with a
 * reason for a link that was tampered with or has expired. Outside the member area, since
 * `<img>` and `<audio>` send no bearer token; the link is the proof of who asks, and the message
 * holding the file says, on every request, whether they still may (`mayOpenChatMedia`): a file
 * they may not open, or that no message holds any more, answers 404 like a missing one.
 */
export async function privateMediaRoutes(
  app: FastifyInstance,
  options: { db: Database; store: MediaStore; links: MediaLinks },
) {
  app.get<{ Params: { '*': string }; Querystring: { m?: string; e?: string; s?: string } }>(
    `${PRIVATE_MEDIA_PREFIX}*`,
    { schema: { hide: true } },
    async (request, reply) => {
      const key = request.params['*'];
      if (!PRIVATE_KEY.test(key) || !contentTypeOf(key)) {
        throw new HttpError(403, 'MEDIA_LINK_INVALID');
      }
      const verdict = options.links.check(request.query);
      if (verdict === 'invalid') throw new HttpError(403, 'MEDIA_LINK_INVALID');
      if (verdict === 'expired') throw new HttpError(403, 'MEDIA_LINK_EXPIRED');
      const viewerId = request.query.m ?? '';
      const access = await findChatMediaAccess(options.db, key, viewerId);
      if (!access || !mayOpenChatMedia(access, viewerId)) throw notFound('FILE_NOT_FOUND');
      return sendStoredMedia(request, reply, options.store, key, {
        'content-type': contentTypeOf(key) ?? 'application/octet-stream',
        // `private`: no shared cache (a proxy, a household's) keeps a copy for someone else.
        'cache-control': `private, max-age=${Math.floor(options.links.ttlMs / 1000)}`,
      });
    },
  );
}
