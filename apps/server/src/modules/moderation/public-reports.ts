import {
  ILLEGAL_CONTENT_REASONS,
  type ModerationAction,
  type PublicReportRequest,
  profileIdOf,
} from '@mawadda/contract';
import { findMemberById } from '../../core/members.repository.ts';
import { tooManyRequests } from '../../lib/http-error.ts';
import type { MailCap } from '../../lib/mail-cap.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { type Limit, type RateLimitStore, reserveLimits } from '../../lib/rate-limiter.ts';
import type { ReportRow } from './moderation.repository.ts';
import { type ReportDeps, recordReport } from './moderation-reports.ts';
import { publicReportOutcomeMail, publicReportReceiptMail } from './public-report.mail.ts';
import {
  erasePublicReporter,
  findPublicReporter,
  insertPublicReport,
} from './public-reports.repository.ts';

const ONE_HOUR = 60 * 60 * 1000;

/**
 * ADR 007's limits rather than a proof of work: reserved before the profile is looked up, per address
 * (a few reports an hour is what a person files) and per e-mail (whose inbox the receipts reach).
 */
const limits = {
  perAddress: { name: 'public-report-ip', max: 5, windowMs: ONE_HOUR },
  perEmail: { name: 'public-report-email', max: 3, windowMs: 24 * ONE_HOUR },
} satisfies Record<string, Limit>;

/** What anyone's report of illegal content needs. */
export type PublicReportDeps = ReportDeps & {
  limiter: RateLimitStore;
  mailer: Mailer;
  /** The mails one address receives, whoever asks (a receipt names any address). */
  mailCap: MailCap;
};

const PUBLIC_REPORT_RECEIVED = 'Your report was received. We will write to you.';

/**
 * Anyone's report of a profile or a photo as illegal (ADR 079, DSA Art. 16). It lands in the
 * queue as a report of its own, an event on the member (ADR 076), and the reporter is mailed a
 * receipt. A profile that does not exist (or no longer does) gets the same answer and the same
 * receipt, and the report is dropped: neither tells a visitor who is a member.
 */
export async function filePublicReport(
  deps: PublicReportDeps,
  request: PublicReportRequest,
  ip: string,
): Promise<{ message: string }> {
  await reserveLimits(
    deps.limiter,
    [
      { limit: limits.perAddress, key: ip },
      { limit: limits.perEmail, key: request.email },
    ],
    (ms) => tooManyRequests(ms),
  );
  const at = deps.clock.now();
  const reportedId = profileIdOf(request.profile);
  const member = reportedId ? await findMemberById(deps.db, reportedId) : undefined;
  const report = { kind: request.kind, subject: request.subject, at };
  if (member && member.standing !== 'deleted') {
    const reason = ILLEGAL_CONTENT_REASONS[request.kind];
    await deps.db.transaction(async (tx) => {
      const filed = await insertPublicReport(
        tx,
        {
          ...report,
          reportedId: member.id,
          reason,
          illegalContent: request.kind,
          explanation: request.explanation,
        },
        { email: request.email, name: request.name ?? null, language: request.language },
      );
      await recordReport(tx, { id: filed.id, reportedId: member.id, reason, at });
    });
    if (reason === 'fake-profile') await deps.onFakeProfileReport?.(member.id);
  }
  if (await deps.mailCap.take(request.email)) {
    await deps.mailer.send(
      publicReportReceiptMail(
        { to: request.email, name: request.name ?? null, language: request.language },
        report,
      ),
    );
  }
  return { message: PUBLIC_REPORT_RECEIVED };
}

/**
 * A moderator decided on a public report: its reporter is mailed the outcome in their language
 * (DSA Art. 16(5)), then their address and name are erased (ADR 079).
 */
export async function answerPublicReporter(
  deps: { db: ReportDeps['db']; mailer: Mailer },
  report: ReportRow,
  decision: ModerationAction,
): Promise<void> {
  if (!report.illegalContent || !report.publicSubject) return;
  const reporter = await findPublicReporter(deps.db, report.id);
  if (!reporter) return;
  await deps.mailer.send(
    publicReportOutcomeMail(
      { to: reporter.email, name: reporter.name, language: reporter.language },
      { kind: report.illegalContent, subject: report.publicSubject, at: report.createdAt },
      decision,
    ),
  );
  await erasePublicReporter(deps.db, report.id);
}
