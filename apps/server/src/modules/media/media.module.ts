import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMinutePace } from '../../lib/minute-pace.ts';
import { mediaRoutes } from './media.routes.ts';
import { createMediaJanitor, type MediaJanitor } from './media-janitor.ts';
import { privateMediaRoutes } from './private-media.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mediaJanitor: MediaJanitor;
  }
}

/** An upload in flight is younger than this: the orphan cleanup leaves such files alone. */
const ORPHAN_GRACE_MS = 60 * 60 * 1000;

/** Photos and private media served on signed links, and the janitor that deletes files. */
export const mediaModule = fp(
  async (app: FastifyInstance) => {
    const { db, clock, config, log, limiter, stores, links } = app.platform;
    const janitor = createMediaJanitor({
      db,
      mediaStore: stores.media,
      stores: { 'private-media': stores.privateMedia, exports: stores.exports },
      clock,
      log,
      orphanGraceMs: ORPHAN_GRACE_MS,
    });
    app.decorate('mediaJanitor', janitor);
    if (config.mediaSweepMs > 0) {
      app.background.add({
        name: 'media janitor',
        start: () => janitor.start(config.mediaSweepMs),
      });
    }
    await app.register(mediaRoutes, {
      db,
      store: stores.media,
      links: links.photos,
      pace: createMinutePace({ limiter, name: 'photos', max: config.photosPerMinute }),
    });
    await app.register(privateMediaRoutes, { db, store: stores.privateMedia, links: links.media });
  },
  { name: 'media', dependencies: ['platform', 'background-work', 'authentication'] },
);
