import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { MEDIA_URL_PREFIX, type MediaStore } from './media-store.ts';

/** Media keys carry a random UUID and never change, so browsers may keep them for a year. */
export async function mediaRoutes(app: FastifyInstance, options: { mediaStore: MediaStore }) {
  await app.register(fastifyStatic, {
    root: options.mediaStore.root,
    prefix: MEDIA_URL_PREFIX,
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    cacheControl: false,
    setHeaders(res) {
      res.header('cache-control', 'public, max-age=31536000, immutable');
      res.header('x-content-type-options', 'nosniff');
    },
  });
}
