import {
  APPEAL_ANSWER_DAYS,
  APPEAL_WINDOW_DAYS,
  type AppealAnswer,
  type AppealQueue,
  type Standing,
  type Statement,
} from '@mawadda/contract';
import { findMailRecipient } from '../../core/members.repository.ts';
import { standingPassMember } from '../../core/standing-passes.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { recordAction } from './moderation.repository.ts';
import {
  type AppealRow,
  answerAppealRow,
  appealFigures,
  type EventRow,
  findAppeal,
  findEvent,
  findMemberStanding,
  insertAppeal,
  isReversed,
  markStatementsSeen,
  pendingAppeals,
  restrictionsOf,
  setReviewState,
} from './moderation-history.repository.ts';
import {
  eventView,
  type HistoryDeps,
  isRestriction,
  reverseDecision,
  tellConversations,
} from './moderation-history.ts';
import { assertModerator } from './moderation-queue.ts';
import { appealAnswerMail } from './statement.mail.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const APPEAL_QUEUE_PAGE = 100;

/** What statements of reasons and appeals need. */
export type StatementDeps = HistoryDeps & { mailer: Mailer };

/** When the time to appeal a decision made `at` ends (6 months, the guidelines say). */
export const appealWindowEnd = (at: Date) => new Date(at.getTime() + APPEAL_WINDOW_DAYS * DAY_MS);

function statementView(
  decision: EventRow,
  appeal: AppealRow | null,
  reversed: boolean,
  now: Date,
): Statement {
  if (!isRestriction(decision.action)) throw new Error('Only a restriction has a statement');
  const windowEnd = appealWindowEnd(decision.createdAt);
  return {
    id: decision.id,
    decision: decision.action,
    decidedAt: decision.createdAt.toISOString(),
    // Decisions recorded before statements named a rule rest on respect, in the moderator's words.
    rule: decision.rule ?? 'respect',
    fact: decision.fact ?? 'other',
    // A verification refusal's reason is a code of the selfie check, which its fact says.
    detail: decision.action === 'verification-refused' ? '' : decision.reason,
    until: decision.action === 'suspend' ? (decision.suspendedUntil?.toISOString() ?? null) : null,
    profileTexts: decision.profileTexts ?? [],
    reversed,
    appealUntil: !appeal && !reversed && windowEnd > now ? windowEnd.toISOString() : null,
    appeal: appeal && {
      filedAt: appeal.filedAt.toISOString(),
      text: appeal.text,
      answerBy: appeal.answerBy.toISOString(),
      outcome: appeal.outcome,
      answer: appeal.answer,
      answeredAt: appeal.answeredAt?.toISOString() ?? null,
    },
  };
}

/** The member's statements of reasons, newest first: no comment, no moderator's name. */
export async function statementsOf(deps: StatementDeps, memberId: string): Promise<Statement[]> {
  const now = deps.clock.now();
  return (await restrictionsOf(deps.db, memberId)).map((row) =>
    statementView(row.decision, row.appeal, row.reversed, now),
  );
}

/** The statements as the member reads them: read, they are no longer news in their counts (ADR 084). */
export async function readStatements(deps: StatementDeps, memberId: string) {
  const statements = await statementsOf(deps, memberId);
  await markStatementsSeen(deps.db, memberId, deps.clock.now());
  return statements;
}

/**
 * The member's appeal of a decision about them (DSA Art. 20): once, within the window, and not
 * of a decision already reversed. Another member's decision is one that does not exist for them.
 */
export async function fileAppeal(
  deps: StatementDeps,
  memberId: string,
  decisionId: string,
  text: string,
): Promise<Statement> {
  const decision = await findEvent(deps.db, decisionId);
  if (!decision || decision.memberId !== memberId || !isRestriction(decision.action)) {
    throw notFound('DECISION_NOT_FOUND');
  }
  const now = deps.clock.now();
  if (appealWindowEnd(decision.createdAt) <= now) throw new HttpError(409, 'APPEAL_WINDOW_CLOSED');
  if (await isReversed(deps.db, decisionId)) throw new HttpError(409, 'DECISION_ALREADY_REVERSED');
  const appeal = await deps.db.transaction(async (tx) => {
    const filed = await insertAppeal(tx, {
      decisionId,
      memberId,
      text: text.trim(),
      filedAt: now,
      answerBy: new Date(now.getTime() + APPEAL_ANSWER_DAYS * DAY_MS),
    });
    if (!filed) return undefined;
    await recordAction(tx, {
      moderatorId: null,
      memberId,
      reportId: decision.reportId,
      action: 'appeal',
      // The member's words stay in `appeals`, which goes with their account; the record, which
      // outlives it (ADR 018), keeps only that they appealed.
      reason: '',
      refersTo: decisionId,
      createdAt: now,
    });
    await setReviewState(tx, memberId, 'reopen', now);
    return filed;
  });
  if (!appeal) throw new HttpError(409, 'APPEAL_ALREADY_FILED');
  const statement = (await statementsOf(deps, memberId)).find((s) => s.id === decisionId);
  if (!statement) throw new Error('An appealed decision has no statement');
  return statement;
}

/** A suspended or banned member, with their pass: their standing and statements. */
export async function standingOf(deps: StatementDeps, pass: string | undefined): Promise<Standing> {
  const memberId = await passHolder(deps, pass);
  const member = await findMemberStanding(deps.db, memberId);
  if (!member || member.standing === 'deleted') throw new HttpError(403, 'STANDING_PASS_INVALID');
  return {
    standing: member.standing,
    until: member.standing === 'suspended' ? (member.suspendedUntil?.toISOString() ?? null) : null,
    statements: await statementsOf(deps, memberId),
  };
}

/**
 * The member a standing pass was given to: 403 `STANDING_PASS_INVALID` for none or an old one
 * (a public route: the member area's 401 is not its answer).
 */
export async function passHolder(deps: StatementDeps, pass: string | undefined) {
  const memberId = pass ? await standingPassMember(deps.db, pass, deps.clock.now()) : undefined;
  if (!memberId) throw new HttpError(403, 'STANDING_PASS_INVALID');
  return memberId;
}

/** The appeals a moderator may answer (none against their own decisions), and the figures. */
export async function appealQueue(deps: StatementDeps, moderatorId: string): Promise<AppealQueue> {
  await assertModerator(deps.db, moderatorId);
  const rows = await pendingAppeals(deps.db, moderatorId, APPEAL_QUEUE_PAGE);
  return {
    appeals: rows.map(({ appeal, decision, memberName }) => ({
      id: appeal.id,
      memberId: appeal.memberId,
      memberName,
      filedAt: appeal.filedAt.toISOString(),
      answerBy: appeal.answerBy.toISOString(),
      text: appeal.text,
      decision: eventView(decision),
    })),
    figures: await appealFigures(deps.db, deps.clock.now()),
  };
}

/**
 * A moderator's reasoned answer to an appeal, never by the one who decided: upheld reverses the
 * decision at once (a suspension or ban is lifted). The member is told by e-mail.
 */
export async function answerAppeal(
  deps: StatementDeps,
  moderatorId: string,
  appealId: string,
  answer: AppealAnswer,
) {
  const { db } = deps;
  await assertModerator(db, moderatorId);
  const appeal = await findAppeal(db, appealId);
  if (!appeal) throw notFound('APPEAL_NOT_FOUND');
  if (appeal.memberId === moderatorId) throw new HttpError(403, 'SUBJECT_IS_YOU');
  const decision = await findEvent(db, appeal.decisionId);
  if (!decision) throw notFound('DECISION_NOT_FOUND');
  if (decision.moderatorId === moderatorId) throw new HttpError(403, 'DECISION_YOURS');
  if (appeal.answeredAt) throw new HttpError(409, 'APPEAL_ANSWERED');
  const now = deps.clock.now();
  const text = answer.answer.trim();
  const done = await db.transaction(async (tx) => {
    const answered = await answerAppealRow(tx, appealId, {
      outcome: answer.outcome,
      answer: text,
      answeredBy: moderatorId,
      answeredAt: now,
    });
    if (!answered) return undefined;
    await recordAction(tx, {
      moderatorId,
      memberId: appeal.memberId,
      reportId: decision.reportId,
      action: answer.outcome === 'upheld' ? 'appeal-upheld' : 'appeal-rejected',
      reason: text,
      refersTo: decision.id,
      createdAt: now,
    });
    const shown =
      answer.outcome === 'upheld'
        ? await reverseDecision(tx, decision, { moderatorId, reason: text, at: now })
        : undefined;
    await setReviewState(tx, appeal.memberId, 'closed', now);
    return { shown: shown ?? [] };
  });
  if (!done) throw new HttpError(409, 'APPEAL_ANSWERED');
  await tellConversations(deps, done.shown);
  const member = await findMailRecipient(db, appeal.memberId);
  if (member && isRestriction(decision.action)) {
    await deps.mailer.send(
      appealAnswerMail({ ...member, to: member.email, decision: decision.action, ...answer }),
    );
  }
  return { message: 'Done' };
}
