import {
  type DecisionFact,
  type GuidelineRule,
  type IllegalContentKind,
  type MemberRole,
  MODERATION_ACTIONS,
  type ProfileText,
  type PublicReportSubject,
  type RecordedModerationAction,
  type ReportPriority,
  type ReportQueueQuery,
  type ReportReason,
  type ReviewState,
} from '@mawadda/contract';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { SHIELD_BITS } from '../../core/scam-rules.ts';
import type { Executor } from '../../db/database.ts';
import {
  appeals,
  compliments,
  members,
  messages,
  moderationActions,
  moderationSubjects,
  photos,
  reports,
} from '../../db/schema.ts';

export type ReportRow = typeof reports.$inferSelect;

/** Between the notes a report gathers as its reporter adds to it. */
const NOTE_SEPARATOR = '\n\n';

/**
 * Files a report, or adds to the reporter's open report on this member (one per pair, guarded by
 * `reports_open_pair_idx` against reports sent at once): a new reason is added after the others,
 * a new note after the others (one already there is not repeated), the messages joined, and the
 * report's update time moved. Answers undefined, changing nothing, when the notes would pass
 * `maxNoteLength`.
 */
export async function fileReport(
  db: Executor,
  report: {
    reporterId: string;
    reportedId: string;
    reason: ReportReason;
    note: string | null;
    messageSeqs: number[];
    at: Date;
  },
  maxNoteLength: number,
): Promise<{ id: string } | undefined> {
  const { at, reason, ...rest } = report;
  const notes = sql`case
    when excluded.note is null then ${reports.note}
    when ${reports.note} is null then excluded.note
    when strpos(${reports.note}, excluded.note) > 0 then ${reports.note}
    else ${reports.note} || ${NOTE_SEPARATOR}::text || excluded.note end`;
  const [row] = await db
    .insert(reports)
    .values({ ...rest, reasons: [reason], createdAt: at, updatedAt: at })
    .onConflictDoUpdate({
      target: [reports.reporterId, reports.reportedId],
      targetWhere: sql`${reports.closedAt} is null`,
      set: {
        reasons: sql`${reports.reasons} || array(
          select r from unnest(excluded.reasons) r where r <> all(${reports.reasons}))`,
        note: notes,
        messageSeqs: sql`array(
          select distinct s from unnest(${reports.messageSeqs} || excluded.message_seqs) s order by s)`,
        updatedAt: sql`excluded.updated_at`,
      },
      setWhere: sql`coalesce(length(${notes}), 0) <= ${maxNoteLength}`,
    })
    .returning({ id: reports.id });
  return row;
}

/**
 * A report by the server itself (the scam shield, ADR 043): no reporter, one open per member
 * (`reports_open_automatic_idx`). Filed again while open, its reason joins the others and its
 * messages are added. No note: what it found is read from the messages' shield bits.
 */
export async function fileAutomaticReport(
  db: Executor,
  report: {
    reportedId: string;
    reason: ReportReason;
    messageSeqs: number[];
    at: Date;
  },
): Promise<{ id: string }> {
  const { at, reason, ...rest } = report;
  const [row] = await db
    .insert(reports)
    .values({ ...rest, reporterId: null, reasons: [reason], createdAt: at, updatedAt: at })
    .onConflictDoUpdate({
      target: [reports.reportedId],
      targetWhere: sql`${reports.closedAt} is null and ${reports.reporterId} is null and ${reports.illegalContent} is null`,
      set: {
        reasons: sql`${reports.reasons} || array(
          select r from unnest(excluded.reasons) r where r <> all(${reports.reasons}))`,
        messageSeqs: sql`array(
          select distinct s from unnest(${reports.messageSeqs} || excluded.message_seqs) s order by s)`,
        updatedAt: sql`excluded.updated_at`,
      },
    })
    .returning({ id: reports.id });
  if (!row) throw new Error('An automatic report was not stored');
  return row;
}

/** The `seq` of those of `uuids` that `senderId` sent `receiverId` (call entries excepted). */
export async function messagesSentTo(
  db: Executor,
  senderId: string,
  receiverId: string,
  uuids: readonly string[],
): Promise<number[]> {
  if (uuids.length === 0) return [];
  const rows = await db
    .select({ seq: messages.seq })
    .from(messages)
    .where(
      and(
        eq(messages.senderId, senderId),
        eq(messages.receiverId, receiverId),
        inArray(messages.uuid, [...uuids]),
        isNull(messages.callId),
        isNull(messages.notice),
      ),
    )
    .orderBy(asc(messages.seq));
  return rows.map((row) => row.seq);
}

/** What the scam shield flags as money asked for (ADR 043): the money and crypto rules. */
const MONEY_BITS = SHIELD_BITS.money | SHIELD_BITS.crypto;

/**
 * The queue (ADR 080), one statement whatever the filters: the reports `moderatorId` may act
 * on, by priority (a reported minor, then money asked for by a reason or in a flagged message,
 * then the rest), then oldest first; closed ones (the `closed` filter) last closed first. Each
 * with the reported member, their review state and assignee, and how many members reported them
 * (a member reporting again adds to their report: one pattern, one person). None about the
 * moderator (they would learn who reported them) and none they filed.
 */
export async function queuedReports(
  db: Executor,
  moderatorId: string,
  filters: ReportQueueQuery,
  limit: number,
) {
  const closed = filters.state === 'closed';
  const state = filters.state ?? null;
  const reason = filters.reason ?? null;
  const assignee = filters.assignee ?? 'anyone';
  const result = await db.execute<{
    id: string;
    reasons: ReportReason[];
    note: string | null;
    message_seqs: Array<string | number>;
    illegal_content: IllegalContentKind | null;
    public_subject: PublicReportSubject | null;
    created_at: Date | string;
    updated_at: Date | string;
    priority: ReportPriority;
    review_state: ReviewState;
    assignee_id: string | null;
    reporter_id: string | null;
    reporter_name: string | null;
    reporter_deleted: boolean | null;
    reported_id: string;
    reported_name: string;
    age: number | null;
    gender: string | null;
    location: string | null;
    country_code: string | null;
    bio: string | null;
    profession: string | null;
    photo_keys: string[];
    standing: 'active' | 'suspended' | 'banned';
    reporter_count: number;
    compliment: string | null;
  }>(sql`
    select q.*,
      reporter.id as reporter_id, reporter.name as reporter_name,
      reporter.standing = 'deleted' as reporter_deleted,
      reported.id as reported_id, reported.name as reported_name, reported.age, reported.gender,
      reported.location, reported.country_code, reported.bio, reported.profession,
      reported.photo_keys, reported.standing,
      (select count(distinct c.reporter_id)::int from reports c
        where c.reported_id = q.reported_id) as reporter_count,
      (select k.note from compliments k
        where k.liker_id = q.reported_id and k.liked_id = q.reporter_id) as compliment
    from (
      select r.id, r.reasons, r.note, r.message_seqs, r.illegal_content, r.public_subject,
        r.created_at, r.updated_at, r.closed_at, r.reporter_id, r.reported_id, s.assignee_id,
        case
          when 'under-18' = any(r.reasons) then 'minor'
          when 'asking-for-money' = any(r.reasons) or exists (select 1 from messages m
            where m.seq = any(r.message_seqs) and m.shield & ${MONEY_BITS} <> 0) then 'money'
          else 'other' end as priority,
        case
          when r.closed_at is not null then 'closed'
          when s.state = 'escalated' then 'escalated'
          else 'open' end as review_state
      from reports r
      left join moderation_subjects s on s.member_id = r.reported_id
      -- A literal predicate either way, so each side reads its own partial index.
      where ${closed ? sql`r.closed_at is not null` : sql`r.closed_at is null`}
        and r.reported_id <> ${moderatorId} and r.reporter_id is distinct from ${moderatorId}
        and (${reason}::text is null or ${reason}::text = any(r.reasons))
        and (${assignee}::text = 'anyone'
          or (${assignee}::text = 'me' and s.assignee_id = ${moderatorId})
          or (${assignee}::text = 'unassigned' and s.assignee_id is null))
    ) q
    left join members reporter on reporter.id = q.reporter_id
    join members reported on reported.id = q.reported_id
    where ${state}::text is null or q.review_state = ${state}::text
    order by
      ${closed ? sql`q.closed_at desc` : sql`array_position(array['minor', 'money', 'other'], q.priority), q.created_at`},
      q.id
    limit ${limit}`);
  // Raw rows stop here: the rest of the server reads camelCase, like drizzle's own answers.
  return result.rows.map((r) => ({
    id: r.id,
    reasons: r.reasons,
    note: r.note,
    messageSeqs: r.message_seqs.map(Number),
    publicReport:
      r.illegal_content && r.public_subject
        ? { illegalContent: r.illegal_content, subject: r.public_subject }
        : null,
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
    priority: r.priority,
    reviewState: r.review_state,
    assigneeId: r.assignee_id,
    reporter:
      r.reporter_id === null
        ? null
        : { id: r.reporter_id, name: r.reporter_name ?? '', deleted: r.reporter_deleted === true },
    reported: {
      id: r.reported_id,
      name: r.reported_name,
      age: r.age,
      gender: r.gender,
      location: r.location,
      countryCode: r.country_code,
      bio: r.bio,
      profession: r.profession,
      photoKeys: r.photo_keys,
      standing: r.standing,
      reporterCount: r.reporter_count,
    },
    compliment: r.compliment,
  }));
}

export async function messagesBySeq(db: Executor, seqs: readonly number[]) {
  if (seqs.length === 0) return [];
  return db
    .select()
    .from(messages)
    .where(inArray(messages.seq, [...seqs]))
    .orderBy(asc(messages.seq));
}

/** The reports of `ids` found, in no particular order. */
export async function findReports(db: Executor, ids: readonly string[]): Promise<ReportRow[]> {
  return db
    .select()
    .from(reports)
    .where(inArray(reports.id, [...ids]));
}

/** Closes an open report, once: false when another moderator got there first. */
export async function closeReport(db: Executor, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(reports)
    .set({ closedAt: now })
    .where(and(eq(reports.id, id), isNull(reports.closedAt)))
    .returning({ id: reports.id });
  return rows.length === 1;
}

/** The compliment `likerId` sent `likedId` with their like, the one a report shows (ADR 071). */
const complimentOf = (likerId: string, likedId: string) =>
  and(eq(compliments.likerId, likerId), eq(compliments.likedId, likedId));

export async function complimentExists(
  db: Executor,
  likerId: string,
  likedId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ likerId: compliments.likerId })
    .from(compliments)
    .where(complimentOf(likerId, likedId));
  return row !== undefined;
}

/**
 * Takes a compliment down (a moderator's action, ADR 071): its row goes, the like it came with
 * stays a like.
 */
export async function removeCompliment(
  db: Executor,
  likerId: string,
  likedId: string,
): Promise<void> {
  await db.delete(compliments).where(complimentOf(likerId, likedId));
}

/** Two members whose conversation a moderator's decision changed. */
export type Conversation = { senderId: string; receiverId: string };

/**
 * Those of a report's attached messages a `hide-messages` decision hides (ADR 083): the
 * reported member's, still shown. A report stores only what the reported member sent, but the
 * sender is checked again here: nothing of another member's is ever hidden by it.
 */
export async function messagesToHide(db: Executor, report: ReportRow): Promise<number[]> {
  if (report.messageSeqs.length === 0) return [];
  const rows = await db
    .select({ seq: messages.seq })
    .from(messages)
    .where(
      and(
        inArray(messages.seq, report.messageSeqs),
        eq(messages.senderId, report.reportedId),
        isNull(messages.hiddenBy),
      ),
    );
  return rows.map((row) => row.seq);
}

/** Hides the messages from their receivers, in the decision's transaction: the conversations. */
export async function hideMessages(
  db: Executor,
  seqs: readonly number[],
  decisionId: string,
): Promise<Conversation[]> {
  if (seqs.length === 0) return [];
  return db
    .update(messages)
    .set({ hiddenBy: decisionId })
    .where(and(inArray(messages.seq, [...seqs]), isNull(messages.hiddenBy)))
    .returning({ senderId: messages.senderId, receiverId: messages.receiverId });
}

/** Shows again what a reversed decision hid (ADR 083): the conversations. */
export async function showMessages(db: Executor, decisionId: string): Promise<Conversation[]> {
  return db
    .update(messages)
    .set({ hiddenBy: null })
    .where(eq(messages.hiddenBy, decisionId))
    .returning({ senderId: messages.senderId, receiverId: messages.receiverId });
}

/** The member's free texts shown on their profile (ADR 083), by field; null when not written. */
export async function profileTextsOf(
  db: Executor,
  memberId: string,
): Promise<Record<ProfileText, string | null>> {
  const [row] = await db
    .select({ bio: members.bio, profession: members.profession })
    .from(members)
    .where(eq(members.id, memberId));
  return { bio: row?.bio ?? null, profession: row?.profession ?? null };
}

/** Removes the texts from the member's profile; the member may write new ones. */
export async function removeProfileTexts(
  db: Executor,
  memberId: string,
  fields: readonly ProfileText[],
): Promise<void> {
  if (fields.length === 0) return;
  await db
    .update(members)
    .set(Object.fromEntries(fields.map((field) => [field, null])))
    .where(eq(members.id, memberId));
}

/** Appends an event to the moderation record (ADR 018, 076); answers its id. */
export async function recordAction(
  db: Executor,
  action: {
    moderatorId: string | null;
    memberId: string;
    reportId: string | null;
    action: RecordedModerationAction;
    reason: string;
    rule?: GuidelineRule | null;
    fact?: DecisionFact | null;
    refersTo?: string | null;
    photoKey?: string | null;
    profileTexts?: ProfileText[] | null;
    suspendedUntil?: Date | null;
    createdAt: Date;
  },
): Promise<string> {
  const [row] = await db
    .insert(moderationActions)
    .values(action)
    .returning({ id: moderationActions.id });
  if (!row) throw new Error('A moderation event was not stored');
  return row.id;
}

export async function setStanding(
  db: Executor,
  memberId: string,
  standing: 'suspended' | 'banned',
  suspendedUntil: Date | null,
) {
  await db.update(members).set({ standing, suspendedUntil }).where(eq(members.id, memberId));
}

/** A member's photos, to find the one a moderator names by its address. */
/** A member's photos, the main one first. */
export async function photosOf(db: Executor, memberId: string) {
  return db
    .select({ id: photos.id, displayKey: photos.displayKey })
    .from(photos)
    .where(eq(photos.memberId, memberId))
    .orderBy(photos.position);
}

export async function roleOf(db: Executor, memberId: string): Promise<MemberRole | undefined> {
  const [row] = await db
    .select({ role: members.role })
    .from(members)
    .where(eq(members.id, memberId));
  return row?.role;
}

/** A moderator, senior or not. */
export async function isModerator(db: Executor, memberId: string): Promise<boolean> {
  const role = await roleOf(db, memberId);
  return role === 'moderator' || role === 'senior-moderator';
}

/** Grants or takes back the moderator role by e-mail; false when no member has this address. */
export async function setRoleByEmail(
  db: Executor,
  email: string,
  role: MemberRole,
): Promise<boolean> {
  const rows = await db
    .update(members)
    .set({ role })
    .where(eq(sql`lower(${members.email})`, email.trim().toLowerCase()))
    .returning({ id: members.id });
  return rows.length === 1;
}

/** Open reports and when the oldest was made, by `reports_open_idx` (the metrics, ADR 063). */
export async function openReportFigures(db: Executor) {
  const [row] = await db
    .select({
      open: sql<number>`count(*)::int`,
      oldest: sql<Date | null>`min(${reports.createdAt})`.mapWith(reports.createdAt),
    })
    .from(reports)
    .where(isNull(reports.closedAt));
  return { open: row?.open ?? 0, oldest: row?.oldest ?? null };
}

/** What closes a report: a decision on it, or one taken on another report with it (ADR 080). */
const FIRST_DECISIONS = [...MODERATION_ACTIONS, 'closed-with'] as const;

/**
 * The queue at a glance (ADR 080), for the whole deployment, in one statement: open and
 * escalated reports, appeals waiting, the oldest report not closed, and the median time from a
 * report's first `reported` event to its first decision, over the decisions made since `since`
 * (reports filed before the record held reports, ADR 076, have no start and are left out).
 */
export async function queueFigures(db: Executor, since: Date) {
  const decisions = sql.join(
    FIRST_DECISIONS.map((kind) => sql`${kind}`),
    sql`, `,
  );
  const result = await db.execute<{
    open: number;
    escalated: number;
    appealed: number;
    oldest: Date | string | null;
    median: number | null;
  }>(sql`
    with pending as (
      select s.state = 'escalated' as escalated, r.created_at
      from ${reports} r
      left join ${moderationSubjects} s on s.member_id = r.reported_id
      where r.closed_at is null
    ),
    firsts as (
      select a.report_id,
        min(a.created_at) filter (where a.action = 'reported') as reported_at,
        min(a.created_at) filter (where a.action in (${decisions})) as decided_at
      from ${moderationActions} a
      where a.report_id in (select d.report_id from ${moderationActions} d
        where d.action in (${decisions}) and d.created_at >= ${since})
      group by a.report_id
    )
    select
      (select count(*) filter (where escalated is not true) from pending)::int as open,
      (select count(*) filter (where escalated) from pending)::int as escalated,
      (select count(*) from ${appeals} where answered_at is null)::int as appealed,
      (select min(created_at) from pending) as oldest,
      (select percentile_cont(0.5) within group (
          order by extract(epoch from decided_at - reported_at))
        from firsts where decided_at >= ${since} and reported_at is not null) as median`);
  const row = result.rows[0];
  return {
    open: Number(row?.open ?? 0),
    escalated: Number(row?.escalated ?? 0),
    appealed: Number(row?.appealed ?? 0),
    oldest: row?.oldest ? new Date(row.oldest) : null,
    medianSeconds:
      row?.median === null || row?.median === undefined ? null : Math.round(Number(row.median)),
  };
}
