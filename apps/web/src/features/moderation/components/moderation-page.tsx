import type { ReportQueueQuery } from '@mawadda/contract';
import { ArrowLeft, ChartBar, CircleCheckBig, ShieldAlert, ShieldCheck } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '@/components/button.tsx';
import { useLocalizedPath } from '@/components/layouts/paths.ts';
import { useDocumentTitle } from '@/components/layouts/use-document-title.ts';
import { PageHeader, pageTitleClass } from '@/components/page-header.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useLeaveQueue, useOpenReports } from '../hooks/use-moderation.ts';
import { useModerationTranslation } from '../i18n.ts';
import { AppealQueueTab } from './appeal-queue.tsx';
import { ReportsTab } from './reports-tab.tsx';
import { SecondFactorPrompt } from './second-factor-prompt.tsx';
import { TotpSetup } from './totp-setup.tsx';
import { VerificationQueue } from './verification-queue.tsx';

const TABS = ['reports', 'verifications', 'appeals'] as const;
type Tab = (typeof TABS)[number];

const pageClass = 'mx-auto w-full max-w-4xl px-4 pb-12 pt-6 md:pt-10';

/**
 * /moderation (ADR 018): the queue at a glance and its filters, then the reports, a reported
 * minor first, then money asked for, then oldest first (ADR 043, 080), each with the member's
 * history and its decision (`ReportsTab`). A decided report leaves the queue; the outcome is announced in a live
 * region and the focus returns to the page's heading, since the report it was on is gone. The server answers the queue to
 * moderators only: anyone else gets the forbidden screen, whatever the profile menu showed. A
 * moderator whose session proved no second factor (ADR 074) is asked for one first, or led to
 * set one up; the set-up stays until its recovery codes are saved, though the queue opens.
 */
export function ModerationPage() {
  const { t } = useModerationTranslation();
  const localized = useLocalizedPath();
  const [filters, setFilters] = useState<ReportQueueQuery>({});
  const query = useOpenReports(filters);
  const leaveQueue = useLeaveQueue();
  const [outcome, setOutcome] = useState<{ text: string; at: number } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [tab, setTab] = useState<Tab>('reports');
  const tabIds = { reports: useId(), verifications: useId(), appeals: useId() };
  const panelId = useId();
  const refusal =
    query.error instanceof ApiError && query.error.status === 403 ? query.error : null;
  const [settingUp, setSettingUp] = useState(false);
  const gate = settingUp ? 'SECOND_FACTOR_SETUP_REQUIRED' : refusal?.code;
  const secondFactor =
    gate === 'SECOND_FACTOR_SETUP_REQUIRED' || gate === 'SECOND_FACTOR_REQUIRED' ? gate : null;
  const forbidden = refusal !== null && !secondFactor;
  useDocumentTitle(
    t(
      secondFactor === 'SECOND_FACTOR_SETUP_REQUIRED'
        ? 'secondFactor.setup.title'
        : secondFactor
          ? 'secondFactor.prompt.title'
          : forbidden
            ? 'forbiddenTitle'
            : 'title',
    ),
  );

  useEffect(() => {
    if (refusal?.code === 'SECOND_FACTOR_SETUP_REQUIRED') setSettingUp(true);
  }, [refusal?.code]);

  useEffect(() => {
    if (outcome) heading.current?.focus();
  }, [outcome]);

  if (forbidden) return <Forbidden />;
  if (secondFactor) {
    return (
      <main className="flex-1">
        <div className={pageClass}>
          {secondFactor === 'SECOND_FACTOR_SETUP_REQUIRED' ? (
            <TotpSetup onDone={() => setSettingUp(false)} />
          ) : (
            <SecondFactorPrompt />
          )}
        </div>
      </main>
    );
  }
  const reports = query.data ?? [];

  return (
    <main className="flex-1">
      <div className={pageClass}>
        <PageHeader
          icon={ShieldCheck}
          eyebrow={t('eyebrow')}
          title={t('title')}
          lead={t('lead')}
          titleRef={heading}
        >
          {tab === 'reports' && query.data && reports.length > 0 ? (
            <p className="mt-2 font-semibold text-ink">
              {t(filters.state === 'closed' ? 'countClosed' : 'count', { count: reports.length })}
            </p>
          ) : null}
        </PageHeader>
        {/* ADR 081: the figures an operator publishes, on a page of their own. */}
        <Link
          to={localized('/moderation/transparency')}
          className="mt-3 inline-flex min-h-11 items-center gap-2 font-semibold text-teal-800 underline-offset-4 hover:underline"
        >
          <ChartBar aria-hidden="true" className="size-4" />
          {t('transparency.link')}
        </Link>

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

        {/* Three queues, one page: a tab list moved through with the arrow keys (WAI-ARIA tabs). */}
        <div
          role="tablist"
          aria-label={t('tabs.label')}
          className="mt-6 flex gap-2 border-b border-sand-200"
          onKeyDown={(event: KeyboardEvent) => {
            if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
            const step = event.key === 'ArrowRight' ? 1 : TABS.length - 1;
            const next = TABS[(TABS.indexOf(tab) + step) % TABS.length] ?? 'reports';
            setTab(next);
            document.getElementById(tabIds[next])?.focus();
          }}
        >
          {TABS.map((name) => (
            <button
              key={name}
              id={tabIds[name]}
              type="button"
              role="tab"
              aria-selected={tab === name}
              aria-controls={panelId}
              tabIndex={tab === name ? 0 : -1}
              onClick={() => setTab(name)}
              className={`-mb-px min-h-11 border-b-2 px-4 font-semibold ${
                tab === name
                  ? 'border-teal-700 text-teal-900'
                  : 'border-transparent text-ink-muted hover:text-teal-800'
              }`}
            >
              {t(`tabs.${name}`)}
            </button>
          ))}
        </div>

        <div id={panelId} role="tabpanel" aria-labelledby={tabIds[tab]} className="mt-6">
          {tab === 'appeals' ? (
            <AppealQueueTab onAnswered={(text) => setOutcome({ text, at: Date.now() })} />
          ) : tab === 'verifications' ? (
            <VerificationQueue onDecided={(text) => setOutcome({ text, at: Date.now() })} />
          ) : (
            <ReportsTab
              query={query}
              filters={filters}
              onFilters={setFilters}
              onLeave={(reportIds, text) => {
                leaveQueue(reportIds);
                setOutcome({ text, at: Date.now() });
              }}
            />
          )}
        </div>
      </div>
    </main>
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
        <h1 className={pageTitleClass}>{t('forbiddenTitle')}</h1>
        <p className="mt-4 text-lg leading-relaxed text-ink-muted">{t('forbiddenBody')}</p>
        <Link
          to={localized('/suggestions')}
          className={buttonClass({ size: 'wide', className: 'mt-8' })}
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('common:actions.backToSuggestions')}
        </Link>
      </div>
    </main>
  );
}
