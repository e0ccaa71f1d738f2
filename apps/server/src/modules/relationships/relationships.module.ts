import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { memberArea } from '../../plugins/authentication.ts';
import { exclusiveRoutes } from './exclusive-mode.routes.ts';
import { createExclusiveMode } from './exclusive-mode.ts';
import { createMatchReminders } from './match-reminders.ts';
import { matchUpdates } from './match-updates.ts';
import { safetyRoutes } from './relationships.routes.ts';
import { createRelationships } from './relationships.service.ts';

/**
 * Blocks and unmatches (the safety routes): a pair separated ends any call between them. Close
 * kindly, exclusive mode and the reminders of a match (ADR 069, 070), whose news push hears as
 * recorded events.
 */
export const relationshipsModule = fp(
  async (app: FastifyInstance) => {
    const { db, clock, links, config, log, events } = app.platform;
    const relationships = createRelationships({
      db,
      clock,
      publish: app.outlet.publish,
      writeNotice: app.chat.writeNotice,
    });
    const updates = matchUpdates(events.recorded);
    const exclusive = createExclusiveMode({
      db,
      clock,
      updates,
      tellBoth: relationships.tellBoth,
    });
    const reminders = createMatchReminders({
      db,
      clock,
      log,
      updates,
      tellBoth: relationships.tellBoth,
    });
    app.decorate('matchReminders', reminders);
    if (config.matchRemindersEveryMs > 0) {
      app.background.add({
        name: 'match reminders',
        start: () => reminders.start(config.matchRemindersEveryMs),
      });
    }
    await memberArea(app, async (member) => {
      await member.register(safetyRoutes, {
        relationships,
        photoLinks: links.photos,
        onSeparated: (memberId: string, otherId: string) => app.calls.endBetween(memberId, otherId),
      });
      await member.register(exclusiveRoutes, { exclusive });
    });
  },
  {
    name: 'relationships',
    dependencies: ['platform', 'background-work', 'authentication', 'realtime', 'calls', 'chat'],
  },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** The reminders and lapses of matches (ADR 069, 070): `run` is what each node runs. */
    matchReminders: import('./match-reminders.ts').MatchReminders;
  }
}
