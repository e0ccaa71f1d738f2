import type { TransparencyQuery, TransparencySummary } from '@mawadda/contract';
import { ArrowLeft, ChartBar, Download } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/alert.tsx';
import { Button, buttonClass } from '@/components/button.tsx';
import { useLocalizedPath } from '@/components/layouts/paths.ts';
import { useDocumentTitle } from '@/components/layouts/use-document-title.ts';
import { PageHeader } from '@/components/page-header.tsx';
import { TextField } from '@/components/text-field.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { formatDate } from '@/lib/format.ts';
import { translateError } from '@/lib/translate-error.ts';
import { useTransparency, useTransparencyCsv } from '../hooks/use-transparency.ts';
import { useModerationTranslation } from '../i18n.ts';
import { SecondFactorPrompt } from './second-factor-prompt.tsx';

const pageClass = 'mx-auto w-full max-w-4xl px-4 pb-12 pt-6 md:pt-10';

/** The period in the address (`?from=…&to=…`), so a summary can be shared among moderators. */
function usePeriod() {
  const [search, setSearch] = useSearchParams();
  const period: TransparencyQuery = {
    from: search.get('from') ?? undefined,
    to: search.get('to') ?? undefined,
  };
  return [period, (next: { from: string; to: string }) => setSearch(next)] as const;
}

/**
 * /moderation/transparency (ADR 081): the summary of a period an operator publishes, the last
 * calendar month until another is chosen, as a table and a CSV file. For moderators, behind
 * the same second factor as the queues (ADR 074).
 */
export function TransparencyPage() {
  const { t } = useModerationTranslation();
  const [period, setPeriod] = usePeriod();
  const query = useTransparency(period);
  const refusal = query.error instanceof ApiError ? query.error : null;
  useDocumentTitle(t('transparency.title'));

  if (refusal?.status === 403) return <Refused code={refusal.body?.code} />;
  return (
    <main className="flex-1">
      <div className={pageClass}>
        <BackToModeration />
        <PageHeader
          icon={ChartBar}
          eyebrow={t('eyebrow')}
          title={t('transparency.title')}
          lead={t('transparency.lead')}
        />
        <PeriodForm asked={period} shown={query.data} onChoose={setPeriod} />
        {refusal ? (
          <div className="mt-4">
            <Alert tone="error">{translateError(t, refusal.body) ?? t('transparency.error')}</Alert>
          </div>
        ) : query.isError ? (
          <div className="mt-4">
            <Alert tone="error">{t('transparency.error')}</Alert>
          </div>
        ) : null}
        {query.data ? (
          <Figures summary={query.data} />
        ) : query.isPending ? (
          <p role="status" className="mt-6 text-ink-muted">
            {t('transparency.loading')}
          </p>
        ) : null}
      </div>
    </main>
  );
}

function BackToModeration() {
  const { t } = useModerationTranslation();
  const localized = useLocalizedPath();
  return (
    <Link
      to={localized('/moderation')}
      className={buttonClass({ variant: 'ghost', size: 'small', className: 'mb-4' })}
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t('transparency.back')}
    </Link>
  );
}

/** Not a moderator, or a second factor to prove (here) or to set up (on the moderation page). */
function Refused({ code }: { code: string | undefined }) {
  const { t } = useModerationTranslation();
  const body =
    code === 'SECOND_FACTOR_REQUIRED' ? (
      <SecondFactorPrompt />
    ) : code === 'SECOND_FACTOR_SETUP_REQUIRED' ? (
      <Alert tone="info">{t('transparency.setUpFirst')}</Alert>
    ) : (
      <>
        <h1 className="text-2xl font-semibold text-ink">{t('forbiddenTitle')}</h1>
        <p className="mt-4 text-lg leading-relaxed text-ink-muted">{t('forbiddenBody')}</p>
      </>
    );
  return (
    <main className="flex-1">
      <div className={pageClass}>
        <BackToModeration />
        {body}
      </div>
    </main>
  );
}

/** The period picker (first the period asked for in the address) and the CSV of the one shown. */
function PeriodForm({
  asked,
  shown,
  onChoose,
}: {
  asked: TransparencyQuery;
  shown: TransparencySummary | undefined;
  onChoose: (period: { from: string; to: string }) => void;
}) {
  const { t } = useModerationTranslation();
  const csv = useTransparencyCsv();
  const [draft, setDraft] = useState({ from: asked.from ?? '', to: asked.to ?? '' });
  // Without a period asked for, the first summary fills the fields with its own (the last
  // month, chosen by the server).
  useEffect(() => {
    if (!shown) return;
    const { from, to } = shown;
    setDraft((current) => (current.from || current.to ? current : { from, to }));
  }, [shown]);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onChoose(draft);
  };
  return (
    <div className="mt-6 flex flex-col gap-3">
      {/* The server's refusal says what is wrong with the period, in the page's language. */}
      <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-end gap-4">
        <TextField
          type="date"
          name="from"
          label={t('transparency.from')}
          required
          value={draft.from}
          onChange={(event) => setDraft({ ...draft, from: event.target.value })}
        />
        <TextField
          type="date"
          name="to"
          label={t('transparency.to')}
          required
          value={draft.to}
          onChange={(event) => setDraft({ ...draft, to: event.target.value })}
        />
        <Button type="submit">{t('transparency.show')}</Button>
        {shown ? (
          <Button
            type="button"
            variant="secondary"
            disabled={csv.isPending}
            onClick={() => csv.mutate({ from: shown.from, to: shown.to })}
          >
            <Download aria-hidden="true" className="size-4" />
            {t('transparency.download')}
          </Button>
        ) : null}
      </form>
      {csv.isError ? <Alert tone="error">{t('transparency.downloadFailed')}</Alert> : null}
    </div>
  );
}

/** A median time in the reader's language: minutes under an hour, hours under two days, days. */
function duration(seconds: number, language: string) {
  const [value, unit] =
    seconds < 3600
      ? [seconds / 60, 'minute']
      : seconds < 48 * 3600
        ? [seconds / 3600, 'hour']
        : [seconds / 86_400, 'day'];
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit,
    unitDisplay: 'long',
    maximumFractionDigits: 1,
  }).format(value);
}

function Group({ title, rows }: { title: string; rows: Array<[label: string, value: ReactNode]> }) {
  return (
    <tbody>
      <tr className="border-t border-sand-200 bg-sand-100">
        <th scope="colgroup" colSpan={2} className="px-4 py-2 text-left font-semibold text-ink">
          {title}
        </th>
      </tr>
      {rows.map(([label, value]) => (
        <tr key={label} className="border-t border-sand-200">
          <th scope="row" className="px-4 py-2 text-left font-normal text-ink">
            {label}
          </th>
          <td className="px-4 py-2 text-right tabular-nums text-ink">{value}</td>
        </tr>
      ))}
    </tbody>
  );
}

/** The figures as one table, a group of rows per kind of figure. */
function Figures({ summary }: { summary: TransparencySummary }) {
  const { t, i18n } = useModerationTranslation();
  const language = i18n.language;
  const day = (iso: string) => formatDate(iso, language) ?? iso;
  const entries = <K extends string>(counts: Record<K, number>) =>
    Object.entries(counts) as Array<[K, number]>;
  const median = (seconds: number | null) =>
    seconds === null ? t('transparency.noMedian') : duration(seconds, language);
  return (
    <div className="mt-6 overflow-x-auto rounded-card border border-sand-200 bg-white shadow-card">
      <table className="w-full text-sm">
        <caption className="px-4 py-3 text-left font-semibold text-ink">
          {t('transparency.caption', { from: day(summary.from), to: day(summary.to) })}
        </caption>
        <thead>
          <tr>
            <th scope="col" className="px-4 py-2 text-left text-ink-muted">
              {t('transparency.figure')}
            </th>
            <th scope="col" className="px-4 py-2 text-right text-ink-muted">
              {t('transparency.value')}
            </th>
          </tr>
        </thead>
        <Group
          title={t('transparency.groups.reports')}
          rows={[
            [t('transparency.reportsTotal'), summary.reports.total],
            ...entries(summary.reports.bySource).map(
              ([source, n]) => [t(`transparency.sources.${source}`), n] as [string, number],
            ),
            [t('transparency.sources.unknown'), summary.reports.sourceUnknown],
          ]}
        />
        <Group
          title={t('transparency.groups.reasons')}
          rows={entries(summary.reports.byReason).map(([reason, n]) => [
            reason === 'other' ? t('reasons.other') : t(`common:reportReasons.${reason}`),
            n,
          ])}
        />
        <Group
          title={t('transparency.groups.decisions')}
          rows={entries(summary.decisions).map(([kind, n]) => [
            t(`transparency.decisions.${kind}`),
            n,
          ])}
        />
        <Group
          title={t('transparency.groups.appeals')}
          rows={[
            [t('transparency.appeals.filed'), summary.appeals.filed],
            [t('transparency.appeals.upheld'), summary.appeals.upheld],
            [t('transparency.appeals.rejected'), summary.appeals.rejected],
            [t('transparency.reversals'), summary.reversals],
          ]}
        />
        <Group
          title={t('transparency.groups.times')}
          rows={[
            [t('transparency.medianHandling'), median(summary.medianHandlingSeconds)],
            [t('transparency.medianAppealAnswer'), median(summary.medianAppealAnswerSeconds)],
          ]}
        />
      </table>
    </div>
  );
}
