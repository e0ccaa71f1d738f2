import { RESTRICTIONS } from '@mawadda/contract';
import { type SQL, sql } from 'drizzle-orm';
import { blockedBetween } from '../../core/member-rules.ts';
import type { Executor } from '../../db/database.ts';

/**
 * `countUnseen`'s new likes as a SQL expression of `memberId` (a value or a column): what a
 * statement of another module reads beside its own (the push's badge).
 */
export function newLikesSql(memberId: SQL): SQL {
  return sql`(select count(*)::int from likes l join members m on m.id = ${memberId}
    where l.liked_id = m.id and l.created_at > coalesce(m.likes_seen_at, '-infinity')
      and not ${blockedBetween(memberId, sql`l.liker_id`)})`;
}

const restrictions = sql.join(
  RESTRICTIONS.map((kind) => sql`${kind}`),
  sql`, `,
);

/**
 * Counts since the member last looked, from the likes and views indexes; none from a block. And
 * the moderators' decisions about them not yet read (ADR 084), from the record's member index.
 */
export async function countUnseen(db: Executor, memberId: string) {
  const result = await db.execute<{
    new_likes: number;
    new_views: number;
    last_like_at: Date | string | null;
    new_decisions: number;
  }>(sql`
    select
      (select count(*)::int from likes l
        where l.liked_id = m.id and l.created_at > coalesce(m.likes_seen_at, '-infinity')
          and not ${blockedBetween(memberId, sql`l.liker_id`)}) as new_likes,
      (select count(distinct v.viewer_id)::int from profile_views v
        where v.viewed_id = m.id and v.viewed_at > coalesce(m.views_seen_at, '-infinity')
          and not ${blockedBetween(memberId, sql`v.viewer_id`)}) as new_views,
      (select max(l.created_at) from likes l
        where l.liked_id = m.id and not ${blockedBetween(memberId, sql`l.liker_id`)}) as last_like_at,
      (select count(*)::int from moderation_actions a
        where a.member_id = m.id and a.action in (${restrictions})
          and a.created_at > coalesce(m.statements_seen_at, '-infinity')) as new_decisions
    from members m where m.id = ${memberId}`);
  const row = result.rows[0];
  return {
    newLikes: row?.new_likes ?? 0,
    newViews: row?.new_views ?? 0,
    lastLikeAt: row?.last_like_at ? new Date(row.last_like_at) : null,
    newDecisions: row?.new_decisions ?? 0,
  };
}
