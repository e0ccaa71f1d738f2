import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { memberArea } from '../../plugins/authentication.ts';
import { moderationRoutes } from './moderation.routes.ts';
import { createModerationService, type ModerationService } from './moderation.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    moderation: ModerationService;
  }
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
      endMemberSessions: app.auth.endMemberSessions,
      onFakeProfileReport: (memberId) =>
        db.transaction((tx) => app.verification.recheck(tx, memberId, 'fake-profile-report')),
      onMainPhotoChanged: (tx, memberId) =>
        app.verification.recheck(tx, memberId, 'main-photo-changed'),
    });
    app.decorate('moderation', moderation);
    await memberArea(app, async (member) => {
      await member.register(moderationRoutes, { moderation });
    });
  },
  { name: 'moderation', dependencies: ['platform', 'authentication', 'auth', 'verification'] },
);
