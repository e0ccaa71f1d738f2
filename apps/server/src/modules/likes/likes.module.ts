import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { CallbackPayload } from '../../lib/module-events.ts';
import { memberArea } from '../../plugins/authentication.ts';
import { likesRoutes } from './likes.routes.ts';
import { createLikesService } from './likes.service.ts';

type LikeEvent = CallbackPayload<Parameters<typeof createLikesService>[0]['onLiked']>;

declare module '../../lib/module-events.ts' {
  interface ModuleEvents {
    /** A like was stored, or made a match (told once the like is committed). */
    'likes:liked': LikeEvent;
  }
}

/** Likes, "It's a match" and who liked me; each like or match is announced. */
export const likesModule = fp(
  async (app: FastifyInstance) => {
    const { db, clock, config, events } = app.platform;
    const likes = createLikesService({
      db,
      clock,
      photoLinks: app.platform.links.photos,
      limiter: app.platform.limiter,
      likesPerDay: config.likesPerDay,
      newAccount: config.newAccount,
      publish: app.outlet.publish,
      onLiked: (like) => void events.emit('likes:liked', like),
    });
    await memberArea(app, async (member) => {
      await member.register(likesRoutes, { likes });
    });
  },
  { name: 'likes', dependencies: ['platform', 'authentication', 'realtime'] },
);
