import { ArrowLeft, CircleCheckBig, ShieldAlert, ShieldCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useLocalizedPath } from '@/components/layouts/paths.ts';
import { useDocumentTitle } from '@/components/layouts/use-document-title.ts';
import { ListLoadError } from '@/components/members/list-load-error.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useLeaveQueue, useOpenReports } from '../hooks/use-moderation.ts';
import { useModerationTranslation } from '../i18n.ts';
import { ReportCard } from './report-card.tsx';

const pageClass = 'mx-auto w-full max-w-4xl px-4 pb-12 pt-6 md:pt-10';
const headingClass =
  'mt-2 font-display text-3xl font-semibold leading-tight text-teal-900 outline-none md:text-4xl';

/**
 * /moderation (issue 12): the open reports, oldest first, each with its decision. A decided
 * report leaves the queue; the outcome is announced in a live region and the focus returns to
 * the page's heading, since the report it was on is gone. The server answers the queue to
 * moderators only: anyone else gets the forbidden screen, whatever the profile menu showed.
 */
export function ModerationPage() {
  const { t } = useModerationTranslation();
  const query = useOpenReports();
  const leaveQueue = useLeaveQueue();
  const [outcome, setOutcome] = useState<{ text: string; at: number } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const forbidden = query.error instanceof ApiError && query.error.status === 403;
  useDocumentTitle(t(forbidden ? 'forbiddenTitle' : 'title'));

  useEffect(() => {
    if (outcome) heading.current?.focus();
  }, [outcome]);

  if (forbidden) return <Forbidden />;
  const reports = query.data ?? [];
  const now = Date.now();

  return (
    <main className="flex-1">
      <div className={pageClass}>
        <header>
          <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-[0.12em] text-teal-700">
            <ShieldCheck aria-hidden="true" className="size-4" />
            {t('eyebrow')}
          </p>
          <h1 ref={heading} tabIndex={-1} className={headingClass}>
            {t('title')}
          </h1>
          <p className="mt-2 max-w-[65ch] leading-relaxed text-ink-muted">{t('lead')}</p>
          {query.data && reports.length > 0 ? (
            <p className="mt-2 font-semibold text-ink">{t('count', { count: reports.length })}</p>
          ) : null}
        </header>

        <div role="status" className="mt-4 empty:hidden">
          {outcome ? (
            <p
              key={outcome.at}
              className="flex items-center gap-2 rounded-xl border border-success/30 bg-emerald-50 px-4 py-3 text-sm font-medium text-success"
            >
              <CircleCheckBig aria-hidden="true" className="size-4 shrink-0" />
              {outcome.text}
            </p>
          ) : null}
        </div>

        <div className="mt-6">
          {query.isPending ? (
            <p role="status" className="text-ink-muted">
              {t('loading')}
            </p>
          ) : query.isError && !query.data ? (
            <ListLoadError
              message={t('error')}
              retry={t('retry')}
              onRetry={() => void query.refetch()}
              className="rounded-card border border-sand-200 bg-white px-6 py-10 shadow-card"
            />
          ) : reports.length === 0 ? (
            <EmptyQueue />
          ) : (
            <ol className="flex flex-col gap-6">
              {reports.map((report) => (
                <li key={report.id}>
                  <ReportCard
                    report={report}
                    now={now}
                    onLeave={(text) => {
                      leaveQueue(report.id);
                      setOutcome({ text, at: Date.now() });
                    }}
                  />
                </li>
              ))}
            </ol>
          )}
        </div>
      </div>
    </main>
  );
}

function EmptyQueue() {
  const { t } = useModerationTranslation();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center rounded-card border border-sand-200 bg-white px-6 py-10 text-center shadow-card">
      <span className="flex size-16 items-center justify-center rounded-full bg-teal-50 text-teal-700">
        <CircleCheckBig aria-hidden="true" className="size-8" />
      </span>
      <h2 className="mt-4 font-display text-2xl font-semibold text-teal-900">{t('empty')}</h2>
      <p className="mt-2 max-w-[40ch] leading-relaxed text-ink-muted">{t('emptyHint')}</p>
    </div>
  );
}

function Forbidden() {
  const { t } = useModerationTranslation();
  const localized = useLocalizedPath();
  return (
    <main className="flex-1">
      <div className={`${pageClass} text-center`}>
        <span className="mx-auto flex size-20 items-center justify-center rounded-full bg-white text-rose-700 shadow-card">
          <ShieldAlert aria-hidden="true" className="size-9" strokeWidth={1.75} />
        </span>
        <h1 className={headingClass}>{t('forbiddenTitle')}</h1>
        <p className="mt-4 text-lg leading-relaxed text-ink-muted">{t('forbiddenBody')}</p>
        <Link
          to={localized('/suggestions')}
          className="mt-8 inline-flex min-h-11 items-center gap-2 rounded-full bg-teal-700 px-6 py-2.5 font-semibold text-white shadow-sm transition-colors hover:bg-teal-800"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('backToSuggestions')}
        </Link>
      </div>
    </main>
  );
}
