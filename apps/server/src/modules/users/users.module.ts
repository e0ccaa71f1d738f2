import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { memberArea } from '../../plugins/authentication.ts';
import { registrationRoutes, usersRoutes } from './users.routes.ts';
import { createUsersService, type UsersService } from './users.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    users: UsersService;
  }
}

/**
 * Registration, the member's own profile and photos: a new main photo asks verification to look
 * again, in the photo's transaction.
 */
export const usersModule = fp(
  async (app: FastifyInstance) => {
    const { db, clock, config, links } = app.platform;
    const users = createUsersService({
      db,
      clock,
      limiter: app.platform.limiter,
      mediaStore: app.platform.stores.media,
      photoLinks: links.photos,
      privateMedia: app.platform.stores.privateMedia,
      voiceLinks: links.media,
      cities: app.cities,
      mailer: app.platform.mailer,
      publicUrl: config.publicUrl,
      janitor: app.mediaJanitor,
      log: app.platform.log,
      passwords: app.platform.passwords,
      registrationsPerHourPerAddress: config.registrationsPerHourPerAddress,
      onMainPhotoChanged: (tx, memberId) =>
        app.verification.recheck(tx, memberId, 'main-photo-changed'),
      memberTexts: app.platform.rules.memberTexts,
    });
    app.decorate('users', users);
    await app.register(registrationRoutes, { users });
    await memberArea(app, async (member) => {
      await member.register(usersRoutes, { users });
    });
  },
  { name: 'users', dependencies: ['platform', 'authentication', 'geo', 'media', 'verification'] },
);
