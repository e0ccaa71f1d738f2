import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AsRecorded } from '../../lib/recorded-events.ts';
import { memberArea } from '../../plugins/authentication.ts';
import { chatRoutes } from './chat.routes.ts';
import { type ChatService, createChatService } from './chat.service.ts';
import type { NewMessageNotice, RequestSettledNotice } from './message-view.ts';

declare module 'fastify' {
  interface FastifyInstance {
    chat: ChatService;
  }
}

declare module '../../lib/recorded-events.ts' {
  interface RecordedEvents {
    /**
     * A message (a gift included, not a call's entry) was stored: recorded in the statement that
     * stores it, for the listeners that want it (ADR 064).
     */
    'chat:message-stored': AsRecorded<NewMessageNotice>;
    /**
     * A message request was answered, or expired unanswered (ADR 068): recorded with what
     * settled it, about its sender, for whoever tells him (push).
     */
    'chat:request-settled': AsRecorded<RequestSettledNotice>;
  }
}

/** How often a node looks for message requests that expired unanswered (ADR 068). */
const EXPIRY_NOTICES_EVERY_MS = 5 * 60_000;

/**
 * Conversations and messages. The scam shield reports a sender through moderation; each new
 * message is recorded with it for whoever tells the receiver (push). Listens to
 * `realtime:deliveries-missed`: the messages a node cut from the others missed are sent again.
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
      publishHere: app.outlet.publishHere,
      onlineAmong: app.presence.onlineAmong,
      limiter: app.platform.limiter,
      firstContacts: rules.firstContacts,
      scamShield: config.scamShield,
      reportSender: app.moderation.reportAutomatically,
      onNewMessage: () => stored.inc(),
      recorded: events.recorded,
    });
    app.decorate('chat', chat);
    app.background.add({
      name: 'message request expiries',
      start: () =>
        chat.startExpiryNotices(EXPIRY_NOTICES_EVERY_MS, (err) =>
          app.platform.log.error({ err }, 'Telling expired message requests failed'),
        ),
    });
    events.on('realtime:deliveries-missed', ({ memberIds, since }) =>
      chat.deliverMissed(memberIds, since),
    );
    await memberArea(app, async (member) => {
      await member.register(chatRoutes, { chat });
    });
  },
  {
    name: 'chat',
    dependencies: [
      'platform',
      'metrics',
      'background-work',
      'authentication',
      'realtime',
      'moderation',
    ],
  },
);
