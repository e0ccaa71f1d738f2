import type { Statement } from '@mawadda/contract';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { FieldError } from '@/components/field-error.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { formatDate } from '@/lib/format.ts';
import { translateError } from '@/lib/translate-error.ts';
import { useStandingTranslation } from '../i18n.ts';

const APPEAL_MAX = 2000;

/** An instant in the reader's language, with its time. */
export function useWhen() {
  const { i18n } = useStandingTranslation();
  return (iso: string | null | undefined) =>
    iso ? (formatDate(iso, i18n.language, { withTime: true }) ?? iso) : '';
}

/** How the member appeals one decision: with their pass (ADR 076) or their session. */
export type AppealOf = (decisionId: string, text: string) => Promise<Statement>;

/**
 * One decision's statement of reasons (ADR 076): what, on which rule, the facts, how long, and
 * its appeal; `onAppealed` takes the statement as the appeal left it.
 */
export function StatementCard({
  statement,
  appeal,
  onAppealed,
}: {
  statement: Statement;
  appeal: AppealOf;
  onAppealed: (updated: Statement) => void;
}) {
  const { t } = useStandingTranslation();
  const when = useWhen();
  const headingId = useId();
  const length =
    statement.decision === 'suspend'
      ? t('lengthUntil', { until: when(statement.until) })
      : statement.decision === 'ban'
        ? t('lengthForGood')
        : t('lengthNone');
  return (
    <article aria-labelledby={headingId} className="rounded-card bg-white p-5 shadow-card sm:p-6">
      <h2 id={headingId} className="font-display text-2xl text-teal-900">
        {t(`decision.${statement.decision}`)}
      </h2>
      <p className="text-sm text-ink-muted">
        {t('decidedOn', { date: when(statement.decidedAt) })}
      </p>
      <dl className="mt-4 grid gap-3">
        <div>
          <dt className="text-sm font-semibold text-ink">{t('rule')}</dt>
          <dd>{t(`common:guidelineRules.${statement.rule}`)}</dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-ink">{t('facts')}</dt>
          <dd>
            {t(`common:decisionFacts.${statement.fact}`)} {statement.detail}
          </dd>
        </div>
        <Taken statement={statement} />
        <div>
          <dt className="text-sm font-semibold text-ink">{t('length')}</dt>
          <dd>{length}</dd>
        </div>
      </dl>
      {statement.reversed ? (
        <div className="mt-4">
          <Alert tone="success">{t('reversed')}</Alert>
        </div>
      ) : null}
      <AppealSection statement={statement} appeal={appeal} onAppealed={onAppealed} />
    </article>
  );
}

/** What a hiding of messages or a removal of profile texts took (ADR 083). */
function Taken({ statement }: { statement: Statement }) {
  const { t, i18n } = useStandingTranslation();
  const list = new Intl.ListFormat(i18n.language, { type: 'conjunction' });
  const taken =
    statement.decision === 'hide-messages'
      ? t('hiddenMessages')
      : statement.decision === 'remove-profile-text'
        ? t('removedTexts', {
            texts: list.format(statement.profileTexts.map((field) => t(`profileTexts.${field}`))),
          })
        : null;
  if (!taken) return null;
  return (
    <div>
      <dt className="text-sm font-semibold text-ink">{t('taken')}</dt>
      <dd>{taken}</dd>
    </div>
  );
}

type AppealProps = {
  statement: Statement;
  appeal: AppealOf;
  onAppealed: (updated: Statement) => void;
};

function AppealSection({ statement, appeal: appealOf, onAppealed }: AppealProps) {
  const { t } = useStandingTranslation();
  const when = useWhen();
  const { appeal } = statement;
  if (appeal) {
    return (
      <section className="mt-5 border-t border-sand-200 pt-4">
        <h3 className="font-semibold text-teal-900">{t('appealYours')}</h3>
        <p className="mt-1 whitespace-pre-line text-ink-muted">{appeal.text}</p>
        {appeal.outcome === null ? (
          <p className="mt-3">
            {t('appealSent', { date: when(appeal.filedAt), answerBy: when(appeal.answerBy) })}
          </p>
        ) : (
          <div className="mt-3 flex flex-col gap-2">
            <Alert tone={appeal.outcome === 'upheld' ? 'success' : 'info'}>
              {t(appeal.outcome === 'upheld' ? 'appealUpheld' : 'appealRejected')}
            </Alert>
            <p className="text-sm font-semibold">{t('appealAnswer')}</p>
            <p className="whitespace-pre-line">{appeal.answer}</p>
          </div>
        )}
      </section>
    );
  }
  if (statement.reversed) return null;
  if (!statement.appealUntil) {
    return <p className="mt-5 text-ink-muted">{t('appealClosed')}</p>;
  }
  return <AppealForm statement={statement} appeal={appealOf} onAppealed={onAppealed} />;
}

function AppealForm({ statement, appeal, onAppealed }: AppealProps) {
  const { t } = useStandingTranslation();
  const when = useWhen();
  const id = useId();
  const [text, setText] = useState('');
  const send = useMutation({
    mutationFn: () => appeal(statement.id, text),
    onSuccess: onAppealed,
  });
  const failure =
    send.error instanceof ApiError
      ? (translateError(t, send.error.body) ?? t('error'))
      : send.error
        ? t('error')
        : undefined;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!send.isPending && text.trim()) send.mutate();
  };
  return (
    <form onSubmit={onSubmit} className="mt-5 flex flex-col gap-2 border-t border-sand-200 pt-4">
      <h3 className="font-semibold text-teal-900">{t('appealHeading')}</h3>
      <p id={`${id}-window`} className="text-sm text-ink-muted">
        {t('appealUntil', { date: when(statement.appealUntil) })}
      </p>
      <label htmlFor={`${id}-text`} className="mt-2 text-sm font-medium text-ink">
        {t('appealLabel')}
      </label>
      <textarea
        id={`${id}-text`}
        rows={5}
        maxLength={APPEAL_MAX}
        required
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-describedby={cn(`${id}-window ${id}-hint`, failure && `${id}-error`)}
        aria-invalid={failure ? true : undefined}
        className={cn(
          'w-full resize-y rounded-xl border bg-white px-4 py-2.5 text-base text-ink',
          failure ? 'border-danger' : 'border-sand-300',
        )}
      />
      <p id={`${id}-hint`} className="text-sm text-ink-muted">
        {t('appealHint')} {text.length}/{APPEAL_MAX}
      </p>
      {failure ? <FieldError id={`${id}-error`}>{failure}</FieldError> : null}
      <div>
        <Button type="submit" disabled={send.isPending || !text.trim()}>
          {send.isPending ? t('appealSending') : t('appealSend')}
        </Button>
      </div>
    </form>
  );
}
