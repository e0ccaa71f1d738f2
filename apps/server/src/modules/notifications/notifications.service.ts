import type { Notifications } from '@mawadda/contract';
import type { Database } from '../../db/database.ts';
import { countUnseen } from './notifications.repository.ts';

export type NotificationsService = ReturnType<typeof createNotificationsService>;

export function createNotificationsService(deps: {
  db: Database;
  unreadMessages(memberId: string): Promise<number>;
  unreadConversations(memberId: string): Promise<number>;
}) {
  return {
    async counts(memberId: string): Promise<Notifications> {
      const [counts, newMessages] = await Promise.all([
        countUnseen(deps.db, memberId),
        deps.unreadMessages(memberId),
      ]);
      return {
        newLikes: counts.newLikes,
        newMessages,
        newViews: counts.newViews,
        lastLikeAt: counts.lastLikeAt?.toISOString() ?? null,
      };
    },

    /** The app's badge (issue 19): unread conversations plus new likes. */
    async badge(memberId: string): Promise<number> {
      const [counts, conversations] = await Promise.all([
        countUnseen(deps.db, memberId),
        deps.unreadConversations(memberId),
      ]);
      return counts.newLikes + conversations;
    },
  };
}
