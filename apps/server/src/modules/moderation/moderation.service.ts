import type {
  AppealAnswer,
  BulkActionRequest,
  ModerationActionRequest,
  PlaceLanguage,
  PublicReportRequest,
  ReportQueueQuery,
  ReportRequest,
  TransparencyQuery,
} from '@mawadda/contract';
import { createDailyLimit } from '../../lib/daily-limit.ts';
import { createMailCap } from '../../lib/mail-cap.ts';
import type { RateLimitStore } from '../../lib/rate-limiter.ts';
import { type DecisionDeps, decideReports } from './moderation-decisions.ts';
import { commentOn, escalate, reverse, subjectHistory } from './moderation-history.ts';
import { type QueueDeps, reportQueue, reportQueueFigures } from './moderation-queue.ts';
import { fileMemberReport, fileShieldReport, type ReportDeps } from './moderation-reports.ts';
import {
  answerAppeal,
  appealQueue,
  fileAppeal,
  passHolder,
  readStatements,
  standingOf,
} from './moderation-statements.ts';
import { filePublicReport } from './public-reports.ts';
import { transparencySummary } from './transparency.ts';

export type ModerationService = ReturnType<typeof createModerationService>;

/**
 * Reports and what moderators do with them (ADR 018). A member reports another, attaching only
 * messages that member sent them (the scam shield reports too, ADR 043: `moderation-reports.ts`);
 * moderators work the queue (`moderation-queue.ts`) and act on a report (`moderation-decisions.ts`);
 * a member's history, comments, escalations and reversals are in `moderation-history.ts`, the
 * statements of reasons and appeals in `moderation-statements.ts` (ADR 076); anyone's report of
 * illegal content in `public-reports.ts` (ADR 079).
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
  const mailCap = createMailCap(deps.limiter);

  return {
    report: (reporterId: string, request: ReportRequest) =>
      fileMemberReport(deps, dailyReports, reporterId, request),

    /** Anyone's report of illegal content, from the address `ip` (ADR 079). */
    reportPublicly: (request: PublicReportRequest, ip: string) =>
      filePublicReport({ ...deps, mailCap }, request, ip),

    reportAutomatically: (report: {
      reportedId: string;
      askingForMoney: boolean;
      messageSeqs: number[];
    }) => fileShieldReport(deps, report),

    queue: (moderatorId: string, language: PlaceLanguage, filters: ReportQueueQuery) =>
      reportQueue(deps, moderatorId, language, filters),

    figures: (moderatorId: string) => reportQueueFigures(deps, moderatorId),

    act: (moderatorId: string, reportId: string, request: ModerationActionRequest) =>
      decideReports(deps, moderatorId, [reportId], request),

    /** One decision on several reports of one member (ADR 080). */
    actOnMany: (moderatorId: string, { reportIds, ...request }: BulkActionRequest) =>
      decideReports(deps, moderatorId, reportIds, request),

    subject: (moderatorId: string, memberId: string) => subjectHistory(deps, moderatorId, memberId),

    comment: (moderatorId: string, memberId: string, text: string) =>
      commentOn(deps, moderatorId, memberId, text),

    escalate: (
      moderatorId: string,
      memberId: string,
      request: { reason: string; assigneeId?: string | undefined },
    ) => escalate(deps, moderatorId, memberId, request),

    reverse: (moderatorId: string, decisionId: string, reason: string) =>
      reverse(deps, moderatorId, decisionId, reason),

    appealQueue: (moderatorId: string) => appealQueue(deps, moderatorId),

    answerAppeal: (moderatorId: string, appealId: string, answer: AppealAnswer) =>
      answerAppeal(deps, moderatorId, appealId, answer),

    /** The transparency summary of a period (ADR 081). */
    transparency: (moderatorId: string, query: TransparencyQuery) =>
      transparencySummary(deps, moderatorId, query),

    statements: (memberId: string) => readStatements(deps, memberId),

    appeal: (memberId: string, decisionId: string, text: string) =>
      fileAppeal(deps, memberId, decisionId, text),

    /** A suspended or banned member's pass (ADR 076): their standing, then their appeal. */
    standing: (pass: string | undefined) => standingOf(deps, pass),

    appealWithPass: async (pass: string | undefined, decisionId: string, text: string) =>
      fileAppeal(deps, await passHolder(deps, pass), decisionId, text),
  };
}
