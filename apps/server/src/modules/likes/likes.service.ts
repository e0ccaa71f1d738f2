import {
  destinations,
  type Gender,
  type LikeEntry,
  type LikeKind,
  type MatchEvent,
  type MatchedMember,
} from '@mawadda/contract';
import type { NewAccountConfig } from '../../config.ts';
import { findMemberById, findVisibleMember } from '../../core/members.repository.ts';
import { isNewAccount } from '../../core/new-account.ts';
import { photosFor } from '../../core/profile-photos.ts';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { createDailyLimit } from '../../lib/daily-limit.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import type { MediaLinks } from '../../lib/media-links.ts';
import type { RateLimitStore } from '../../lib/rate-limiter.ts';
import type { RecordedEventsRegistry } from '../../lib/recorded-events.ts';
import type { Publish } from '../realtime/index.ts';
import {
  insertLike,
  likeExists,
  listLikers,
  markLikeOpened,
  markLikesSeen,
} from './likes.repository.ts';

const LIKE_LIST_LIMIT = 500;

export type LikesService = ReturnType<typeof createLikesService>;

/** A new like, or the like back that made a match: `to` is the member to tell (Web Push). */
export type LikeEvent = { kind: 'like' | 'match'; from: string; to: string; at: Date };

export function createLikesService(deps: {
  db: Database;
  clock: Clock;
  limiter: RateLimitStore;
  photoLinks: MediaLinks;
  /** New likes one member may give in a day: a person likes a few dozen, a script everyone. */
  likesPerDay: number;
  /** A new account, not verified, gives fewer (ADR 043). */
  newAccount: Pick<NewAccountConfig, 'ms' | 'likesPerDay'>;
  /** Delivers a body live to these members' subscribers of `destination` (the broker). */
  publish: Publish;
  /**
   * The outbox (ADR 064): a new like, or the like back that made a match, is recorded in the
   * statement that stores it, for the listeners that want it (push).
   */
  recorded: RecordedEventsRegistry;
}) {
  const { db, clock } = deps;
  const dailyLikes = createDailyLimit({
    limiter: deps.limiter,
    clock,
    name: 'likes',
    max: deps.likesPerDay,
    code: 'LIKES_DAILY_LIMIT',
  });
  /** The other member of a match, as `viewerId` is shown them: photos unblurred, they matched. */
  const matchedMember = (
    viewerId: string,
    member: { id: string; name: string; photoKeys: string[]; photosBlurred: boolean },
  ): MatchedMember => ({
    id: member.id,
    name: member.name,
    photoUrl:
      photosFor(deps.photoLinks, viewerId, { ...member, matched: true }).mediaUrls[0] ?? null,
  });

  /**
   * "It's a match" on the sockets of the member who liked first. Asked again now, after the
   * like was stored: a member who blocked the liker (or left) in the meantime is told nothing.
   */
  async function tellMatch(firstLiker: { id: string; gender: Gender | null }, likerId: string) {
    const likerSeen = await findVisibleMember(db, firstLiker, likerId);
    if (!likerSeen) return;
    const event: MatchEvent = { member: matchedMember(firstLiker.id, likerSeen) };
    await deps.publish(destinations.match(firstLiker.id), event, [firstLiker.id]);
  }

  return {
    /**
     * Likes a member once, with a like or a Lovely (a repeat, of either, changes nothing: the
     * first one stays), and says whether the like is mutual, and with whom. A like that makes a
     * new match is told live to the other member, once stored, if they still see the liker.
     */
    async like(
      likerId: string,
      likedId: string,
      kind: LikeKind,
    ): Promise<{ mutualLike: boolean; match?: MatchedMember }> {
      if (likerId === likedId) throw badRequest('LIKE_SELF');
      const liker = await findMemberById(db, likerId);
      const liked = liker && (await findVisibleMember(db, liker, likedId));
      if (!liker || !liked) throw notFound('MEMBER_NOT_FOUND');
      let added = false;
      if (!(await likeExists(db, likerId, likedId))) {
        const max = isNewAccount(liker, clock.now(), deps.newAccount.ms)
          ? deps.newAccount.likesPerDay
          : deps.likesPerDay;
        const slot = await dailyLikes.reserve(likerId, max);
        // The same like sent twice at once is stored once, and counted once.
        const stored = await insertLike(db, { likerId, likedId, kind }, clock.now(), (source) =>
          deps.recorded.insertSql('likes:liked', source),
        );
        added = stored.added;
        if (!added) await slot.release();
        if (stored.recorded > 0) deps.recorded.told('likes:liked');
      }
      if (!(await likeExists(db, likedId, likerId))) return { mutualLike: false };
      if (added) await tellMatch(liked, likerId);
      return { mutualLike: true, match: matchedMember(likerId, liked) };
    },

    /** Members who liked this member, newest first; `isNew` until the likes are marked seen. */
    async likers(memberId: string): Promise<LikeEntry[]> {
      const member = await findMemberById(db, memberId);
      if (!member) return [];
      const seenAt = member.likesSeenAt;
      const rows = await listLikers(db, member, LIKE_LIST_LIMIT);
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        age: row.age,
        gender: row.gender,
        ...photosFor(deps.photoLinks, memberId, row),
        verified: row.verified,
        createdAt: row.createdAt.toISOString(),
        isNew: seenAt === null || row.createdAt > seenAt,
        kind: row.kind,
        matched: row.matched,
      }));
    },

    async markSeen(memberId: string): Promise<void> {
      await markLikesSeen(db, memberId, clock.now());
    },
    /** docs/spec.md §4: "Opening a like … entry removes it from the list", on every device. */
    async open(memberId: string, likerId: string): Promise<void> {
      if (!(await markLikeOpened(db, memberId, likerId, clock.now()))) {
        throw notFound('LIKE_NOT_FOUND');
      }
    },
  };
}
