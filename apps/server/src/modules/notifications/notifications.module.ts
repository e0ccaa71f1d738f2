import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { memberArea } from '../../plugins/authentication.ts';
import { notificationsRoutes } from './notifications.routes.ts';
import { createNotificationsService, type NotificationsService } from './notifications.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    notifications: NotificationsService;
  }
}

/** The counts of what is new (unread conversations from the chat, new likes): the app badge. */
export const notificationsModule = fp(
  async (app: FastifyInstance) => {
    const notifications = createNotificationsService({
      db: app.platform.db,
      unreadMessages: app.chat.unreadCount,
      unreadConversations: app.chat.unreadConversations,
      unreadConversationsSql: app.chat.unreadConversationsSql,
      waitingRequestsSql: app.chat.waitingRequestsSql,
    });
    app.decorate('notifications', notifications);
    await memberArea(app, async (member) => {
      await member.register(notificationsRoutes, { notifications });
    });
  },
  { name: 'notifications', dependencies: ['platform', 'authentication', 'chat'] },
);
