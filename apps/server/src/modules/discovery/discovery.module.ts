import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { memberArea } from '../../plugins/authentication.ts';
import { discoveryRoutes } from './discovery.routes.ts';
import {
  createDiscoveryService,
  type DiscoveryDeps,
  detailsShownBy,
  type ProfilesShown,
} from './discovery.service.ts';
import { staysRoutes } from './stays.routes.ts';
import { createStaysService } from './stays.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Members' details as one member sees them, for the family's opinion (ADR 078). */
    discovery: ProfilesShown;
    /** Drops the stays over (ADR 077): what each node runs hourly. */
    endedStays: { drop(): Promise<number> };
  }
}

/** Suggestions, member details, search preferences and travel mode, at a reader's pace. */
export const discoveryModule = fp(
  async (app: FastifyInstance) => {
    const { db, clock, config, links, log } = app.platform;
    const stays = createStaysService({ db, clock, cities: app.cities, log });
    app.decorate('endedStays', { drop: () => stays.dropEnded() });
    app.background.add({ name: 'ended stays', start: () => stays.startDroppingEnded() });
    const deps: DiscoveryDeps = {
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
    };
    const discovery = createDiscoveryService(deps);
    app.decorate('discovery', {
      detailsShownBy: (viewerId, memberId, language) =>
        detailsShownBy(deps, viewerId, memberId, language),
    } satisfies ProfilesShown);
    await memberArea(app, async (member) => {
      await member.register(discoveryRoutes, { discovery });
      await member.register(staysRoutes, { stays });
    });
  },
  {
    name: 'discovery',
    dependencies: ['platform', 'background-work', 'authentication', 'realtime', 'geo'],
  },
);
