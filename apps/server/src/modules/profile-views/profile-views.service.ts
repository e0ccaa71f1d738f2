import type { ProfileViewEntry } from '@mawadda/contract';
import { findMemberById } from '../../core/members.repository.ts';
import { photosFor } from '../../core/profile-photos.ts';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { MediaLinks } from '../../lib/media-links.ts';
import { listViewers, markViewsSeen } from './profile-views.repository.ts';

const VIEW_LIST_LIMIT = 500;

export type ProfileViewsService = ReturnType<typeof createProfileViewsService>;

export function createProfileViewsService(deps: {
  db: Database;
  clock: Clock;
  photoLinks: MediaLinks;
}) {
  return {
    async viewers(memberId: string): Promise<ProfileViewEntry[]> {
      const member = await findMemberById(deps.db, memberId);
      if (!member) return [];
      const rows = await listViewers(deps.db, member, VIEW_LIST_LIMIT);
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        age: row.age,
        gender: row.gender,
        ...photosFor(deps.photoLinks, memberId, row),
        verified: row.verified,
        viewedAt: row.viewedAt.toISOString(),
      }));
    },

    async markSeen(memberId: string): Promise<void> {
      await markViewsSeen(deps.db, memberId, deps.clock.now());
    },
  };
}
