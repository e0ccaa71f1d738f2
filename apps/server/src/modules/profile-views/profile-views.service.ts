import type { ProfileViewEntry } from '@mawadda/contract';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { MediaStore } from '../media/media-store.ts';
import { photoUrls } from '../users/member-view.ts';
import { listViewers, markViewsSeen } from './profile-views.repository.ts';

const VIEW_LIST_LIMIT = 500;

export type ProfileViewsService = ReturnType<typeof createProfileViewsService>;

export function createProfileViewsService(deps: {
  db: Database;
  clock: Clock;
  mediaStore: MediaStore;
}) {
  return {
    async viewers(memberId: string): Promise<ProfileViewEntry[]> {
      const rows = await listViewers(deps.db, memberId, VIEW_LIST_LIMIT);
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        age: row.age,
        gender: row.gender,
        mediaUrls: photoUrls(deps.mediaStore, row.photo_keys),
        viewedAt: row.viewedAt.toISOString(),
      }));
    },

    async markSeen(memberId: string): Promise<void> {
      await markViewsSeen(deps.db, memberId, deps.clock.now());
    },
  };
}
