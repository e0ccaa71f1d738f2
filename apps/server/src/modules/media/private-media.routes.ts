import type { FastifyInstance } from 'fastify';
import {
  findVoiceIntroductionAccess,
  mayPlayVoiceIntroduction,
  VOICE_INTRODUCTION_FOLDER,
} from '../../core/voice-introductions.ts';
import type { Database, Executor } from '../../db/database.ts';
import { contentTypeOf } from '../../lib/content-types.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { type MediaLinks, PRIVATE_MEDIA_PREFIX } from '../../lib/media-links.ts';
import { sendStoredMedia } from '../../lib/media-reply.ts';
import type { MediaStore } from '../../lib/media-store.ts';
import { findChatMediaAccess, mayOpenChatMedia } from './chat-media-access.ts';

const PRIVATE_KEY = new RegExp(
  `^(chat|voice|${VOICE_INTRODUCTION_FOLDER})\\/[0-9a-f-]{36}\\.(webp|webm|ogg|m4a)$`,
);

/**
 * Whether `viewerId` may open this file now: a voice introduction by its owner's profile (ADR
 * 072), anything else by the message that holds it.
 */
async function mayOpen(db: Executor, key: string, viewerId: string): Promise<boolean> {
  if (key.startsWith(`${VOICE_INTRODUCTION_FOLDER}/`)) {
    const access = await findVoiceIntroductionAccess(db, key, viewerId);
    return access !== undefined && mayPlayVoiceIntroduction(access, viewerId);
  }
  const access = await findChatMediaAccess(db, key, viewerId);
  return access !== undefined && mayOpenChatMedia(access, viewerId);
}

/**
 * Chat photos and voice notes, and voice introductions (ADR 072), served only on a signed link (`media-links.ts`): a 403 with a
 * reason for a link that was tampered with or has expired. Outside the member area, since
 * `<img>` and `<audio>` send no bearer token; the link is the proof of who asks, and the message
 * holding the file says, on every request, whether they still may (`mayOpenChatMedia`): a file
 * they may not open, or that no message (or profile) holds any more, answers 404 like a missing one.
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
      if (!(await mayOpen(options.db, key, viewerId))) throw notFound('FILE_NOT_FOUND');
      return sendStoredMedia(request, reply, options.store, key, {
        'content-type': contentTypeOf(key) ?? 'application/octet-stream',
        // `private`: no shared cache (a proxy, a household's) keeps a copy for someone else.
        'cache-control': `private, max-age=${Math.floor(options.links.ttlMs / 1000)}`,
      });
    },
  );
}
