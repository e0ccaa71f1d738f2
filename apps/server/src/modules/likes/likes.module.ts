import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AsRecorded } from '../../lib/recorded-events.ts';
import { memberArea } from '../../plugins/authentication.ts';
import { likesRoutes } from './likes.routes.ts';
import { createLikesService, type LikeEvent } from './likes.service.ts';

declare module '../../lib/recorded-events.ts' {
  interface RecordedEvents {
    /** A like was stored, or made a match: recorded in the statement that stores it (ADR 064). */
    'likes:liked': AsRecorded<LikeEvent>;
  }
}

/**
 * Likes (with their compliments, ADR 071), "It's a match" and who liked me; each like or match is
 * recorded with it.
 */
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
      compliments: config.compliments,
      memberTexts: app.platform.rules.memberTexts,
      publish: app.outlet.publish,
      recorded: events.recorded,
    });
    await memberArea(app, async (member) => {
      await member.register(likesRoutes, { likes });
    });
  },
  { name: 'likes', dependencies: ['platform', 'authentication', 'realtime'] },
);
