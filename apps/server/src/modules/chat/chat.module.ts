import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { CallbackPayload } from '../../lib/module-events.ts';
import { memberArea } from '../../plugins/authentication.ts';
import { chatRoutes } from './chat.routes.ts';
import { type ChatService, createChatService } from './chat.service.ts';

type NewMessageNotice = CallbackPayload<Parameters<typeof createChatService>[0]['onNewMessage']>;

declare module 'fastify' {
  interface FastifyInstance {
    chat: ChatService;
  }
}

declare module '../../lib/module-events.ts' {
  interface ModuleEvents {
    /** A message (a gift included, not a call's entry) was stored and reached its receiver. */
    'chat:message-stored': NewMessageNotice;
  }
}

/**
 * Conversations and messages. The scam shield reports a sender through moderation; each new
 * message is announced for whoever tells the receiver (push).
 */
export const chatModule = fp(
  async (app: FastifyInstance) => {
    const { db, clock, config, links, rules, events } = app.platform;
    const stored = app.metrics.counter({
      name: 'mawadda_chat_messages_stored_total',
      help: 'Chat messages stored and published on this node (gifts included; call entries and notices not)',
    });
    const chat = createChatService({
      db,
      clock,
      photoLinks: links.photos,
      memberTexts: rules.memberTexts,
      privateMedia: app.platform.stores.privateMedia,
      mediaLinks: links.media,
      whoMayWrite: rules.whoMayWrite,
      publish: app.outlet.publish,
      onlineAmong: app.presence.onlineAmong,
      limiter: app.platform.limiter,
      firstContacts: rules.firstContacts,
      scamShield: config.scamShield,
      reportSender: app.moderation.reportAutomatically,
      onNewMessage: (message) => {
        stored.inc();
        void events.emit('chat:message-stored', message);
      },
    });
    app.decorate('chat', chat);
    await memberArea(app, async (member) => {
      await member.register(chatRoutes, { chat });
    });
  },
  {
    name: 'chat',
    dependencies: ['platform', 'metrics', 'authentication', 'realtime', 'moderation'],
  },
);
