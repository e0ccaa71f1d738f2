import type { ComplimentTarget, LikeKind } from '@mawadda/contract';
import { and, desc, eq, isNull, not, type SQL, sql } from 'drizzle-orm';
import { blockedBetween } from '../../core/member-rules.ts';
import { likeStateColumns, type Viewer, visibleTo } from '../../core/member-view.ts';
import type { Executor } from '../../db/database.ts';
import { compliments, likes, members, photos, promptAnswers } from '../../db/schema.ts';
import type { RecordedSource } from '../../lib/recorded-events.ts';

/** A compliment as it is stored: its note, the shield's bits, and the one thing it is about. */
export type CheckedCompliment = { note: string; shield: number; about: ComplimentTarget };

/**
 * The compliment's insert, a CTE after the like's (`added`): it is stored with its like or not at
 * all (ADR 071). A photo removed since it was checked is stored as none (`photo_id` null), as its
 * removal would have made it.
 */
function complimentInsert(compliment: CheckedCompliment) {
  const { about } = compliment;
  const photoId =
    about.kind === 'photo'
      ? sql`(select p.id from photos p where p.id = ${about.photoId}::uuid and p.member_id = added.liked_id)`
      : sql`null::uuid`;
  const answerKey = about.kind === 'answer' ? about.key : null;
  const prompt = about.kind === 'prompt' ? about.prompt : null;
  return sql`, complimented as (
      insert into compliments (liker_id, liked_id, note, shield, photo_id, answer_key, prompt, about_kind)
      select added.liker_id, added.liked_id, ${compliment.note}, ${compliment.shield}::smallint,
        ${photoId}, ${answerKey}::text, ${prompt}::text, ${about.kind}::text
      from added
      returning 1
    )`;
}

/**
 * What the push says of a compliment (ADR 071): that there is one, and its note only when the
 * scam shield found nothing in it, as a message's text is withheld then.
 */
function complimentOfEvent(compliment: CheckedCompliment | undefined) {
  if (!compliment) return sql`null::json`;
  return sql`json_build_object('text', ${compliment.shield === 0 ? compliment.note : null}::text)`;
}

/**
 * Idempotent: liking twice keeps the first like and its time. A new like is recorded in the same
 * statement where `record` writes it (ADR 064): a match when the other member's like was
 * already committed, else a like. Its compliment, if any, is stored in the same statement, with
 * the like only. Answers whether the like is new (false: it was already there) and how many
 * events were recorded.
 */
export async function insertLike(
  db: Executor,
  like: { likerId: string; likedId: string; kind: LikeKind; compliment?: CheckedCompliment },
  now: Date,
  record: (source: RecordedSource) => SQL | undefined,
): Promise<{ added: boolean; recorded: number }> {
  const recording = record({
    rows: sql`added`,
    member: sql`added.liked_id`,
    payload: sql`json_build_object('kind', case when exists (select 1 from likes r
        where r.liker_id = added.liked_id and r.liked_id = added.liker_id) then 'match'
        else 'like' end,
      'from', added.liker_id, 'to', added.liked_id, 'at', added.created_at,
      'compliment', ${complimentOfEvent(like.compliment)})`,
  });
  const result = await db.execute<{ added: number; recorded: number }>(sql`
    with added as (
      insert into likes (liker_id, liked_id, kind, created_at)
      values (${like.likerId}::uuid, ${like.likedId}::uuid, ${like.kind}, ${now.toISOString()}::timestamptz)
      on conflict do nothing
      returning liker_id, liked_id, created_at
    )${like.compliment ? complimentInsert(like.compliment) : sql``}${recording ? sql`, recorded as (${recording})` : sql``}
    select (select count(*) from added)::int as added,
      ${recording ? sql`(select count(*) from recorded)::int` : sql`0`} as recorded`);
  const [row] = result.rows;
  return { added: Number(row?.added ?? 0) > 0, recorded: Number(row?.recorded ?? 0) };
}

export async function likeExists(db: Executor, likerId: string, likedId: string) {
  const [row] = await db
    .select({ found: sql<number>`1` })
    .from(likes)
    .where(and(eq(likes.likerId, likerId), eq(likes.likedId, likedId)));
  return row !== undefined;
}

/** Whether this photo is one of the member's. */
export async function memberPhotoExists(db: Executor, memberId: string, photoId: string) {
  const [row] = await db
    .select({ found: sql<number>`1` })
    .from(photos)
    .where(and(eq(photos.id, photoId), eq(photos.memberId, memberId)));
  return row !== undefined;
}

/** Whether the member answers this prompt on their profile now (a moderator's removal deletes it). */
export async function memberPromptAnswered(
  db: Executor,
  memberId: string,
  prompt: (typeof promptAnswers.$inferSelect)['prompt'],
) {
  const [row] = await db
    .select({ found: sql<number>`1` })
    .from(promptAnswers)
    .where(and(eq(promptAnswers.memberId, memberId), eq(promptAnswers.prompt, prompt)));
  return row !== undefined;
}

/**
 * Who liked the member, newest first, among the members the member may see, unopened, with the
 * compliment each like came with and the thumbnail of her photo, or her answer to the prompt, it
 * is about, as they are now (ADR 071).
 */
export async function listLikers(db: Executor, member: Viewer, limit: number) {
  return db
    .select({
      id: members.id,
      name: members.name,
      age: members.age,
      gender: members.gender,
      photoKeys: members.photoKeys,
      photosBlurred: members.photosBlurred,
      verified: sql<boolean>`${members.verifiedAt} is not null`.mapWith(Boolean),
      createdAt: likes.createdAt,
      kind: likes.kind,
      // They liked me; a match once I liked them back.
      matched: likeStateColumns(member.id).likedByMe,
      compliment: {
        note: compliments.note,
        shield: compliments.shield,
        aboutKind: compliments.aboutKind,
        answerKey: compliments.answerKey,
        photoThumbnailKey: photos.thumbnailKey,
        prompt: compliments.prompt,
        promptAnswer: promptAnswers.answer,
      },
    })
    .from(likes)
    .innerJoin(members, eq(members.id, likes.likerId))
    .leftJoin(
      compliments,
      and(eq(compliments.likerId, likes.likerId), eq(compliments.likedId, likes.likedId)),
    )
    .leftJoin(photos, eq(photos.id, compliments.photoId))
    .leftJoin(
      promptAnswers,
      and(
        eq(promptAnswers.memberId, compliments.likedId),
        eq(promptAnswers.prompt, compliments.prompt),
      ),
    )
    .where(and(eq(likes.likedId, member.id), isNull(likes.openedAt), visibleTo(member)))
    .orderBy(desc(likes.createdAt))
    .limit(limit);
}

export async function markLikesSeen(db: Executor, memberId: string, now: Date) {
  await db.update(members).set({ likesSeenAt: now }).where(eq(members.id, memberId));
}

/**
 * The member opened the like `likerId` sent them: it leaves their list. Answers false when there
 * is no such like to open (never sent, taken back, or between members a block separates).
 */
export async function markLikeOpened(db: Executor, memberId: string, likerId: string, now: Date) {
  const opened = await db
    .update(likes)
    .set({ openedAt: sql`coalesce(${likes.openedAt}, ${now.toISOString()}::timestamptz)` })
    .where(
      and(
        eq(likes.likerId, likerId),
        eq(likes.likedId, memberId),
        not(blockedBetween(memberId, likerId)),
      ),
    )
    .returning({ likerId: likes.likerId });
  return opened.length > 0;
}
