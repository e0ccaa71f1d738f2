import { type AppealAnswer, RESTRICTIONS, type ReviewState } from '@mawadda/contract';
import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import {
  appeals,
  members,
  moderationActions,
  moderationSubjects,
  verificationRequests,
} from '../../db/schema.ts';

/** The moderation record's row: one event on a member (ADR 018, 076). */
export type EventRow = typeof moderationActions.$inferSelect;
export type AppealRow = typeof appeals.$inferSelect;

/** Every event on a member, oldest first, with the name of the moderator who did it. */
export async function eventsOf(db: Executor, memberId: string) {
  return db
    .select({ event: moderationActions, moderatorName: members.name })
    .from(moderationActions)
    .leftJoin(members, eq(members.id, moderationActions.moderatorId))
    .where(eq(moderationActions.memberId, memberId))
    .orderBy(asc(moderationActions.seq));
}

export async function findEvent(db: Executor, id: string): Promise<EventRow | undefined> {
  const [row] = await db.select().from(moderationActions).where(eq(moderationActions.id, id));
  return row;
}

/** Holds an event's row until the transaction ends (the record refuses updates, not locks). */
export async function lockEvent(db: Executor, id: string) {
  await db
    .select({ id: moderationActions.id })
    .from(moderationActions)
    .where(eq(moderationActions.id, id))
    .for('update');
}

/** Whether a reversal (a senior's, or an upheld appeal's) already undid the decision. */
export async function isReversed(db: Executor, decisionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: moderationActions.id })
    .from(moderationActions)
    .where(
      and(eq(moderationActions.refersTo, decisionId), eq(moderationActions.action, 'reverse')),
    );
  return row !== undefined;
}

/** Where the review of a member stands; none before anything happened about them. */
export async function findSubject(db: Executor, memberId: string) {
  const [row] = await db
    .select({
      state: moderationSubjects.state,
      assigneeId: moderationSubjects.assigneeId,
    })
    .from(moderationSubjects)
    .where(eq(moderationSubjects.memberId, memberId));
  return row;
}

/**
 * Moves the review of a member: `reopen` (a report, an appeal) leaves an escalated review
 * escalated, and its assignee, so the senior moderator keeps it.
 */
export async function setReviewState(
  db: Executor,
  memberId: string,
  state: ReviewState | 'reopen',
  at: Date,
  assigneeId: string | null = null,
) {
  const next = state === 'reopen' ? 'open' : state;
  await db
    .insert(moderationSubjects)
    .values({ memberId, state: next, assigneeId, updatedAt: at })
    .onConflictDoUpdate({
      target: moderationSubjects.memberId,
      set:
        state === 'reopen'
          ? {
              state: sql`case when ${moderationSubjects.state} = 'escalated' then 'escalated' else 'open' end`,
              updatedAt: at,
            }
          : { state: next, assigneeId, updatedAt: at },
    });
}

/** A member's standing and role, for the history and the checks on an assignee. */
export async function findMemberStanding(db: Executor, memberId: string) {
  const [row] = await db
    .select({
      standing: members.standing,
      suspendedUntil: members.suspendedUntil,
      role: members.role,
    })
    .from(members)
    .where(eq(members.id, memberId));
  return row;
}

/**
 * Gives back what a suspension or a ban took, when it is the one in force: the member's last
 * suspension or ban (a later one stays).
 */
export async function restoreStanding(db: Executor, memberId: string, decisionId: string) {
  const [last] = await db
    .select({ id: moderationActions.id })
    .from(moderationActions)
    .where(
      and(
        eq(moderationActions.memberId, memberId),
        inArray(moderationActions.action, ['suspend', 'ban']),
      ),
    )
    .orderBy(desc(moderationActions.seq))
    .limit(1);
  if (last?.id !== decisionId) return;
  await db
    .update(members)
    .set({ standing: 'active', suspendedUntil: null })
    .where(and(eq(members.id, memberId), inArray(members.standing, ['suspended', 'banned'])));
}

/**
 * A refused selfie (`selfieKey`) found to match after all: its request approved and the badge shown
 * from `at`, as an approval would have done (ADR 044). A selfie asked again since keeps its own
 * request; the badge is the member's either way.
 */
export async function restoreVerification(
  db: Executor,
  memberId: string,
  selfieKey: string | null,
  at: Date,
) {
  if (selfieKey) {
    await db
      .update(verificationRequests)
      .set({ status: 'approved', reason: null })
      .where(
        and(
          eq(verificationRequests.memberId, memberId),
          eq(verificationRequests.selfieKey, selfieKey),
          eq(verificationRequests.status, 'refused'),
        ),
      );
  }
  await db
    .update(members)
    .set({ verifiedAt: sql`coalesce(${members.verifiedAt}, ${at})` })
    .where(eq(members.id, memberId));
}

export async function markStatementsSeen(db: Executor, memberId: string, at: Date) {
  await db.update(members).set({ statementsSeenAt: at }).where(eq(members.id, memberId));
}

/** The restrictions decided about a member, newest first, each with its appeal and reversal. */
export async function restrictionsOf(db: Executor, memberId: string) {
  return db
    .select({
      decision: moderationActions,
      appeal: appeals,
      reversed: sql<boolean>`exists (select 1 from ${moderationActions} r
        where r.refers_to = ${moderationActions.id} and r.action = 'reverse')`,
    })
    .from(moderationActions)
    .leftJoin(appeals, eq(appeals.decisionId, moderationActions.id))
    .where(
      and(
        eq(moderationActions.memberId, memberId),
        inArray(moderationActions.action, [...RESTRICTIONS]),
      ),
    )
    .orderBy(desc(moderationActions.seq));
}

/** Files the appeal of a decision: undefined when one was already filed (one per decision). */
export async function insertAppeal(
  db: Executor,
  appeal: { decisionId: string; memberId: string; text: string; filedAt: Date; answerBy: Date },
) {
  const [row] = await db
    .insert(appeals)
    .values(appeal)
    .onConflictDoNothing({ target: appeals.decisionId })
    .returning();
  return row;
}

export async function findAppeal(db: Executor, id: string): Promise<AppealRow | undefined> {
  const [row] = await db.select().from(appeals).where(eq(appeals.id, id));
  return row;
}

/** Answers an appeal, once: false when another moderator answered first. */
export async function answerAppealRow(
  db: Executor,
  id: string,
  answer: AppealAnswer & { answeredBy: string; answeredAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(appeals)
    .set(answer)
    .where(and(eq(appeals.id, id), isNull(appeals.answeredAt)))
    .returning({ id: appeals.id });
  return rows.length === 1;
}

/**
 * The appeals waiting that `moderatorId` may answer, oldest first: none against a decision of
 * theirs, none of their own.
 */
export async function pendingAppeals(db: Executor, moderatorId: string, limit: number) {
  return db
    .select({ appeal: appeals, decision: moderationActions, memberName: members.name })
    .from(appeals)
    .innerJoin(moderationActions, eq(moderationActions.id, appeals.decisionId))
    .innerJoin(members, eq(members.id, appeals.memberId))
    .where(
      and(
        isNull(appeals.answeredAt),
        ne(appeals.memberId, moderatorId),
        sql`${moderationActions.moderatorId} is distinct from ${moderatorId}`,
      ),
    )
    .orderBy(asc(appeals.filedAt), asc(appeals.id))
    .limit(limit);
}

/** Appeals counted, for moderators: waiting, waiting past the promised answer, and outcomes. */
export async function appealFigures(db: Executor, now: Date) {
  const [row] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${appeals.answeredAt} is null)::int`,
      late: sql<number>`count(*) filter (where ${appeals.answeredAt} is null and ${appeals.answerBy} < ${now})::int`,
      upheld: sql<number>`count(*) filter (where ${appeals.outcome} = 'upheld')::int`,
      rejected: sql<number>`count(*) filter (where ${appeals.outcome} = 'rejected')::int`,
    })
    .from(appeals);
  return row ?? { pending: 0, late: 0, upheld: 0, rejected: 0 };
}
