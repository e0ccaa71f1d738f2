import { REPORT_NOTES_MAX_LENGTH, type ReportRequest } from '@mawadda/contract';
import { findMemberById } from '../../core/members.repository.ts';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DailyLimit } from '../../lib/daily-limit.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { fileAutomaticReport, fileReport, messagesSentTo } from './moderation.repository.ts';

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
  if (request.reason === 'fake-profile') await deps.onFakeProfileReport?.(request.reportedId);
  return filed;
}

/**
 * The scam shield's report on a sender (ADR 043): the messages that set it off attached,
 * added to its open one if there is one. Asking for money puts it first in the queue.
 */
export function fileShieldReport(
  deps: ReportDeps,
  report: { reportedId: string; askingForMoney: boolean; messageSeqs: number[] },
): Promise<{ id: string }> {
  return fileAutomaticReport(deps.db, {
    reportedId: report.reportedId,
    reason: report.askingForMoney ? 'asking-for-money' : 'other',
    messageSeqs: report.messageSeqs,
    at: deps.clock.now(),
  });
}
