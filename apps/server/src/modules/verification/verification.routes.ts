import { VERIFICATION_SELFIE_MAX_BYTES, verificationRequestFieldsSchema } from '@mawadda/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import { endpoint } from '../../lib/endpoint.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import type { MediaLinks } from '../../lib/media-links.ts';
import { sendStoredMedia } from '../../lib/media-reply.ts';
import type { MediaStore } from '../../lib/media-store.ts';
import { readMultipartForm } from '../../lib/multipart.ts';
import { parseOrThrow } from '../../lib/validation.ts';
import { sessionOf } from '../../plugins/authentication.ts';
import {
  assertModeratorWithSecondFactor,
  type ModeratorGateDeps,
  moderatorGate,
} from '../moderation/index.ts';
import { selfieExists } from './verification.repository.ts';
import type { VerificationService } from './verification.service.ts';
import { SELFIE_FOLDER } from './verification-selfies.ts';

/** Where selfie links point: a prefix of its own, so no chat or photo link's proof opens them. */
export const SELFIE_PREFIX = '/verification-selfies/';
const SELFIE_KEY = new RegExp(`^${SELFIE_FOLDER}/[0-9a-f-]{36}\\.webp$`);

/** The member's verification, and the moderators' queue and decisions (checked per request). */
export const verificationRoutes: FastifyPluginAsyncZod<{
  verification: VerificationService;
  gate: ModeratorGateDeps;
}> = async (app, { verification, gate }) => {
  const moderatorsOnly = moderatorGate(gate);
  app.route({
    ...endpoint('verificationPose', 'verification'),
    handler: async (request) => verification.drawPose(sessionOf(request).memberId),
  });
  app.route({
    ...endpoint('requestVerification', 'verification'),
    handler: async (request, reply) => {
      const form = await readMultipartForm(request, {
        selfie: {
          maxFiles: 1,
          maxBytes: VERIFICATION_SELFIE_MAX_BYTES,
          tooLarge: 'VERIFICATION_SELFIE_UNREADABLE',
        },
      });
      const fields = parseOrThrow(verificationRequestFieldsSchema, form.fields);
      const state = await verification.submit(
        sessionOf(request).memberId,
        fields,
        form.files.selfie?.[0],
      );
      reply.status(201);
      return state;
    },
  });
  app.route({
    ...endpoint('verification', 'verification'),
    handler: async (request) => verification.state(sessionOf(request).memberId),
  });
  app.route({
    ...endpoint('verificationQueue', 'moderation'),
    preValidation: moderatorsOnly,
    handler: async (request) => verification.queue(sessionOf(request).memberId),
  });
  app.route({
    ...endpoint('verificationDecision', 'moderation'),
    preValidation: moderatorsOnly,
    handler: async (request) =>
      verification.decide(sessionOf(request).memberId, request.params.id, request.body),
  });
};

/**
 * Selfies, on a link signed for one member (`media-links.ts`), outside the member area since
 * `<img>` sends no bearer token. The link says who asks; the route says on every request whether
 * they may: moderators only, with a second factor proved in a live session of theirs (ADR 074),
 * never the member in the photo nor anyone else (403), and only a file
 * a verification request holds (404 otherwise).
 */
export async function selfieRoutes(
  app: FastifyInstance,
  options: { db: Database; store: MediaStore; links: MediaLinks; gate: ModeratorGateDeps },
) {
  app.get<{ Params: { '*': string }; Querystring: { m?: string; e?: string; s?: string } }>(
    `${SELFIE_PREFIX}*`,
    { schema: { hide: true } },
    async (request, reply) => {
      const key = request.params['*'];
      if (!SELFIE_KEY.test(key)) throw new HttpError(403, 'MEDIA_LINK_INVALID');
      const verdict = options.links.check(request.query);
      if (verdict === 'invalid') throw new HttpError(403, 'MEDIA_LINK_INVALID');
      if (verdict === 'expired') throw new HttpError(403, 'MEDIA_LINK_EXPIRED');
      await assertModeratorWithSecondFactor(options.gate, request.query.m ?? '');
      if (!(await selfieExists(options.db, key))) throw notFound('FILE_NOT_FOUND');
      return sendStoredMedia(request, reply, options.store, key, {
        'content-type': 'image/webp',
        'cache-control': `private, max-age=${Math.floor(options.links.ttlMs / 1000)}`,
      });
    },
  );
}
