import {
  MODERATION_ACTIONS,
  type ReportReason,
  type ReportSource,
  TRANSPARENCY_DECISIONS,
} from '@mawadda/contract';
import { and, count, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { moderationActions, reports } from '../../db/schema.ts';

/** A period as instants: `start` included, `end` not. */
export type Period = { start: Date; end: Date };

const inPeriod = (column: typeof moderationActions.createdAt, { start, end }: Period) =>
  and(gte(column, start), lt(column, end));

/** Every action on a report, as a SQL list: the decisions a report's handling ends with. */
const reportDecisions = sql.join(
  MODERATION_ACTIONS.map((action) => sql`${action}`),
  sql`, `,
);

/**
 * Where a report came from, read from its row: a member's names its reporter, a public one its
 * kind of illegal content (ADR 079), the scam shield's neither (ADR 043). A report whose row went
 * with a deleted account (reports go with either member, ADR 018) has no source left: null.
 */
const reportSource = sql<ReportSource | null>`case
  when ${reports.id} is null then null
  when ${reports.reporterId} is not null then 'member'
  when ${reports.illegalContent} is not null then 'public'
  else 'scam-shield' end`;

/**
 * The reports first filed in the period, as the record tells them (each filing is a `reported`
 * event, ADR 076): how many, each reason given them within the period, and where they came from.
 */
export async function reportFigures(db: Executor, period: Period) {
  const filings = sql`(select ${moderationActions.reportId} as report_id,
      ${moderationActions.reason} as reason, ${moderationActions.createdAt} as at,
      min(${moderationActions.createdAt}) over (partition by ${moderationActions.reportId}) as first_at
    from ${moderationActions}
    where ${moderationActions.action} = 'reported' and ${moderationActions.reportId} is not null
      and ${moderationActions.createdAt} < ${period.end})`;
  const byReason = await db.execute<{ reason: ReportReason; reports: number }>(sql`
    select f.reason, count(distinct f.report_id)::int as reports from ${filings} f
    where f.first_at >= ${period.start} and f.at >= ${period.start}
    group by f.reason`);
  const bySource = await db.execute<{ source: ReportSource | null; reports: number }>(sql`
    select ${reportSource} as source, count(*)::int as reports
    from (select distinct f.report_id from ${filings} f where f.first_at >= ${period.start}) firsts
    left join ${reports} on ${reports.id} = firsts.report_id
    group by 1`);
  return { byReason: byReason.rows, bySource: bySource.rows };
}

/** The decisions of the period, by kind. */
export async function decisionFigures(db: Executor, period: Period) {
  return db
    .select({ kind: moderationActions.action, decisions: count() })
    .from(moderationActions)
    .where(
      and(
        inArray(moderationActions.action, [...TRANSPARENCY_DECISIONS]),
        inPeriod(moderationActions.createdAt, period),
      ),
    )
    .groupBy(moderationActions.action);
}

/** Appeals filed and answered in the period, and the decisions reversed in it. */
export async function appealFiguresOf(db: Executor, period: Period) {
  const [row] = await db
    .select({
      filed: sql<number>`count(*) filter (where ${moderationActions.action} = 'appeal')::int`,
      upheld: sql<number>`count(*) filter (where ${moderationActions.action} = 'appeal-upheld')::int`,
      rejected: sql<number>`count(*) filter (where ${moderationActions.action} = 'appeal-rejected')::int`,
      reversals: sql<number>`count(*) filter (where ${moderationActions.action} = 'reverse')::int`,
    })
    .from(moderationActions)
    .where(
      and(
        inArray(moderationActions.action, [
          'appeal',
          'appeal-upheld',
          'appeal-rejected',
          'reverse',
        ]),
        inPeriod(moderationActions.createdAt, period),
      ),
    );
  return row ?? { filed: 0, upheld: 0, rejected: 0, reversals: 0 };
}

/** The median of the intervals, in whole seconds; null over no row. */
const medianSeconds = (interval: SQL) =>
  sql<
    number | null
  >`round(percentile_cont(0.5) within group (order by extract(epoch from ${interval})))::int`;

/**
 * The median time from a report's first filing to the first decision on it, over the reports
 * first decided in the period; null when none was.
 */
export async function medianHandlingSeconds(db: Executor, period: Period) {
  const { rows } = await db.execute<{ median: number | null }>(sql`
    with decided as (
      select ${moderationActions.reportId} as report_id, min(${moderationActions.createdAt}) as at
      from ${moderationActions}
      where ${moderationActions.reportId} is not null
        and ${moderationActions.action} in (${reportDecisions})
      group by 1
      having min(${moderationActions.createdAt}) >= ${period.start}
        and min(${moderationActions.createdAt}) < ${period.end}
    ), filed as (
      select ${moderationActions.reportId} as report_id, min(${moderationActions.createdAt}) as at
      from ${moderationActions}
      where ${moderationActions.action} = 'reported'
        and ${moderationActions.reportId} in (select report_id from decided)
      group by 1
    )
    select ${medianSeconds(sql`decided.at - filed.at`)} as median
    from decided join filed using (report_id)`);
  return rows[0]?.median ?? null;
}

/** The median time from an appeal's filing to its answer, over the answers of the period. */
export async function medianAppealAnswerSeconds(db: Executor, period: Period) {
  const { rows } = await db.execute<{ median: number | null }>(sql`
    select ${medianSeconds(sql`answer.created_at - appeal.created_at`)} as median
    from ${moderationActions} answer
    join ${moderationActions} appeal
      on appeal.refers_to = answer.refers_to and appeal.action = 'appeal'
    where answer.action in ('appeal-upheld', 'appeal-rejected')
      and answer.created_at >= ${period.start} and answer.created_at < ${period.end}`);
  return rows[0]?.median ?? null;
}
