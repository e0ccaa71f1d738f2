import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { memberArea } from '../../plugins/authentication.ts';
import { safetyRoutes } from './relationships.routes.ts';
import { createRelationships } from './relationships.service.ts';

/** Blocks and unmatches (the safety routes): a pair separated ends any call between them. */
export const relationshipsModule = fp(
  async (app: FastifyInstance) => {
    const { db, clock, links } = app.platform;
    const relationships = createRelationships({ db, clock, publish: app.outlet.publish });
    await memberArea(app, async (member) => {
      await member.register(safetyRoutes, {
        relationships,
        photoLinks: links.photos,
        onSeparated: (memberId: string, otherId: string) => app.calls.endBetween(memberId, otherId),
      });
    });
  },
  { name: 'relationships', dependencies: ['platform', 'authentication', 'realtime', 'calls'] },
);
