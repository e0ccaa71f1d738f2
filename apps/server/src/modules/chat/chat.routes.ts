import {
  CHAT_IMAGE_MAX_BYTES,
  chatSendFieldsSchema,
  REALTIME_SESSION_HEADER,
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

/**
 * The sending tab's socket, from its header (ADR 065): a connection id the broker made. Anything
 * else is no tab of this server's and is ignored, never a refusal: the header only spares a
 * frame, and the message must not be lost for it.
 */
const CONNECTION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const senderTabOf = (header: string | string[] | undefined) =>
  typeof header === 'string' && CONNECTION_ID.test(header) ? header : undefined;

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
      const senderTab = senderTabOf(request.headers[REALTIME_SESSION_HEADER]);
      let message: Awaited<ReturnType<ChatService['send']>>;
      if (request.isMultipart()) {
        const form = await readMultipartForm(request, chatFiles);
        message = await chat.send(
          memberId,
          request.params.userId,
          parseOrThrow(chatSendFieldsSchema, form.fields),
          { image: form.files.image?.[0], audio: form.files.audio?.[0] },
          senderTab,
        );
      } else {
        const fields = parseOrThrow(chatSendFieldsSchema, request.body ?? {});
        message = await chat.send(memberId, request.params.userId, fields, {}, senderTab);
      }
      // The answer itself, not the reply: a promise resolved with the reply waits on the
      // response's end, a cost every message paid (ADR 086).
      reply.status(message.created ? 201 : 200);
      return message.message;
    },
  });

  app.route({
    ...endpoint('markConversationRead', 'chat'),
    handler: async (request) => {
      await chat.markRead(sessionOf(request).memberId, request.params.userId);
      return { message: 'Conversation marked as read.' };
    },
  });

  app.route({
    ...endpoint('chatRequests', 'chat'),
    handler: async (request) => chat.requests(sessionOf(request).memberId),
  });

  app.route({
    ...endpoint('acceptChatRequest', 'chat'),
    handler: async (request) => {
      await chat.answerRequest(sessionOf(request).memberId, request.params.userId, {
        state: 'accepted',
      });
      return { message: 'Request accepted.' };
    },
  });

  app.route({
    ...endpoint('declineChatRequest', 'chat'),
    handler: async (request) => {
      await chat.answerRequest(sessionOf(request).memberId, request.params.userId, {
        state: 'declined',
        reply: request.body.reply ?? null,
      });
      return { message: 'Request declined.' };
    },
  });
};
