import {
  type ComplimentRequest,
  destinations,
  type Gender,
  type LikeEntry,
  type LikeKind,
  type MatchEvent,
  type MatchedMember,
} from '@mawadda/contract';
import type { Config, NewAccountConfig } from '../../config.ts';
import type { Member } from '../../core/member-columns.ts';
import type { MemberTexts } from '../../core/member-texts.ts';
import { findMemberById, findVisibleMember } from '../../core/members.repository.ts';
import { isNewAccount } from '../../core/new-account.ts';
import { photosFor } from '../../core/profile-photos.ts';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { createDailyLimit } from '../../lib/daily-limit.ts';
import { badRequest, HttpError, notFound } from '../../lib/http-error.ts';
import type { MediaLinks } from '../../lib/media-links.ts';
import type { RateLimitStore } from '../../lib/rate-limiter.ts';
import type { RecordedEventsRegistry } from '../../lib/recorded-events.ts';
import type { Publish } from '../realtime/index.ts';
import { checkCompliment, receivedCompliment } from './compliments.ts';
import {
  insertLike,
  likeExists,
  listLikers,
  markLikeOpened,
  markLikesSeen,
} from './likes.repository.ts';

const LIKE_LIST_LIMIT = 500;

export type LikesService = ReturnType<typeof createLikesService>;

/**
 * A new like, or the like back that made a match: `to` is the member to tell (Web Push). With a
 * compliment (ADR 071), its note when the scam shield found nothing in it, else null.
 */
export type LikeEvent = {
  kind: 'like' | 'match';
  from: string;
  to: string;
  at: Date;
  compliment?: { text: string | null } | null;
};

export function createLikesService(deps: {
  db: Database;
  clock: Clock;
  limiter: RateLimitStore;
  photoLinks: MediaLinks;
  /** New likes one member may give in a day: a person likes a few dozen, a script everyone. */
  likesPerDay: number;
  /** A new account, not verified, gives fewer (ADR 043). */
  newAccount: Pick<NewAccountConfig, 'ms' | 'likesPerDay'>;
  /** Likes with a compliment a day, without and with a subscription (ADR 071). */
  compliments: Config['compliments'];
  /** The scam shield and a new account's contact details, read in a compliment's note. */
  memberTexts: MemberTexts;
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
  const dailyCompliments = createDailyLimit({
    limiter: deps.limiter,
    clock,
    name: 'compliments',
    max: deps.compliments.perDay,
    code: 'COMPLIMENTS_DAILY_LIMIT',
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

  /**
   * Today's slots of a new like and, with a compliment, of a compliment: a subscriber has more
   * compliments, a new account fewer likes (ADR 043). Either refused, neither is kept.
   */
  async function reserveSlots(liker: Member, complimented: boolean) {
    const now = clock.now();
    const complimentSlot = complimented
      ? await dailyCompliments.reserve(
          liker.id,
          liker.subscriptionEndsAt !== null && liker.subscriptionEndsAt > now
            ? deps.compliments.subscriberPerDay
            : deps.compliments.perDay,
        )
      : undefined;
    const max = isNewAccount(liker, now, deps.newAccount.ms)
      ? deps.newAccount.likesPerDay
      : deps.likesPerDay;
    try {
      const likeSlot = await dailyLikes.reserve(liker.id, max);
      return {
        release: async () => {
          await likeSlot.release();
          await complimentSlot?.release();
        },
      };
    } catch (refusal) {
      await complimentSlot?.release();
      throw refusal;
    }
  }

  return {
    /**
     * Likes a member once, with a like or a Lovely (a repeat, of either, changes nothing: the
     * first one stays), and says whether the like is mutual, and with whom. A like that makes a
     * new match is told live to the other member, once stored, if they still see the liker. A
     * compliment comes with a new like only, both stored or neither (ADR 071).
     */
    async like(
      likerId: string,
      likedId: string,
      kind: LikeKind,
      compliment?: ComplimentRequest,
    ): Promise<{ mutualLike: boolean; match?: MatchedMember }> {
      if (likerId === likedId) throw badRequest('LIKE_SELF');
      const liker = await findMemberById(db, likerId);
      const liked = liker && (await findVisibleMember(db, liker, likedId));
      if (!liker || !liked) throw notFound('MEMBER_NOT_FOUND');
      const checked = compliment && (await checkCompliment(deps, liker, liked, compliment));
      let added = false;
      if (checked || !(await likeExists(db, likerId, likedId))) {
        const slots = await reserveSlots(liker, checked !== undefined);
        // The same like sent twice at once is stored once, and counted once.
        const stored = await insertLike(
          db,
          { likerId, likedId, kind, ...(checked ? { compliment: checked } : {}) },
          clock.now(),
          (source) => deps.recorded.insertSql('likes:liked', source),
        );
        added = stored.added;
        if (!added) await slots.release();
        if (stored.recorded > 0) deps.recorded.told('likes:liked');
        // Its twin was stored first: this note was not, and must not read as sent.
        if (!added && checked) throw new HttpError(409, 'COMPLIMENT_ALREADY_LIKED');
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
        compliment: receivedCompliment(deps.photoLinks, memberId, row),
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
