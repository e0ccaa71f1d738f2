import {
  errorBodySchema,
  likeEntrySchema,
  likeRequestSchema,
  likeResponseSchema,
  lovelyRequestSchema,
  messageResponseSchema,
} from '@mawadda/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionOf } from '../../plugins/authentication.ts';
import type { LikesService } from './likes.service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  429: errorBodySchema,
};

export const likesRoutes: FastifyPluginAsyncZod<{ likes: LikesService }> = async (
  app,
  { likes },
) => {
  app.post(
    '/like',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['likes'],
        summary: 'Like a member (idempotent); answers whether the like is mutual',
        security: [{ bearer: [] }],
        body: likeRequestSchema,
        response: { 200: likeResponseSchema, ...errors },
      },
    },
    async (request) => likes.like(sessionOf(request).memberId, request.body.likedUserId),
  );

  app.post(
    '/lovely',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['likes'],
        summary: 'The "Lovely" button of a profile page: a like, answered the same way',
        security: [{ bearer: [] }],
        body: lovelyRequestSchema,
        response: { 200: likeResponseSchema, ...errors },
      },
    },
    async (request) => likes.like(sessionOf(request).memberId, request.body.receiverId),
  );

  app.get(
    '/likes',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['likes'],
        summary: 'Members who liked me, newest first',
        security: [{ bearer: [] }],
        response: { 200: z.array(likeEntrySchema), 401: errorBodySchema },
      },
    },
    async (request) => likes.likers(sessionOf(request).memberId),
  );

  app.post(
    '/api/users/likes/mark-seen',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['likes'],
        summary: 'Mark every like received so far as seen',
        security: [{ bearer: [] }],
        response: { 200: messageResponseSchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      await likes.markSeen(sessionOf(request).memberId);
      return { message: 'Likes marked as seen.' };
    },
  );
};
