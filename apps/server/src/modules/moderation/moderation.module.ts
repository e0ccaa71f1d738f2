import { destinations } from '@mawadda/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { memberArea } from '../../plugins/authentication.ts';
import type { Metrics } from '../../plugins/metrics.ts';
import { openReportFigures } from './moderation.repository.ts';
import { moderationRoutes, publicReportRoutes, standingRoutes } from './moderation.routes.ts';
import { createModerationService, type ModerationService } from './moderation.service.ts';
import { appealFigures } from './moderation-history.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    moderation: ModerationService;
  }
}

/** The moderators' queues at each scrape, from the database: the same figure on every node. */
function measureReports(metrics: Metrics, db: Database, clock: Clock) {
  const figures = metrics.shared(() => openReportFigures(db));
  metrics.gauge({
    name: 'mawadda_moderation_open_reports',
    help: "Reports not closed yet (members' and the scam shield's), of the whole deployment",
    async collect() {
      this.set((await figures()).open);
    },
  });
  metrics.gauge({
    name: 'mawadda_moderation_oldest_open_report_seconds',
    help: 'Age of the oldest report not closed yet (0: none open)',
    async collect() {
      const { oldest } = await figures();
      this.set(oldest ? Math.max(0, (clock.now().getTime() - oldest.getTime()) / 1000) : 0);
    },
  });
  // ADR 076: the guidelines promise an answer to an appeal within 7 days.
  metrics.gauge({
    name: 'mawadda_moderation_late_appeals',
    help: 'Appeals not answered by the time the guidelines promise (answer_by passed), of the whole deployment',
    async collect() {
      this.set((await appealFigures(db, clock.now())).late);
    },
  });
}

/**
 * Reports and what moderators do about them: a ban ends the member's sessions (auth), a report
 * of a fake profile or a new main photo asks verification to look again, in the same transaction
 * for the photo.
 */
export const moderationModule = fp(
  async (app: FastifyInstance) => {
    const { db, clock, config, links } = app.platform;
    const moderation = createModerationService({
      db,
      clock,
      limiter: app.platform.limiter,
      reportsPerDay: config.reportsPerDay,
      mediaStore: app.platform.stores.media,
      photoLinks: links.photos,
      mediaLinks: links.media,
      mailer: app.platform.mailer,
      guidelinesUrl: `${config.publicUrl}/guidelines`,
      endMemberSessions: app.auth.endMemberSessions,
      // A message hidden or shown again (ADR 083): both open conversations ask again, as after
      // a block, and the frame says only with whom.
      async tellConversation({ senderId, receiverId }) {
        await app.outlet.publish(destinations.contact(receiverId), { memberId: senderId }, [
          receiverId,
        ]);
        await app.outlet.publish(destinations.contact(senderId), { memberId: receiverId }, [
          senderId,
        ]);
      },
      onFakeProfileReport: (memberId) =>
        db.transaction((tx) => app.verification.recheck(tx, memberId, 'fake-profile-report')),
      onMainPhotoChanged: (tx, memberId) =>
        app.verification.recheck(tx, memberId, 'main-photo-changed'),
    });
    app.decorate('moderation', moderation);
    measureReports(app.metrics, db, clock);
    await memberArea(app, async (member) => {
      await member.register(moderationRoutes, { moderation, gate: { db, auth: app.auth } });
    });
    await app.register(standingRoutes, { moderation });
    await app.register(publicReportRoutes, { moderation });
  },
  {
    name: 'moderation',
    dependencies: ['platform', 'metrics', 'authentication', 'auth', 'verification', 'realtime'],
  },
);
