import type { Notifications } from '@mawadda/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { countUnseen, newLikesSql } from './notifications.repository.ts';

export type NotificationsService = ReturnType<typeof createNotificationsService>;

export function createNotificationsService(deps: {
  db: Database;
  unreadMessages(memberId: string): Promise<number>;
  unreadConversations(memberId: string): Promise<number>;
  unreadConversationsSql(memberId: SQL): SQL;
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

    /**
     * The app's badge (ADR 040): unread conversations plus new likes, the counts' two fields the
     * open app adds up (use-app-badge.ts), so it shows the number a push set.
     */
    async badge(memberId: string): Promise<number> {
      const [counts, unreadConversations] = await Promise.all([
        countUnseen(deps.db, memberId),
        deps.unreadConversations(memberId),
      ]);
      return counts.newLikes + unreadConversations;
    },

    /** The badge as a SQL expression of `memberId`: read within the push's own statement. */
    badgeSql: (memberId: SQL): SQL =>
      sql`(${newLikesSql(memberId)} + ${deps.unreadConversationsSql(memberId)})`,
  };
}
