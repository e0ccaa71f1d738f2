import type { PendingAppeal } from '@mawadda/contract';
import { CircleCheckBig } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/button.tsx';
import { EmptyState } from '@/components/empty-state.tsx';
import { FieldError } from '@/components/field-error.tsx';
import { QueryState } from '@/components/query-state.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { formatDate } from '@/lib/format.ts';
import { translateError } from '@/lib/translate-error.ts';
import { useAppealAnswer, useAppealQueue } from '../hooks/use-appeal-queue.ts';
import { useModerationTranslation } from '../i18n.ts';

/**
 * The appeals queue (ADR 076): each appeal waiting, none against the moderator's own decisions,
 * with the decision it contests and the member's text, and a reasoned answer: upheld (the
 * decision is reversed at once) or rejected. The figures above it count every appeal.
 */
export function AppealQueueTab({ onAnswered }: { onAnswered: (text: string) => void }) {
  const { t } = useModerationTranslation();
  const query = useAppealQueue();
  const figures = query.data?.figures;
  return (
    <div className="flex flex-col gap-4">
      {figures ? (
        <p className="text-sm font-semibold text-ink">{t('appeals.figures', figures)}</p>
      ) : null}
      <QueryState
        query={query}
        items={query.data?.appeals ?? []}
        pending={
          <p role="status" className="text-ink-muted">
            {t('appeals.loading')}
          </p>
        }
        error={{
          message: t('appeals.error'),
          retry: t('common:actions.retry'),
          className: 'rounded-card border border-sand-200 bg-white px-6 py-10 shadow-card',
        }}
        empty={
          <EmptyState
            icon={CircleCheckBig}
            title={t('appeals.empty')}
            hint={t('appeals.emptyHint')}
          />
        }
      >
        {(list) => (
          <ol className="flex flex-col gap-6">
            {list.map((appeal) => (
              <li key={appeal.id}>
                <AppealCard appeal={appeal} onAnswered={onAnswered} />
              </li>
            ))}
          </ol>
        )}
      </QueryState>
    </div>
  );
}

function AppealCard({
  appeal,
  onAnswered,
}: {
  appeal: PendingAppeal;
  onAnswered: (text: string) => void;
}) {
  const { t, i18n } = useModerationTranslation();
  const id = useId();
  const [answer, setAnswer] = useState('');
  const send = useAppealAnswer(appeal.id);
  const when = (iso: string) => formatDate(iso, i18n.language, { withTime: true }) ?? iso;
  const failure =
    send.error instanceof ApiError
      ? (translateError(t, send.error.body) ?? t('appeals.error'))
      : undefined;
  const decide = (outcome: 'upheld' | 'rejected') => (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending || answer.trim().length < 3) return;
    send.mutate(
      { outcome, answer },
      {
        onSuccess: () =>
          onAnswered(
            t(outcome === 'upheld' ? 'appeals.upheldDone' : 'appeals.rejectedDone', appeal),
          ),
      },
    );
  };
  return (
    <article
      aria-labelledby={`${id}-title`}
      className="rounded-card border border-sand-200 bg-white p-5 shadow-card"
    >
      <h2 id={`${id}-title`} className="font-display text-xl text-teal-900">
        {t('appeals.heading', {
          name: appeal.memberName,
          decision: t(`appeals.decision.${appeal.decision.kind as 'suspend'}`),
        })}
      </h2>
      <p className="text-sm text-ink-muted">
        {t('appeals.filed', { date: when(appeal.filedAt), answerBy: when(appeal.answerBy) })}
      </p>
      <p className="mt-3 text-sm font-semibold">{t('appeals.decisionReason')}</p>
      <p className="whitespace-pre-line">{appeal.decision.reason}</p>
      <p className="mt-3 text-sm font-semibold">{t('appeals.memberText')}</p>
      <p className="whitespace-pre-line">{appeal.text}</p>
      <form className="mt-4 flex flex-col gap-2" onSubmit={decide('rejected')}>
        <label htmlFor={`${id}-answer`} className="text-sm font-medium text-ink">
          {t('appeals.answerLabel')}
        </label>
        <textarea
          id={`${id}-answer`}
          rows={3}
          maxLength={2000}
          required
          value={answer}
          onChange={(event) => setAnswer(event.target.value)}
          aria-invalid={failure ? true : undefined}
          aria-describedby={failure ? `${id}-error` : undefined}
          className={cn(
            'w-full resize-y rounded-xl border bg-white px-4 py-2.5 text-base text-ink',
            failure ? 'border-danger' : 'border-sand-300',
          )}
        />
        {failure ? <FieldError id={`${id}-error`}>{failure}</FieldError> : null}
        <div className="flex flex-wrap gap-3">
          <Button type="button" onClick={decide('upheld')} disabled={send.isPending}>
            {t('appeals.uphold')}
          </Button>
          <Button type="submit" variant="secondary" disabled={send.isPending}>
            {t('appeals.reject')}
          </Button>
        </div>
      </form>
    </article>
  );
}
