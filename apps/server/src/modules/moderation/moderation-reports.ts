import { REPORT_NOTES_MAX_LENGTH, type ReportReason, type ReportRequest } from '@mawadda/contract';
import { findMemberById } from '../../core/members.repository.ts';
import type { Database, Executor } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DailyLimit } from '../../lib/daily-limit.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import {
  fileAutomaticReport,
  fileReport,
  messagesSentTo,
  recordAction,
} from './moderation.repository.ts';
import { setReviewState } from './moderation-history.repository.ts';

/** What filing a report needs. */
export type ReportDeps = {
  db: Database;
  clock: Clock;
  /**
   * A report of a fake profile was filed: a verified member is checked again by a moderator
   * (ADR 044). Wired by app.ts, so moderation does not depend on verification.
   */
  onFakeProfileReport?(memberId: string): Promise<void>;
};

/**
 * A report filed (or added to) is an event on the reported member (ADR 076): its reason, by
 * whom the report row says; the member's review opens again.
 */
export async function recordReport(
  db: Executor,
  report: { id: string; reportedId: string; reason: ReportReason; at: Date },
) {
  await recordAction(db, {
    moderatorId: null,
    memberId: report.reportedId,
    reportId: report.id,
    action: 'reported',
    reason: report.reason,
    createdAt: report.at,
  });
  await setReviewState(db, report.reportedId, 'reopen', report.at);
}

/**
 * A report, or an addition to the reporter's open report on this member: the queue holds one
 * per reporter and member. Either counts against the reporter's reports of the day; only the
 * messages the reported member sent the reporter may be attached (ADR 018).
 */
export async function fileMemberReport(
  deps: ReportDeps,
  dailyReports: DailyLimit,
  reporterId: string,
  request: ReportRequest,
): Promise<{ id: string }> {
  const { db } = deps;
  if (reporterId === request.reportedId || !(await findMemberById(db, request.reportedId))) {
    throw notFound('MEMBER_NOT_FOUND');
  }
  const uuids = [...new Set(request.messageIds ?? [])];
  const seqs = await messagesSentTo(db, request.reportedId, reporterId, uuids);
  if (seqs.length !== uuids.length) throw badRequest('REPORT_MESSAGE_UNKNOWN');
  const slot = await dailyReports.reserve(reporterId);
  const filed = await fileReport(
    db,
    {
      reporterId,
      reportedId: request.reportedId,
      reason: request.reason,
      note: request.note?.trim() || null,
      messageSeqs: seqs,
      at: deps.clock.now(),
    },
    REPORT_NOTES_MAX_LENGTH,
  );
  if (!filed) {
    await slot.release();
    throw badRequest('REPORT_NOTES_FULL');
  }
  await recordReport(db, {
    id: filed.id,
    reportedId: request.reportedId,
    reason: request.reason,
    at: deps.clock.now(),
  });
  if (request.reason === 'fake-profile') await deps.onFakeProfileReport?.(request.reportedId);
  return filed;
}

/**
 * The scam shield's report on a sender (ADR 043): the messages that set it off attached,
 * added to its open one if there is one. Asking for money puts it first in the queue.
 */
export async function fileShieldReport(
  deps: ReportDeps,
  report: { reportedId: string; askingForMoney: boolean; messageSeqs: number[] },
): Promise<{ id: string }> {
  const finding = {
    reportedId: report.reportedId,
    reason: report.askingForMoney ? ('asking-for-money' as const) : ('other' as const),
    at: deps.clock.now(),
  };
  const filed = await fileAutomaticReport(deps.db, {
    ...finding,
    messageSeqs: report.messageSeqs,
  });
  await recordReport(deps.db, { ...filed, ...finding });
  return filed;
}
