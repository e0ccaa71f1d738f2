import {
  REPORT_REASONS,
  REPORT_SOURCES,
  TRANSPARENCY_DECISIONS,
  TRANSPARENCY_MAX_DAYS,
  type TransparencyQuery,
  type TransparencySummary,
} from '@mawadda/contract';
import type { Executor } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest } from '../../lib/http-error.ts';
import { assertModerator } from './moderation-queue.ts';
import {
  appealFiguresOf,
  decisionFigures,
  medianAppealAnswerSeconds,
  medianHandlingSeconds,
  type Period,
  reportFigures,
} from './transparency.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the summary needs. */
export type TransparencyDeps = { db: Executor; clock: Clock };

const day = (date: Date) => date.toISOString().slice(0, 10);

/** A `YYYY-MM-DD` day that exists (not 2026-02-30), as its UTC midnight. */
function parseDay(text: string): Date {
  const date = new Date(`${text}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || day(date) !== text)
    throw badRequest('TRANSPARENCY_DATE_INVALID');
  return date;
}

/**
 * The period asked for, as UTC days both included: both dates or neither, which is the last
 * calendar month before `now`. 400 for a date that does not exist, one date alone, a start after
 * the end or more than `TRANSPARENCY_MAX_DAYS`.
 */
export function transparencyPeriod(
  query: TransparencyQuery,
  now: Date,
): Period & { from: string; to: string } {
  if (query.from === undefined && query.to === undefined) {
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    return { start, end, from: day(start), to: day(new Date(end.getTime() - DAY_MS)) };
  }
  if (query.from === undefined || query.to === undefined) {
    throw badRequest('TRANSPARENCY_DATE_INVALID');
  }
  const start = parseDay(query.from);
  const end = new Date(parseDay(query.to).getTime() + DAY_MS);
  if (end <= start) throw badRequest('TRANSPARENCY_PERIOD_REVERSED');
  if (end.getTime() - start.getTime() > TRANSPARENCY_MAX_DAYS * DAY_MS) {
    throw badRequest('TRANSPARENCY_PERIOD_TOO_LONG');
  }
  return { start, end, from: query.from, to: query.to };
}

/** Every key of `keys` with its count in `rows`, 0 when absent. */
function counted<K extends string>(
  keys: readonly K[],
  rows: ReadonlyArray<{ key: K | null; count: number }>,
): Record<K, number> {
  const counts = Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;
  for (const row of rows) if (row.key !== null) counts[row.key] += row.count;
  return counts;
}

/**
 * The transparency summary of a period (ADR 081), for moderators only: read from the moderation
 * record (ADR 018, 076), which outlives the accounts, and the reports' rows for their source.
 */
export async function transparencySummary(
  deps: TransparencyDeps,
  moderatorId: string,
  query: TransparencyQuery,
): Promise<TransparencySummary> {
  await assertModerator(deps.db, moderatorId);
  const period = transparencyPeriod(query, deps.clock.now());
  const [reports, decisions, appeals, handling, appealAnswer] = await Promise.all([
    reportFigures(deps.db, period),
    decisionFigures(deps.db, period),
    appealFiguresOf(deps.db, period),
    medianHandlingSeconds(deps.db, period),
    medianAppealAnswerSeconds(deps.db, period),
  ]);
  const bySource = reports.bySource.map((row) => ({ key: row.source, count: row.reports }));
  return {
    from: period.from,
    to: period.to,
    reports: {
      total: bySource.reduce((sum, row) => sum + row.count, 0),
      byReason: counted(
        REPORT_REASONS,
        reports.byReason.map((row) => ({ key: row.reason, count: row.reports })),
      ),
      bySource: counted(REPORT_SOURCES, bySource),
      sourceUnknown: bySource.find((row) => row.key === null)?.count ?? 0,
    },
    decisions: counted(
      TRANSPARENCY_DECISIONS,
      decisions.map((row) => ({
        key: row.kind as (typeof TRANSPARENCY_DECISIONS)[number],
        count: row.decisions,
      })),
    ),
    appeals: { filed: appeals.filed, upheld: appeals.upheld, rejected: appeals.rejected },
    reversals: appeals.reversals,
    medianHandlingSeconds: handling,
    medianAppealAnswerSeconds: appealAnswer,
  };
}

/**
 * The summary as CSV, one row per figure (`figure,breakdown,value`): every name is a fixed
 * word without a comma or a quote, so nothing needs quoting; an unknown median is left empty.
 */
export function transparencyCsv(summary: TransparencySummary): string {
  type Row = [figure: string, breakdown: string, value: string | number | null];
  const rows: Row[] = [
    ['period', 'from', summary.from],
    ['period', 'to', summary.to],
    ['reports', 'total', summary.reports.total],
    ...Object.entries(summary.reports.byReason).map(
      ([reason, n]) => ['reports_by_reason', reason, n] as Row,
    ),
    ...Object.entries(summary.reports.bySource).map(
      ([source, n]) => ['reports_by_source', source, n] as Row,
    ),
    ['reports_by_source', 'unknown', summary.reports.sourceUnknown],
    ...Object.entries(summary.decisions).map(([kind, n]) => ['decisions', kind, n] as Row),
    ['appeals', 'filed', summary.appeals.filed],
    ['appeals', 'upheld', summary.appeals.upheld],
    ['appeals', 'rejected', summary.appeals.rejected],
    ['reversals', 'total', summary.reversals],
    ['median_handling_seconds', 'report_to_first_decision', summary.medianHandlingSeconds],
    ['median_appeal_answer_seconds', 'appeal_to_answer', summary.medianAppealAnswerSeconds],
  ];
  return `${['figure,breakdown,value', ...rows.map((row) => row.map((cell) => cell ?? '').join(','))].join('\r\n')}\r\n`;
}

/** The CSV's file name, after its period. */
export const transparencyCsvName = (summary: TransparencySummary) =>
  `mawadda-transparency-${summary.from}-${summary.to}.csv`;
