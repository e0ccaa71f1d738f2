import type { LikeEntry } from '@mawadda/contract';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, notFound, tooManyRequests } from '../../lib/http-error.ts';
import { consumeLimits, type Limit, type RateLimitStore } from '../../lib/rate-limiter.ts';
import { findVisibleMember } from '../discovery/discovery.repository.ts';
import { MEMBER_NOT_FOUND_MESSAGE } from '../discovery/discovery.service.ts';
import type { MediaStore } from '../media/media-store.ts';
import { photoUrls } from '../users/member-view.ts';
import { findMemberById } from '../users/members.repository.ts';
import { insertLike, likeExists, listLikers, markLikesSeen } from './likes.repository.ts';

export const likesPerMember = { name: 'likes', max: 300, windowMs: 60 * 60 * 1000 } satisfies Limit;
const LIKE_LIST_LIMIT = 500;

export type LikesService = ReturnType<typeof createLikesService>;

export function createLikesService(deps: {
  db: Database;
  clock: Clock;
  limiter: RateLimitStore;
  mediaStore: MediaStore;
}) {
  const { db, clock } = deps;
  return {
    /** Likes a member once (a repeat changes nothing) and says whether the like is mutual. */
    async like(likerId: string, likedId: string): Promise<{ mutualLike: boolean }> {
      if (likerId === likedId) throw badRequest('You cannot like your own profile.');
      if (!(await findVisibleMember(db, likerId, likedId)))
        throw notFound(MEMBER_NOT_FOUND_MESSAGE);
      if (!(await likeExists(db, likerId, likedId))) {
        await consumeLimits(deps.limiter, [{ limit: likesPerMember, key: likerId }], (ms) =>
          tooManyRequests(ms, 'likes'),
        );
        await insertLike(db, likerId, likedId, clock.now());
      }
      return { mutualLike: await likeExists(db, likedId, likerId) };
    },

    /** Members who liked this member, newest first; `isNew` until the likes are marked seen. */
    async likers(memberId: string): Promise<LikeEntry[]> {
      const member = await findMemberById(db, memberId);
      const seenAt = member?.likesSeenAt ?? null;
      const rows = await listLikers(db, memberId, LIKE_LIST_LIMIT);
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        age: row.age,
        gender: row.gender,
        mediaUrls: photoUrls(deps.mediaStore, row.photoKeys),
        createdAt: row.createdAt.toISOString(),
        isNew: seenAt === null || row.createdAt > seenAt,
      }));
    },

    async markSeen(memberId: string): Promise<void> {
      await markLikesSeen(db, memberId, clock.now());
    },
  };
}
