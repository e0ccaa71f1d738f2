import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint.ts';
import { sessionOf } from '../../plugins/authentication.ts';
import type { LikesService } from './likes.service.ts';

export const likesRoutes: FastifyPluginAsyncZod<{ likes: LikesService }> = async (
  app,
  { likes },
) => {
  app.route({
    ...endpoint('like', 'likes'),
    handler: async (request) =>
      likes.like(
        sessionOf(request).memberId,
        request.body.likedUserId,
        'like',
        request.body.compliment,
      ),
  });

  app.route({
    ...endpoint('lovely', 'likes'),
    handler: async (request) =>
      likes.like(sessionOf(request).memberId, request.body.receiverId, 'lovely'),
  });

  app.route({
    ...endpoint('likes', 'likes'),
    handler: async (request) => likes.likers(sessionOf(request).memberId),
  });

  app.route({
    ...endpoint('markLikesSeen', 'likes'),
    handler: async (request) => {
      await likes.markSeen(sessionOf(request).memberId);
      return { message: 'Likes marked as seen.' };
    },
  });
  app.route({
    ...endpoint('openLike', 'likes'),
    handler: async (request) => {
      await likes.open(sessionOf(request).memberId, request.params.id);
      return { message: 'Like opened.' };
    },
  });
};
