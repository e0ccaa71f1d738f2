import { eq, sql } from 'drizzle-orm';
import { likeStateColumns, type Viewer, visibleTo } from '../../core/member-view.ts';
import type { Executor } from '../../db/database.ts';
import { members } from '../../db/schema.ts';

/** Each viewer once, at their latest view, newest first. */
export async function listViewers(db: Executor, member: Viewer, limit: number) {
  const result = await db.execute<{
    id: string;
    name: string;
    age: number | null;
    gender: 'homme' | 'femme' | null;
    photo_keys: string[];
    photos_blurred: boolean;
    verified: boolean;
    matched: boolean;
    viewed_at: Date | string;
  }>(sql`
    select members.id, members.name, members.age, members.gender, members.photo_keys,
      members.photos_blurred, members.verified_at is not null as verified,
      ${likeStateColumns(member.id).matched} as matched, v.viewed_at
    from (
      select viewer_id, max(viewed_at) as viewed_at
      from profile_views where viewed_id = ${member.id}
      group by viewer_id
    ) v
    join members on members.id = v.viewer_id
    where ${visibleTo(member)}
    order by v.viewed_at desc
    limit ${limit}`);
  // Raw rows stop here: the rest of the server reads camelCase, like drizzle's own answers.
  return result.rows.map((r) => ({
    id: r.id,
    name: r.name,
    age: r.age,
    gender: r.gender,
    photoKeys: r.photo_keys,
    photosBlurred: r.photos_blurred,
    verified: r.verified,
    matched: r.matched,
    viewedAt: new Date(r.viewed_at),
  }));
}

export async function markViewsSeen(db: Executor, memberId: string, now: Date) {
  await db.update(members).set({ viewsSeenAt: now }).where(eq(members.id, memberId));
}
