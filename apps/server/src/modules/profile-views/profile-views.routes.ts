import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint.ts';
import { sessionOf } from '../../plugins/authentication.ts';
import type { ProfileViewsService } from './profile-views.service.ts';

export const profileViewsRoutes: FastifyPluginAsyncZod<{
  profileViews: ProfileViewsService;
}> = async (app, { profileViews }) => {
  app.route({
    ...endpoint('profileViews', 'profile views'),
    handler: async (request) => profileViews.viewers(sessionOf(request).memberId),
  });

  app.route({
    ...endpoint('markProfileViewsSeen', 'profile views'),
    handler: async (request) => {
      await profileViews.markSeen(sessionOf(request).memberId);
      return { message: 'Profile views marked as seen.' };
    },
  });
};
