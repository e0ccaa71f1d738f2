import type { IllegalContentKind, PublicReportSubject, ReportReason } from '@mawadda/contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { type MAIL_LANGUAGES, publicReporters, reports } from '../../db/schema.ts';

/** Who to answer about a public report (ADR 079). */
export type PublicReporter = {
  email: string;
  name: string | null;
  language: (typeof MAIL_LANGUAGES)[number];
};

/**
 * Files anyone's report of illegal content (ADR 079): a report of its own with no reporter
 * (nobody's to add to, unlike a member's), the reporter's address beside it.
 */
export async function insertPublicReport(
  db: Executor,
  report: {
    reportedId: string;
    reason: ReportReason;
    illegalContent: IllegalContentKind;
    subject: PublicReportSubject;
    explanation: string;
    at: Date;
  },
  reporter: PublicReporter,
): Promise<{ id: string }> {
  const [row] = await db
    .insert(reports)
    .values({
      reporterId: null,
      reportedId: report.reportedId,
      reasons: [report.reason],
      note: report.explanation,
      illegalContent: report.illegalContent,
      publicSubject: report.subject,
      createdAt: report.at,
      updatedAt: report.at,
    })
    .returning({ id: reports.id });
  if (!row) throw new Error('A public report was not stored');
  await db.insert(publicReporters).values({ reportId: row.id, ...reporter, createdAt: report.at });
  return row;
}

export async function findPublicReporter(
  db: Executor,
  reportId: string,
): Promise<PublicReporter | undefined> {
  const [row] = await db
    .select({
      email: publicReporters.email,
      name: publicReporters.name,
      language: publicReporters.language,
    })
    .from(publicReporters)
    .where(eq(publicReporters.reportId, reportId));
  return row;
}

/** Erases the reporter's address and name: done once they are answered (ADR 079). */
export async function erasePublicReporter(db: Executor, reportId: string): Promise<void> {
  await db.delete(publicReporters).where(eq(publicReporters.reportId, reportId));
}
