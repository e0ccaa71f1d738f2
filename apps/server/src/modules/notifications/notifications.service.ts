import type { Notifications } from '@mawadda/contract';
import type { Database } from '../../db/database.ts';
import { countUnseen } from './notifications.repository.ts';

export type NotificationsService = ReturnType<typeof createNotificationsService>;

export function createNotificationsService(deps: { db: Database }) {
  return {
    /** `newMessages` stays 0 until chat exists; the chat issue counts unread messages here. */
    async counts(memberId: string): Promise<Notifications> {
      const counts = await countUnseen(deps.db, memberId);
      return {
        newLikes: counts.newLikes,
        newMessages: 0,
        newViews: counts.newViews,
        lastLikeAt: counts.lastLikeAt?.toISOString() ?? null,
      };
    },
  };
}
