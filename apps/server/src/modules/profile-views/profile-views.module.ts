import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { memberArea } from '../../plugins/authentication.ts';
import { profileViewsRoutes } from './profile-views.routes.ts';
import { createProfileViewsService } from './profile-views.service.ts';

/** Who looked at my profile. */
export const profileViewsModule = fp(
  async (app: FastifyInstance) => {
    const { db, clock, links } = app.platform;
    const profileViews = createProfileViewsService({ db, clock, photoLinks: links.photos });
    await memberArea(app, async (member) => {
      await member.register(profileViewsRoutes, { profileViews });
    });
  },
  { name: 'profile-views', dependencies: ['platform', 'authentication'] },
);
