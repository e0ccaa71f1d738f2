import {
  type ModerationEvent,
  type ModerationSubject,
  RESTRICTIONS,
  type Restriction,
} from '@mawadda/contract';
import type { Database, Executor, Transaction } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, HttpError, notFound } from '../../lib/http-error.ts';
import { type Conversation, recordAction, showMessages } from './moderation.repository.ts';
import {
  type EventRow,
  eventsOf,
  findEvent,
  findMemberStanding,
  findSubject,
  isReversed,
  lockEvent,
  restoreStanding,
  restoreVerification,
  setReviewState,
} from './moderation-history.repository.ts';
import { assertModerator } from './moderation-queue.ts';

/**
 * What a member's moderation history needs: a reversal tells the conversations whose messages
 * it shows again (ADR 083).
 */
export type HistoryDeps = {
  db: Database;
  clock: Clock;
  tellConversation(conversation: Conversation): Promise<void>;
};

/** Tells each conversation a decision or its reversal changed, once per pair (ADR 083). */
export async function tellConversations(
  deps: Pick<HistoryDeps, 'tellConversation'>,
  conversations: readonly Conversation[],
) {
  const pairs = new Map(conversations.map((c) => [`${c.senderId}:${c.receiverId}`, c]));
  for (const conversation of pairs.values()) await deps.tellConversation(conversation);
}

export const isRestriction = (kind: string): kind is Restriction =>
  (RESTRICTIONS as readonly string[]).includes(kind);

export function eventView(row: EventRow): ModerationEvent {
  return {
    id: row.id,
    kind: row.action,
    at: row.createdAt.toISOString(),
    moderatorId: row.moderatorId,
    reportId: row.reportId,
    reason: row.reason,
    rule: row.rule,
    fact: row.fact,
    until: row.suspendedUntil?.toISOString() ?? null,
    refersTo: row.refersTo,
  };
}

/**
 * A moderator acting on a member's record: never their own (they would read who reported them,
 * and nobody judges their own case, ADR 018), and only an existing member's.
 */
async function assertSubject(db: Executor, moderatorId: string, memberId: string) {
  await assertModerator(db, moderatorId);
  if (memberId === moderatorId) throw new HttpError(403, 'SUBJECT_IS_YOU');
  const member = await findMemberStanding(db, memberId);
  if (!member) throw notFound('MEMBER_NOT_FOUND');
  return member;
}

/** A member as moderation sees them: the review state and every event, oldest first. */
export async function subjectHistory(
  deps: HistoryDeps,
  moderatorId: string,
  memberId: string,
): Promise<ModerationSubject> {
  const member = await assertSubject(deps.db, moderatorId, memberId);
  const subject = await findSubject(deps.db, memberId);
  return {
    memberId,
    state: subject?.state ?? 'closed',
    assigneeId: subject?.assigneeId ?? null,
    standing: member.standing,
    events: (await eventsOf(deps.db, memberId)).map(({ event, moderatorName }) => ({
      ...eventView(event),
      moderatorName,
    })),
  };
}

/** A moderator's comment: an event in the member's history, never shown to the member. */
export async function commentOn(
  deps: HistoryDeps,
  moderatorId: string,
  memberId: string,
  text: string,
) {
  await assertSubject(deps.db, moderatorId, memberId);
  await recordAction(deps.db, {
    moderatorId,
    memberId,
    reportId: null,
    action: 'comment',
    reason: text.trim(),
    createdAt: deps.clock.now(),
  });
  return { message: 'Done' };
}

/** Escalation to the senior moderators (to one of them when named): the review waits for one. */
export async function escalate(
  deps: HistoryDeps,
  moderatorId: string,
  memberId: string,
  request: { reason: string; assigneeId?: string | undefined },
) {
  await assertSubject(deps.db, moderatorId, memberId);
  const assigneeId = request.assigneeId ?? null;
  if (assigneeId) {
    const assignee = await findMemberStanding(deps.db, assigneeId);
    if (assignee?.role !== 'senior-moderator' || assigneeId === memberId) {
      throw badRequest('ASSIGNEE_NOT_SENIOR');
    }
  }
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await recordAction(tx, {
      moderatorId,
      memberId,
      reportId: null,
      action: 'escalate',
      reason: request.reason.trim(),
      refersTo: assigneeId,
      createdAt: now,
    });
    await setReviewState(tx, memberId, 'escalated', now, assigneeId);
  });
  return { message: 'Done' };
}

/**
 * Undoes a decision, in the caller's transaction: the reversal is an event, a suspension or ban
 * in force is lifted, and hidden messages are shown again (ADR 083); a removed photo, voice or
 * text was deleted with it: the member may add it again. Answers the conversations whose
 * messages show again, or undefined when it was already reversed.
 */
export async function reverseDecision(
  tx: Transaction,
  decision: EventRow,
  by: { moderatorId: string; reason: string; at: Date },
): Promise<Conversation[] | undefined> {
  // Two reversals at once: the second waits on the row lock and finds the first.
  await lockEvent(tx, decision.id);
  if (await isReversed(tx, decision.id)) return undefined;
  await recordAction(tx, {
    moderatorId: by.moderatorId,
    memberId: decision.memberId,
    reportId: decision.reportId,
    action: 'reverse',
    reason: by.reason,
    refersTo: decision.id,
    createdAt: by.at,
  });
  if (decision.action === 'suspend' || decision.action === 'ban') {
    await restoreStanding(tx, decision.memberId, decision.id);
  }
  if (decision.action === 'verification-refused') {
    await restoreVerification(tx, decision.memberId, decision.photoKey, by.at);
  }
  return decision.action === 'hide-messages' ? showMessages(tx, decision.id) : [];
}

/**
 * A senior moderator's reversal of a decision another moderator took (ADR 076): a second
 * opinion, so never of their own decision nor about themselves.
 */
export async function reverse(
  deps: HistoryDeps,
  moderatorId: string,
  decisionId: string,
  reason: string,
) {
  await assertModerator(deps.db, moderatorId, { senior: true });
  const decision = await findEvent(deps.db, decisionId);
  if (!decision) throw notFound('DECISION_NOT_FOUND');
  if (decision.memberId === moderatorId) throw new HttpError(403, 'SUBJECT_IS_YOU');
  if (!isRestriction(decision.action)) throw new HttpError(409, 'DECISION_NOT_REVERSIBLE');
  if (decision.moderatorId === moderatorId) throw new HttpError(403, 'DECISION_YOURS');
  const now = deps.clock.now();
  const shown = await deps.db.transaction(async (tx) => {
    const reversed = await reverseDecision(tx, decision, {
      moderatorId,
      reason: reason.trim(),
      at: now,
    });
    if (reversed) await setReviewState(tx, decision.memberId, 'closed', now);
    return reversed;
  });
  if (!shown) throw new HttpError(409, 'DECISION_ALREADY_REVERSED');
  await tellConversations(deps, shown);
  return { message: 'Done' };
}
