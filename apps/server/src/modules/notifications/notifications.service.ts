import type { Notifications } from '@mawadda/contract';
import type { Database } from '../../db/database.ts';
import { countUnseen } from './notifications.repository.ts';

export type NotificationsService = ReturnType<typeof createNotificationsService>;

/** The app's badge (issue 19): unread conversations plus new likes; the web adds the same two. */
const badgeOf = (counts: { newLikes: number; unreadConversations: number }) =>
  counts.newLikes + counts.unreadConversations;

export function createNotificationsService(deps: {
  db: Database;
  unreadMessages(memberId: string): Promise<number>;
  unreadConversations(memberId: string): Promise<number>;
}) {
  return {
    async counts(memberId: string): Promise<Notifications> {
      const [counts, newMessages, unreadConversations] = await Promise.all([
        countUnseen(deps.db, memberId),
        deps.unreadMessages(memberId),
        deps.unreadConversations(memberId),
      ]);
      return {
        newLikes: counts.newLikes,
        newMessages,
        unreadConversations,
        newViews: counts.newViews,
        lastLikeAt: counts.lastLikeAt?.toISOString() ?? null,
      };
    },

    async badge(memberId: string): Promise<number> {
      const [counts, unreadConversations] = await Promise.all([
        countUnseen(deps.db, memberId),
        deps.unreadConversations(memberId),
      ]);
      return badgeOf({ newLikes: counts.newLikes, unreadConversations });
    },
  };
}
