import {
  ASSIGNEE_FILTERS,
  type QueueFigures,
  REPORT_REASONS,
  REVIEW_STATES,
  type ReportQueueQuery,
} from '@mawadda/contract';
import { useId } from 'react';
import { callDuration, timeAgo } from '@/lib/format.ts';
import { useQueueFigures } from '../hooks/use-moderation.ts';
import { useModerationTranslation } from '../i18n.ts';

const selectClass =
  'min-h-11 w-full rounded-xl border border-sand-300 bg-white px-4 py-2.5 text-base text-ink';

/** A median shown to the minute: the seconds of a handling time tell a moderator nothing. */
const toTheMinute = (seconds: number) => (seconds < 60 ? seconds : Math.round(seconds / 60) * 60);

/**
 * The queue at a glance (ADR 080): the counts, the age of the oldest report not closed and the
 * median time to a first decision over the last 7 days, then the filters the list follows (a
 * review state, a reason, whose), each a labelled list reached with Tab.
 */
export function QueueOverview({
  filters,
  onChange,
  now,
}: {
  filters: ReportQueueQuery;
  onChange: (filters: ReportQueueQuery) => void;
  now: number;
}) {
  const { t } = useModerationTranslation();
  const id = useId();
  const figures = useQueueFigures().data;
  const reason = (value: (typeof REPORT_REASONS)[number]) =>
    value === 'other' ? t('reasons.other') : t(`common:reportReasons.${value}`);
  return (
    <section aria-labelledby={`${id}-figures`} className="flex flex-col gap-4">
      <h2 id={`${id}-figures`} className="sr-only">
        {t('glance.heading')}
      </h2>
      {figures ? <Figures figures={figures} now={now} /> : null}
      <div className="grid gap-4 sm:grid-cols-3">
        <Filter
          id={`${id}-state`}
          label={t('glance.state')}
          value={filters.state ?? ''}
          options={[
            ['', t('glance.notClosed')],
            ...REVIEW_STATES.map((s) => [s, t(`reviewState.${s}`)] as const),
          ]}
          onChange={(state) => onChange({ ...filters, state: state || undefined })}
        />
        <Filter
          id={`${id}-reason`}
          label={t('glance.reason')}
          value={filters.reason ?? ''}
          options={[
            ['', t('glance.anyReason')],
            ...REPORT_REASONS.map((r) => [r, reason(r)] as const),
          ]}
          onChange={(value) => onChange({ ...filters, reason: value || undefined })}
        />
        <Filter
          id={`${id}-assignee`}
          label={t('glance.assignee')}
          value={filters.assignee ?? 'anyone'}
          options={ASSIGNEE_FILTERS.map((a) => [a, t(`glance.assignees.${a}`)] as const)}
          onChange={(assignee) =>
            onChange({
              ...filters,
              assignee: assignee === 'anyone' || !assignee ? undefined : assignee,
            })
          }
        />
      </div>
    </section>
  );
}

function Figures({ figures, now }: { figures: QueueFigures; now: number }) {
  const { t, i18n } = useModerationTranslation();
  const median = figures.medianFirstDecisionSeconds;
  const items: Array<[string, string]> = [
    [t('glance.open'), String(figures.open)],
    [t('glance.escalated'), String(figures.escalated)],
    [t('glance.appealed'), String(figures.appealed)],
    [
      t('glance.oldest'),
      figures.oldestOpenAt
        ? (timeAgo(figures.oldestOpenAt, now, i18n.language, t('common:time.justNow')) ??
          figures.oldestOpenAt)
        : t('glance.none'),
    ],
    [
      t('glance.median'),
      median === null ? t('glance.none') : callDuration(toTheMinute(median), i18n.language),
    ],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
      {items.map(([term, value]) => (
        <div
          key={term}
          className="rounded-xl border border-sand-200 bg-white px-3 py-2 shadow-card"
        >
          <dt className="text-sm text-ink-muted">{term}</dt>
          <dd className="font-display text-xl font-semibold text-teal-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Filter<V extends string>({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: V | '';
  options: ReadonlyArray<readonly [V | '', string]>;
  onChange: (value: V | '') => void;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as V | '')}
        className={selectClass}
      >
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
