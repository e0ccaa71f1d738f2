import type { ModerationActionRequest, PlaceLanguage, ReportRequest } from '@mawadda/contract';
import { createDailyLimit } from '../../lib/daily-limit.ts';
import type { RateLimitStore } from '../../lib/rate-limiter.ts';
import { actOnReport, type DecisionDeps } from './moderation-decisions.ts';
import { type QueueDeps, reportQueue } from './moderation-queue.ts';
import { fileMemberReport, fileShieldReport, type ReportDeps } from './moderation-reports.ts';

export type ModerationService = ReturnType<typeof createModerationService>;

/**
 * Reports and what moderators do with them (ADR 018). A member reports another, attaching only
 * messages that member sent them (the scam shield reports too, ADR 043: `moderation-reports.ts`);
 * moderators work the queue (`moderation-queue.ts`) and act on a report (`moderation-decisions.ts`).
 */
export function createModerationService(
  deps: ReportDeps &
    QueueDeps &
    DecisionDeps & {
      limiter: RateLimitStore;
      reportsPerDay: number;
    },
) {
  const dailyReports = createDailyLimit({
    limiter: deps.limiter,
    clock: deps.clock,
    name: 'reports',
    max: deps.reportsPerDay,
    code: 'REPORTS_DAILY_LIMIT',
  });

  return {
    report: (reporterId: string, request: ReportRequest) =>
      fileMemberReport(deps, dailyReports, reporterId, request),

    reportAutomatically: (report: {
      reportedId: string;
      askingForMoney: boolean;
      messageSeqs: number[];
    }) => fileShieldReport(deps, report),

    queue: (moderatorId: string, language: PlaceLanguage) =>
      reportQueue(deps, moderatorId, language),

    act: (moderatorId: string, reportId: string, request: ModerationActionRequest) =>
      actOnReport(deps, moderatorId, reportId, request),
  };
}
