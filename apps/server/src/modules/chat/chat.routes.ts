import {
  CHAT_IMAGE_MAX_BYTES,
  chatSendFieldsSchema,
  VOICE_NOTE_MAX_BYTES,
} from '@mawadda/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint.ts';
import { readMultipartForm } from '../../lib/multipart.ts';
import { parseOrThrow } from '../../lib/validation.ts';
import { sessionOf } from '../../plugins/authentication.ts';
import type { ChatService } from './chat.service.ts';

const chatFiles = {
  image: { maxFiles: 1, maxBytes: CHAT_IMAGE_MAX_BYTES, tooLarge: 'CHAT_IMAGE_TOO_LARGE' },
  audio: { maxFiles: 1, maxBytes: VOICE_NOTE_MAX_BYTES, tooLarge: 'VOICE_NOTE_TOO_LARGE' },
} as const;

export const chatRoutes: FastifyPluginAsyncZod<{ chat: ChatService }> = async (app, { chat }) => {
  app.route({
    ...endpoint('chatContacts', 'chat'),
    handler: async (request) => chat.contacts(sessionOf(request).memberId),
  });

  app.route({
    ...endpoint('chatContact', 'chat'),
    handler: async (request) => chat.contact(sessionOf(request).memberId, request.params.userId),
  });

  app.route({
    ...endpoint('conversation', 'chat'),
    handler: async (request) =>
      chat.conversation(sessionOf(request).memberId, request.params.userId, request.query),
  });

  app.route({
    ...endpoint('sendMessage', 'chat'),
    // docs/spec.md §7: multipart (with a photo or a voice note), or plain JSON for text.
    handler: async (request, reply) => {
      const memberId = sessionOf(request).memberId;
      let message: Awaited<ReturnType<ChatService['send']>>;
      if (request.isMultipart()) {
        const form = await readMultipartForm(request, chatFiles);
        message = await chat.send(
          memberId,
          request.params.userId,
          parseOrThrow(chatSendFieldsSchema, form.fields),
          { image: form.files.image?.[0], audio: form.files.audio?.[0] },
        );
      } else {
        const fields = parseOrThrow(chatSendFieldsSchema, request.body ?? {});
        message = await chat.send(memberId, request.params.userId, fields, {});
      }
      return reply.status(message.created ? 201 : 200).send(message.message);
    },
  });

  app.route({
    ...endpoint('markConversationRead', 'chat'),
    handler: async (request) => {
      await chat.markRead(sessionOf(request).memberId, request.params.userId);
      return { message: 'Conversation marked as read.' };
    },
  });
};
