import {
  editProfileFieldsSchema,
  MAX_PHOTOS,
  PHOTO_MAX_BYTES,
  registrationFieldsSchema,
  VOICE_INTRODUCTION_MAX_BYTES,
} from '@mawadda/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mailLanguage } from '../../lib/bilingual-mail.ts';
import { endpoint } from '../../lib/endpoint.ts';
import { readMultipartForm } from '../../lib/multipart.ts';
import { parseOrThrow } from '../../lib/validation.ts';
import { sessionOf } from '../../plugins/authentication.ts';
import type { UsersService } from './users.service.ts';

const photoFiles = {
  profilePicture: { maxFiles: MAX_PHOTOS, maxBytes: PHOTO_MAX_BYTES },
};

const voiceIntroductionFile = {
  audio: {
    maxFiles: 1,
    maxBytes: VOICE_INTRODUCTION_MAX_BYTES,
    tooLarge: 'VOICE_INTRODUCTION_TOO_LARGE',
  },
} as const;

/** Creating an account: open to visitors. */
export const registrationRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (
  app,
  { users },
) => {
  app.route({
    ...endpoint('register', 'users'),
    handler: async (request, reply) => {
      const answer = await users.register(
        {
          ip: request.ip,
          language: mailLanguage(request.headers['accept-language']),
          log: request.log,
        },
        async () => {
          const form = await readMultipartForm(request, photoFiles);
          return {
            fields: parseOrThrow(registrationFieldsSchema, form.fields),
            files: form.files.profilePicture ?? [],
          };
        },
      );
      reply.status(201);
      return answer;
    },
  });
};

/** The member's own profile: member area. */
export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (
  app,
  { users },
) => {
  app.route({
    ...endpoint('currentUser', 'users'),
    handler: async (request) =>
      users.currentUser(
        sessionOf(request).memberId,
        mailLanguage(request.headers['accept-language']),
      ),
  });

  app.route({
    ...endpoint('giveConsent', 'users'),
    handler: async (request) =>
      users.giveConsent(
        sessionOf(request).memberId,
        mailLanguage(request.headers['accept-language']),
      ),
  });

  app.route({
    ...endpoint('updateProfile', 'users'),
    handler: async (request) => {
      const form = await readMultipartForm(request, photoFiles);
      const fields = parseOrThrow(editProfileFieldsSchema, form.fields);
      return users.update(
        sessionOf(request).memberId,
        fields,
        form.files.profilePicture ?? [],
        mailLanguage(request.headers['accept-language']),
      );
    },
  });

  app.route({
    ...endpoint('saveVoiceIntroduction', 'users'),
    handler: async (request) => {
      const form = await readMultipartForm(request, voiceIntroductionFile);
      return users.saveVoiceIntroduction(
        sessionOf(request).memberId,
        form.files.audio?.[0],
        mailLanguage(request.headers['accept-language']),
      );
    },
  });

  app.route({
    ...endpoint('removeVoiceIntroduction', 'users'),
    handler: async (request) =>
      users.removeVoiceIntroduction(
        sessionOf(request).memberId,
        mailLanguage(request.headers['accept-language']),
      ),
  });
};
