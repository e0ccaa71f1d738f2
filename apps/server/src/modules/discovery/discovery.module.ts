import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { memberArea } from '../../plugins/authentication.ts';
import { discoveryRoutes } from './discovery.routes.ts';
import { createDiscoveryService } from './discovery.service.ts';
import { staysRoutes } from './stays.routes.ts';
import { createStaysService } from './stays.service.ts';

/** Suggestions, member details, search preferences and travel mode, at a reader's pace. */
export const discoveryModule = fp(
  async (app: FastifyInstance) => {
    const { db, clock, config, links } = app.platform;
    const stays = createStaysService({ db, clock, cities: app.cities });
    const discovery = createDiscoveryService({
      db,
      stays,
      clock,
      photoLinks: links.photos,
      voiceLinks: links.media,
      limiter: app.platform.limiter,
      readingLimits: {
        detailsPerDay: config.profilesPerDay,
        suggestionPagesPerDay: config.suggestionPagesPerDay,
        detailsPerMinute: config.profilesPerMinute,
        suggestionPagesPerMinute: config.suggestionPagesPerMinute,
        // An estimate costs about what a page does, but a filter screen asks once per change
        // that settles (each tick of seventeen fields): three times a reader's pace of pages.
        estimatesPerMinute: config.suggestionPagesPerMinute * 3,
      },
      onlineAmong: app.presence.onlineAmong,
      memberTexts: app.platform.rules.memberTexts,
    });
    await memberArea(app, async (member) => {
      await member.register(discoveryRoutes, { discovery });
      await member.register(staysRoutes, { stays });
    });
  },
  { name: 'discovery', dependencies: ['platform', 'authentication', 'realtime', 'geo'] },
);
