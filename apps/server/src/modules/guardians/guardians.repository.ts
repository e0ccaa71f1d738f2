import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { conversationPage, type MessageRow } from '../../core/conversations.ts';
import { blockedBetween, consentGiven, unmatchedBetween } from '../../core/member-rules.ts';
import type { Executor } from '../../db/database.ts';
import {
  guardianFollows,
  guardianSettings,
  guardians,
  guardianVisits,
  members,
  messages,
} from '../../db/schema.ts';

export type GuardianRow = typeof guardians.$inferSelect;
export type FollowRow = typeof guardianFollows.$inferSelect;

/** The member's guardians whose link works, the oldest first. */
export async function activeGuardians(db: Executor, memberId: string): Promise<GuardianRow[]> {
  return db
    .select()
    .from(guardians)
    .where(and(eq(guardians.memberId, memberId), isNull(guardians.revokedAt)))
    .orderBy(guardians.createdAt, guardians.id);
}

/**
 * The member's row, locked for the transaction: two guardians added at once are counted one
 * after the other, so the cap holds. Answers the member's name, or undefined when gone.
 */
export async function lockMember(db: Executor, memberId: string) {
  const [row] = await db
    .select({ name: members.name })
    .from(members)
    .where(eq(members.id, memberId))
    .for('update');
  return row;
}

export async function insertGuardian(
  db: Executor,
  values: Pick<
    GuardianRow,
    'memberId' | 'name' | 'relation' | 'email' | 'language' | 'tokenHash'
  > & {
    createdAt: Date;
  },
): Promise<GuardianRow> {
  const [row] = await db.insert(guardians).values(values).returning();
  if (!row) throw new Error('The guardian was not stored');
  return row;
}

/** Revokes one of the member's guardians; answers whether one was revoked now. */
export async function revokeGuardian(
  db: Executor,
  memberId: string,
  guardianId: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(guardians)
    .set({ revokedAt: now })
    .where(
      and(
        eq(guardians.id, guardianId),
        eq(guardians.memberId, memberId),
        isNull(guardians.revokedAt),
      ),
    )
    .returning({ id: guardians.id });
  return rows.length > 0;
}

/**
 * The guardian of a link (the invitation's, or a digest's until it expires) and their member,
 * while the guardian is not revoked and the member's account is active and consented: a ban, a
 * suspension or a deletion ends every view.
 */
export async function guardianByTokenHash(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      id: guardians.id,
      memberId: guardians.memberId,
      name: guardians.name,
      language: guardians.language,
      digest: guardians.digest,
      memberName: members.name,
    })
    .from(guardians)
    .innerJoin(members, eq(members.id, guardians.memberId))
    .where(
      and(
        sql`${guardians.id} = (select g.id from guardians g where g.token_hash = ${tokenHash}
          union all
          select l.guardian_id from guardian_links l
          where l.token_hash = ${tokenHash} and l.expires_at > ${now.toISOString()}::timestamptz
          limit 1)`,
        isNull(guardians.revokedAt),
        eq(members.standing, 'active'),
        consentGiven(sql`${members.id}`),
      ),
    );
  return row;
}

export async function recordVisit(db: Executor, guardianId: string, at: Date): Promise<void> {
  await db.insert(guardianVisits).values({ guardianId, at });
  await db.update(guardians).set({ lastVisitAt: at }).where(eq(guardians.id, guardianId));
}

/** The openings of the member's guardians' pages, the latest first (revoked guardians too). */
export async function visitsOf(db: Executor, memberId: string, limit: number) {
  return db
    .select({ guardianId: guardians.id, guardianName: guardians.name, at: guardianVisits.at })
    .from(guardianVisits)
    .innerJoin(guardians, eq(guardians.id, guardianVisits.guardianId))
    .where(eq(guardians.memberId, memberId))
    .orderBy(desc(guardianVisits.at), desc(guardianVisits.id))
    .limit(limit);
}

export async function followNewOf(db: Executor, memberId: string): Promise<boolean> {
  const [row] = await db
    .select({ followNew: guardianSettings.followNew })
    .from(guardianSettings)
    .where(eq(guardianSettings.memberId, memberId));
  return row?.followNew ?? false;
}

export async function saveFollowNew(db: Executor, memberId: string, followNew: boolean) {
  await db
    .insert(guardianSettings)
    .values({ memberId, followNew })
    .onConflictDoUpdate({ target: guardianSettings.memberId, set: { followNew } });
}

/** The member's choice for each conversation that has one. */
export async function followsOf(db: Executor, memberId: string): Promise<FollowRow[]> {
  return db.select().from(guardianFollows).where(eq(guardianFollows.memberId, memberId));
}

export async function lockFollow(
  db: Executor,
  memberId: string,
  otherId: string,
): Promise<FollowRow | undefined> {
  const [row] = await db
    .select()
    .from(guardianFollows)
    .where(and(eq(guardianFollows.memberId, memberId), eq(guardianFollows.otherId, otherId)))
    .for('update');
  return row;
}

export async function saveFollow(db: Executor, row: FollowRow): Promise<void> {
  await db
    .insert(guardianFollows)
    .values(row)
    .onConflictDoUpdate({
      target: [guardianFollows.memberId, guardianFollows.otherId],
      set: { followed: row.followed, noticeSeq: row.noticeSeq, since: row.since },
    });
}

/** Rows the member made without telling anyone: following was chosen while no guardian was. */
export async function clearNotices(db: Executor, memberId: string): Promise<void> {
  await db
    .update(guardianFollows)
    .set({ noticeSeq: null, since: null })
    .where(eq(guardianFollows.memberId, memberId));
}

/**
 * What a guardian of `memberId` may see of the conversation with `other` (a column or a value):
 * followed, the other member told (a notice line), still active and consented, no block either
 * way and no ended match. Checked on every request: any of these ending ends the view at once.
 */
export function viewable(memberId: string, other: ReturnType<typeof sql>) {
  return sql`gf.member_id = ${memberId} and gf.other_id = ${other} and gf.followed
    and gf.notice_seq is not null
    and exists (select 1 from members o where o.id = gf.other_id and o.standing = 'active')
    and ${consentGiven(sql`gf.other_id`)}
    and not ${blockedBetween(memberId, sql`gf.other_id`)}
    and not ${unmatchedBetween(memberId, sql`gf.other_id`)}`;
}

export type ViewableConversation = {
  id: string;
  name: string;
  photoKeys: string[];
  photosBlurred: boolean;
  matched: boolean;
  noticeSeq: number;
  since: Date;
  lastMessageAt: Date | null;
};

/** The conversations a guardian of `memberId` may see, the most recent first. */
export async function viewableConversations(
  db: Executor,
  memberId: string,
  otherId?: string,
): Promise<ViewableConversation[]> {
  const result = await db.execute<{
    id: string;
    name: string;
    photo_keys: string[];
    photos_blurred: boolean;
    matched: boolean;
    notice_seq: string | number;
    since: Date | string;
    last_message_at: Date | string | null;
  }>(sql`
    select o.id, o.name, o.photo_keys, o.photos_blurred,
      exists (select 1 from likes a join likes b on b.liker_id = a.liked_id and b.liked_id = a.liker_id
        where a.liker_id = ${memberId} and a.liked_id = o.id) as matched,
      gf.notice_seq, gf.since,
      (select max(sent_at) from messages m
        where least(m.sender_id, m.receiver_id) = least(${memberId}::uuid, o.id)
          and greatest(m.sender_id, m.receiver_id) = greatest(${memberId}::uuid, o.id)
          and m.seq >= gf.notice_seq) as last_message_at
    from guardian_follows gf
    join members o on o.id = gf.other_id
    where ${viewable(memberId, otherId === undefined ? sql`gf.other_id` : sql`${otherId}::uuid`)}
    order by last_message_at desc nulls last, o.id`);
  return result.rows.map((r) => ({
    id: r.id,
    name: r.name,
    photoKeys: r.photo_keys,
    photosBlurred: r.photos_blurred,
    matched: r.matched,
    noticeSeq: Number(r.notice_seq),
    since: new Date(r.since),
    lastMessageAt: r.last_message_at ? new Date(r.last_message_at) : null,
  }));
}

/**
 * What a guardian reads of a conversation they may view (one of `viewableConversations`): a page
 * of it as the chat pages it, from its notice line on, never earlier (ADR 045).
 */
export function guardianConversationPage(
  db: Executor,
  memberId: string,
  otherId: string,
  viewable: Pick<ViewableConversation, 'noticeSeq'>,
  query: { before?: string | undefined; size?: number | undefined },
): Promise<MessageRow[]> {
  return conversationPage(
    db,
    memberId,
    otherId,
    query,
    sql`${messages.seq} >= ${viewable.noticeSeq}`,
  );
}
