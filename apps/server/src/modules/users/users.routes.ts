import {
  currentUserSchema,
  editProfileFieldsSchema,
  errorBodySchema,
  MAX_PHOTOS,
  PHOTO_MAX_BYTES,
  registrationFieldsSchema,
} from '@mawadda/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readMultipartForm } from '../../lib/multipart.ts';
import { parseOrThrow } from '../../lib/validation.ts';
import { sessionOf } from '../../plugins/authentication.ts';
import type { UsersService } from './users.service.ts';

const registrationBodyDoc = z.object({
  username: z.string(),
  password: z.string(),
  name: z.string(),
  age: z.number().int(),
  gender: z.enum(['homme', 'femme']),
  maritalStatus: z
    .string()
    .meta({ description: 'marié/marie, divorcé/divorce, célibataire/celibataire' }),
  skinTone: z.enum(['clair', 'moyen', 'fonce']).optional(),
  hasChildren: z.string().optional().meta({ description: 'true, false, yes, no or not specified' }),
  location: z.string(),
  bio: z.string(),
  latitude: z.number().optional(),
  longitude: z.number().optional(),
  termsAccepted: z.boolean(),
  mutualLike: z.boolean().optional(),
  profilePicture: z.array(z.string().meta({ format: 'binary' })).meta({
    description: `1 to ${MAX_PHOTOS} images, each at most ${PHOTO_MAX_BYTES / 1024 / 1024} MB`,
  }),
});

const editProfileBodyDoc = registrationBodyDoc
  .omit({ username: true, password: true, termsAccepted: true, mutualLike: true })
  .extend({
    bio: z.string().optional(),
    imagesToRemove: z
      .array(z.string())
      .optional()
      .meta({ description: 'URLs of photos to remove (repeated field or a JSON list)' }),
    profilePicture: z
      .array(z.string().meta({ format: 'binary' }))
      .optional()
      .meta({ description: `New photos; at least one photo must remain, ${MAX_PHOTOS} at most` }),
  });

const photoFiles = {
  profilePicture: { maxFiles: MAX_PHOTOS, maxBytes: PHOTO_MAX_BYTES, label: 'photos' },
};

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (
  app,
  { users },
) => {
  app.post(
    '/api/users/register',
    {
      schema: {
        tags: ['users'],
        summary: 'Create an account (multipart/form-data, profilePicture repeated per photo)',
        consumes: ['multipart/form-data'],
        body: registrationBodyDoc,
        response: {
          201: z.object({ id: z.string() }),
          400: errorBodySchema,
          409: errorBodySchema,
          413: errorBodySchema,
          415: errorBodySchema,
          429: errorBodySchema,
        },
      },
      // The body schema documents the form; the form itself is read and checked below.
      validatorCompiler: () => () => true,
    },
    async (request, reply) => {
      const form = await readMultipartForm(request, photoFiles);
      const fields = parseOrThrow(registrationFieldsSchema, form.fields);
      const created = await users.register(fields, form.files.profilePicture ?? [], request.ip);
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/users/me',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['users'],
        summary: 'The signed-in member’s own profile',
        security: [{ bearer: [] }],
        response: { 200: currentUserSchema, 401: errorBodySchema },
      },
    },
    async (request) => users.currentUser(sessionOf(request).memberId),
  );

  app.put(
    '/api/users/update',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['users'],
        summary: 'Edit the profile (multipart/form-data): fields, new photos, imagesToRemove',
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        body: editProfileBodyDoc,
        response: {
          200: currentUserSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          413: errorBodySchema,
          415: errorBodySchema,
        },
      },
      validatorCompiler: () => () => true,
    },
    async (request) => {
      const form = await readMultipartForm(request, photoFiles);
      const fields = parseOrThrow(editProfileFieldsSchema, form.fields);
      return users.update(sessionOf(request).memberId, fields, form.files.profilePicture ?? []);
    },
  );
};
