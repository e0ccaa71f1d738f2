import { errorBodySchema, messageResponseSchema, profileViewEntrySchema } from '@mawadda/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionOf } from '../../plugins/authentication.ts';
import type { ProfileViewsService } from './profile-views.service.ts';

export const profileViewsRoutes: FastifyPluginAsyncZod<{
  profileViews: ProfileViewsService;
}> = async (app, { profileViews }) => {
  app.get(
    '/api/users/profile-views',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['profile views'],
        summary: 'Who viewed my profile, each once at their latest view, newest first',
        security: [{ bearer: [] }],
        response: { 200: z.array(profileViewEntrySchema), 401: errorBodySchema },
      },
    },
    async (request) => profileViews.viewers(sessionOf(request).memberId),
  );

  app.post(
    '/api/users/profile-views/mark-seen',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['profile views'],
        summary: 'Mark every profile view so far as seen',
        security: [{ bearer: [] }],
        response: { 200: messageResponseSchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      await profileViews.markSeen(sessionOf(request).memberId);
      return { message: 'Profile views marked as seen.' };
    },
  );
};
