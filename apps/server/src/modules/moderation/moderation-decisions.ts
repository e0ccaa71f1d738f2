import {
  type DecisionFact,
  type GuidelineRule,
  type ModerationActionRequest,
  type ProfileText,
  REPORT_REASON_GROUNDS,
  type Restriction,
} from '@mawadda/contract';
import { findMailRecipient, removePhotos } from '../../core/members.repository.ts';
import { listPromptAnswers, removePromptAnswer } from '../../core/profile-prompts.ts';
import { findVoiceIntroduction, removeVoiceIntroduction } from '../../core/voice-introductions.ts';
import type { Database, Transaction } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, HttpError, notFound } from '../../lib/http-error.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { type MediaStore, mediaPathOf } from '../../lib/media-store.ts';
import {
  closeReport,
  complimentExists,
  findReports,
  hideMessages,
  messagesToHide,
  photosOf,
  profileTextsOf,
  type ReportRow,
  recordAction,
  removeCompliment,
  removeProfileTexts,
  setStanding,
} from './moderation.repository.ts';
import { setReviewState } from './moderation-history.repository.ts';
import { type HistoryDeps, isRestriction, tellConversations } from './moderation-history.ts';
import { assertModerator } from './moderation-queue.ts';
import { appealWindowEnd } from './moderation-statements.ts';
import { answerPublicReporter } from './public-reports.ts';
import { statementMail } from './statement.mail.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What a moderator's decision on a report needs. */
export type DecisionDeps = {
  db: Database;
  clock: Clock;
  mediaStore: Pick<MediaStore, 'urlFor'>;
  mailer: Mailer;
  /** The community guidelines page, linked from every statement of reasons. */
  guidelinesUrl: string;
  /** Ends every session of the member, on every node, with their sockets. */
  endMemberSessions(memberId: string): Promise<void>;
  /**
   * Tells both members, live, that their conversation changed (a message hidden or shown again,
   * ADR 083): their open apps ask for it again.
   */
  tellConversation: HistoryDeps['tellConversation'];
  /**
   * A moderator removed the member's main photo, in the action's transaction: a verified badge
   * waits for the selfie to be matched to the new main photo, as after the member's own change
   * (ADR 044). Wired by app.ts.
   */
  onMainPhotoChanged?(tx: Transaction, memberId: string): Promise<void>;
};

/** The photo a `remove-photo` action names, by its address, and whether it is the main one. */
async function photoToRemove(deps: DecisionDeps, memberId: string, photoUrl: string | undefined) {
  const path = mediaPathOf(photoUrl ?? '');
  const current = await photosOf(deps.db, memberId);
  const photo = current.find((p) => deps.mediaStore.urlFor(p.displayKey) === path);
  if (!photo) throw badRequest('PHOTO_TO_REMOVE_UNKNOWN');
  return { photo, main: photo.id === current[0]?.id };
}

/**
 * Checks that what a removal of a voice introduction or an answer (ADR 072), of the compliment
 * the reported member sent the reporter (ADR 071; none on the scam shield's report), of profile
 * texts, or the hiding of the report's messages (ADR 083) names exists, before the report closes;
 * the removal itself is done in the action's transaction. Answers the messages to hide.
 */
async function assertShownToRemove(
  deps: DecisionDeps,
  report: ReportRow,
  request: ModerationActionRequest,
): Promise<number[]> {
  const memberId = report.reportedId;
  if (request.action === 'remove-profile-text') {
    const texts = await profileTextsOf(deps.db, memberId);
    const chosen = request.profileTexts ?? [];
    if (chosen.length === 0 || chosen.some((field) => !texts[field]?.trim())) {
      throw badRequest('PROFILE_TEXT_TO_REMOVE_NONE');
    }
  }
  if (request.action === 'hide-messages') {
    const seqs = await messagesToHide(deps.db, report);
    if (seqs.length === 0) throw badRequest('MESSAGES_TO_HIDE_NONE');
    return seqs;
  }
  if (request.action === 'remove-compliment') {
    if (!report.reporterId || !(await complimentExists(deps.db, memberId, report.reporterId))) {
      throw badRequest('COMPLIMENT_TO_REMOVE_NONE');
    }
  }
  if (request.action === 'remove-voice-introduction') {
    if (!(await findVoiceIntroduction(deps.db, memberId))) {
      throw badRequest('VOICE_INTRODUCTION_TO_REMOVE_NONE');
    }
  }
  if (request.action === 'remove-prompt-answer') {
    const answers = await listPromptAnswers(deps.db, memberId);
    if (!answers.some((a) => a.prompt === request.prompt)) {
      throw badRequest('PROMPT_ANSWER_TO_REMOVE_UNKNOWN');
    }
  }
  return [];
}

/**
 * Removes the voice introduction, the answer, the compliment or the profile texts the action
 * names, in its transaction.
 */
async function removeShown(tx: Transaction, report: ReportRow, request: ModerationActionRequest) {
  const memberId = report.reportedId;
  if (request.action === 'remove-profile-text') {
    await removeProfileTexts(tx, memberId, request.profileTexts ?? []);
  }
  if (request.action === 'remove-compliment' && report.reporterId) {
    await removeCompliment(tx, memberId, report.reporterId);
  }
  if (request.action === 'remove-voice-introduction') await removeVoiceIntroduction(tx, memberId);
  if (request.action === 'remove-prompt-answer' && request.prompt) {
    await removePromptAnswer(tx, memberId, request.prompt);
  }
}

/**
 * The statement of reasons of a restriction, mailed to the member (ADR 076): it says whether a
 * member or the message check reported.
 */
async function mailStatement(
  deps: DecisionDeps,
  report: ReportRow,
  statement: {
    decision: Restriction;
    rule: GuidelineRule;
    fact: DecisionFact;
    detail: string;
    until: Date | null;
    profileTexts: ProfileText[];
    at: Date;
  },
) {
  const member = await findMailRecipient(deps.db, report.reportedId);
  if (!member) return;
  const { at, ...rest } = statement;
  await deps.mailer.send(
    statementMail({
      ...rest,
      to: member.email,
      name: member.name,
      language: member.language,
      warnedFor: report.illegalContent
        ? 'public-report'
        : report.reporterId === null
          ? 'message-check'
          : 'member-report',
      appealUntil: appealWindowEnd(at),
      guidelinesUrl: deps.guidelinesUrl,
    }),
  );
}

/**
 * The reports a decision closes, checked before anything changes: each exists, none is about
 * the moderator nor filed by them (nobody judges their own case), all are about one member
 * (ADR 080), and none is closed. The first of `reportIds` leads: the decision is recorded on it.
 */
async function reportsToDecide(deps: DecisionDeps, moderatorId: string, reportIds: string[]) {
  const found = await findReports(deps.db, reportIds);
  const byId = new Map(found.map((report) => [report.id, report]));
  const chosen = reportIds.map((id) => byId.get(id));
  const [lead, ...others] = chosen;
  if (!lead || others.some((report) => !report)) throw notFound('REPORT_NOT_FOUND');
  const reports = [lead, ...others.filter((report): report is ReportRow => report !== undefined)];
  if (reports.some((report) => report.reportedId === moderatorId)) {
    throw new HttpError(403, 'REPORT_ABOUT_YOU');
  }
  if (reports.some((report) => report.reporterId === moderatorId)) {
    throw new HttpError(403, 'REPORT_FILED_BY_YOU');
  }
  if (reports.some((report) => report.reportedId !== lead.reportedId)) {
    throw badRequest('REPORTS_OF_SEVERAL_MEMBERS');
  }
  if (reports.some((report) => report.closedAt)) throw new HttpError(409, 'REPORT_CLOSED');
  return { lead, others: reports.slice(1) };
}

/**
 * A moderator's decision on one report, or on several of one member at once (ADR 018, 080): it
 * closes each once and is recorded (who, when, why) in a table that refuses changes, in one
 * transaction with what it does. On several, the decision is one event on the first report (one
 * statement of reasons, one appeal, one reversal) and each other report a `closed-with` event
 * naming it. A suspended or banned member's sessions and sockets end at once, and `visibleTo`
 * hides them from everyone.
 */
export async function decideReports(
  deps: DecisionDeps,
  moderatorId: string,
  reportIds: string[],
  request: ModerationActionRequest,
) {
  const { db } = deps;
  await assertModerator(db, moderatorId);
  const { lead: report, others } = await reportsToDecide(deps, moderatorId, reportIds);
  const memberId = report.reportedId;
  const now = deps.clock.now();
  const removed =
    request.action === 'remove-photo'
      ? await photoToRemove(deps, memberId, request.photoUrl)
      : undefined;
  const toHide = await assertShownToRemove(deps, report, request);
  if (request.action === 'suspend' && !request.days) throw badRequest('SUSPENSION_DAYS_INVALID');
  const suspendedUntil =
    request.action === 'suspend' && request.days
      ? new Date(now.getTime() + request.days * DAY_MS)
      : null;
  // The statement of reasons rests on a rule and a fact: the moderator's, or the report's own.
  const grounds = REPORT_REASON_GROUNDS[report.reasons[0] ?? 'other'];
  const restriction = isRestriction(request.action) ? request.action : undefined;
  const rule = restriction ? (request.rule ?? grounds.rule) : null;
  const fact = restriction ? (request.fact ?? grounds.fact) : null;
  const reason = request.reason.trim();
  const profileTexts = request.action === 'remove-profile-text' ? (request.profileTexts ?? []) : [];
  const hidden = await db.transaction(async (tx) => {
    // Another moderator closed one meanwhile: the refusal rolls back all of this decision.
    for (const { id } of [report, ...others]) {
      if (!(await closeReport(tx, id, now))) throw new HttpError(409, 'REPORT_CLOSED');
    }
    const decisionId = await recordAction(tx, {
      moderatorId,
      memberId,
      reportId: report.id,
      action: request.action,
      reason,
      rule,
      fact,
      photoKey: removed?.photo.displayKey ?? null,
      profileTexts: profileTexts.length > 0 ? profileTexts : null,
      suspendedUntil,
      createdAt: now,
    });
    for (const other of others) {
      await recordAction(tx, {
        moderatorId,
        memberId,
        reportId: other.id,
        action: 'closed-with',
        reason,
        refersTo: decisionId,
        createdAt: now,
      });
    }
    const shown = await hideMessages(tx, toHide, decisionId);
    if (removed) await removePhotos(tx, memberId, [removed.photo.id]);
    if (removed?.main) await deps.onMainPhotoChanged?.(tx, memberId);
    await removeShown(tx, report, request);
    if (request.action === 'suspend') {
      await setStanding(tx, memberId, 'suspended', suspendedUntil);
    }
    if (request.action === 'ban') await setStanding(tx, memberId, 'banned', null);
    await setReviewState(tx, memberId, 'closed', now);
    return shown;
  });
  await tellConversations(deps, hidden);
  if (request.action === 'suspend' || request.action === 'ban') {
    await deps.endMemberSessions(memberId);
  }
  if (restriction && rule && fact) {
    await mailStatement(deps, report, {
      decision: restriction,
      rule,
      fact,
      detail: reason,
      until: suspendedUntil,
      profileTexts,
      at: now,
    });
  }
  await answerPublicReporter(deps, report, request.action);
  return { message: 'Done' };
}
