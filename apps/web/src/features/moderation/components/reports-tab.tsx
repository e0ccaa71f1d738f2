import type { OpenReport, ReportQueueQuery } from '@mawadda/contract';
import { CircleCheckBig } from 'lucide-react';
import { useId, useState } from 'react';
import { EmptyState } from '@/components/empty-state.tsx';
import { QueryState } from '@/components/query-state.tsx';
import type { useOpenReports } from '../hooks/use-moderation.ts';
import { useModerationTranslation } from '../i18n.ts';
import { ActionForm } from './action-form.tsx';
import { QueueOverview } from './queue-overview.tsx';
import { ReportCard, type Selection } from './report-card.tsx';

/**
 * The reports tab (ADR 080): the queue at a glance and its filters, a decision on the reports
 * of one member chosen together, then the reports the filters keep. `onLeave` is told which
 * reports left the queue, with what to announce.
 */
export function ReportsTab({
  query,
  filters,
  onFilters,
  onLeave,
}: {
  query: ReturnType<typeof useOpenReports>;
  filters: ReportQueueQuery;
  onFilters: (filters: ReportQueueQuery) => void;
  onLeave: (reportIds: readonly string[], announcement: string) => void;
}) {
  const { t } = useModerationTranslation();
  const [selected, setSelected] = useState<string[]>([]);
  const reports = query.data ?? [];
  const chosen = reports.filter((report) => selected.includes(report.id));
  const now = Date.now();
  const leave = (reportIds: readonly string[], text: string) => {
    setSelected((ids) => ids.filter((id) => !reportIds.includes(id)));
    onLeave(reportIds, text);
  };
  return (
    <div className="flex flex-col gap-6">
      <QueueOverview
        filters={filters}
        now={now}
        onChange={(next) => {
          setSelected([]);
          onFilters(next);
        }}
      />
      {chosen.length > 1 ? (
        <BulkDecision
          reports={chosen}
          onLeave={(text) =>
            leave(
              chosen.map((report) => report.id),
              text,
            )
          }
        />
      ) : null}
      <QueryState
        query={query}
        items={reports}
        pending={
          <p role="status" className="text-ink-muted">
            {t('loading')}
          </p>
        }
        error={{
          message: t('error'),
          retry: t('common:actions.retry'),
          className: 'rounded-card border border-sand-200 bg-white px-6 py-10 shadow-card',
        }}
        empty={<EmptyState icon={CircleCheckBig} title={t('empty')} hint={t('emptyHint')} />}
      >
        {(items) => (
          <ol className="flex flex-col gap-6">
            {items.map((report) => (
              <li key={report.id}>
                <ReportCard
                  report={report}
                  now={now}
                  selection={selectionOf(report, items, chosen, setSelected)}
                  onLeave={(text) => leave([report.id], text)}
                />
              </li>
            ))}
          </ol>
        )}
      </QueryState>
    </div>
  );
}

/**
 * A report's place in a decision on several (ADR 080): offered when its member has another
 * report still open in the list, and only beside those of the member already chosen.
 */
function selectionOf(
  report: OpenReport,
  reports: OpenReport[],
  chosen: OpenReport[],
  setSelected: (update: (ids: string[]) => string[]) => void,
): Selection | undefined {
  const open = (r: OpenReport) => r.reviewState !== 'closed';
  const member = report.reported.id;
  if (!open(report) || reports.filter((r) => open(r) && r.reported.id === member).length < 2) {
    return undefined;
  }
  return {
    checked: chosen.some((r) => r.id === report.id),
    disabled: chosen.length > 0 && chosen[0]?.reported.id !== member,
    onChange: (checked) =>
      setSelected((ids) => (checked ? [...ids, report.id] : ids.filter((id) => id !== report.id))),
  };
}

/** One decision on the chosen reports of one member, recorded once and closing them all. */
function BulkDecision({
  reports,
  onLeave,
}: {
  reports: OpenReport[];
  onLeave: (text: string) => void;
}) {
  const { t } = useModerationTranslation();
  const id = useId();
  const [lead] = reports;
  if (!lead) return null;
  return (
    <section
      aria-labelledby={`${id}-bulk`}
      className="rounded-card border border-teal-700/30 bg-white p-5 shadow-card"
    >
      <h2 id={`${id}-bulk`} className="font-display text-xl font-semibold text-teal-900">
        {t('bulk.heading', { count: reports.length, name: lead.reported.name })}
      </h2>
      <ActionForm
        key={reports.map((report) => report.id).join()}
        report={lead}
        reportIds={reports.map((report) => report.id)}
        onLeave={onLeave}
      />
    </section>
  );
}
