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
  /** Message requests waiting for the member's answer (ADR 068), counted apart. */
  waitingRequestsSql(memberId: SQL): SQL;
}) {
  const waitingRequests = async (memberId: string) => {
    const result = await deps.db.execute<{ count: number }>(
      sql`select ${deps.waitingRequestsSql(sql`${memberId}::uuid`)} as count`,
    );
    return result.rows[0]?.count ?? 0;
  };
  return {
    async counts(memberId: string): Promise<Notifications> {
      const [counts, newMessages, unreadConversations, messageRequests] = await Promise.all([
        countUnseen(deps.db, memberId),
        deps.unreadMessages(memberId),
        deps.unreadConversations(memberId),
        waitingRequests(memberId),
      ]);
      return {
        newLikes: counts.newLikes,
        newMessages,
        unreadConversations,
        messageRequests,
        newViews: counts.newViews,
        lastLikeAt: counts.lastLikeAt?.toISOString() ?? null,
        newDecisions: counts.newDecisions,
      };
    },

    /**
     * The app's badge (ADR 040): unread conversations, waiting message requests (ADR 068) and
     * new likes, the counts' three fields the open app adds up (use-app-badge.ts), so it shows
     * the number a push set.
     */
    async badge(memberId: string): Promise<number> {
      const [counts, unreadConversations, requests] = await Promise.all([
        countUnseen(deps.db, memberId),
        deps.unreadConversations(memberId),
        waitingRequests(memberId),
      ]);
      return counts.newLikes + unreadConversations + requests;
    },

    /** The badge as a SQL expression of `memberId`: read within the push's own statement. */
    badgeSql: (memberId: SQL): SQL =>
      sql`(${newLikesSql(memberId)} + ${deps.unreadConversationsSql(memberId)}
        + ${deps.waitingRequestsSql(memberId)})`,
  };
}
