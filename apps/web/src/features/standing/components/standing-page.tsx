import type { Standing, Statement } from '@mawadda/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/alert.tsx';
import { Button, buttonClass } from '@/components/button.tsx';
import { FieldError } from '@/components/field-error.tsx';
import { useLocalizedPath } from '@/components/layouts/paths.ts';
import { useDocumentTitle } from '@/components/layouts/use-document-title.ts';
import { PageHeader } from '@/components/page-header.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { formatDate } from '@/lib/format.ts';
import { standingKeys } from '@/lib/query-keys.ts';
import { standingPass } from '@/lib/standing-pass.ts';
import { translateError } from '@/lib/translate-error.ts';
import { appealWithPass, fetchStanding } from '../api/standing-api.ts';
import { useStandingTranslation } from '../i18n.ts';

const APPEAL_MAX = 2000;
const pageClass = 'mx-auto w-full max-w-3xl px-4 pb-12 pt-6 md:pt-10';

/**
 * /standing (ADR 076): what a suspended or banned member reads after signing in, with the pass
 * their sign-in answered: each decision's statement of reasons (what, on which rule, the facts,
 * how long) and its appeal, and nothing else of the app.
 */
export function StandingPage() {
  const { t } = useStandingTranslation();
  const when = useWhen();
  const localized = useLocalizedPath();
  const [pass] = useState(() => standingPass.get());
  const query = useQuery({
    queryKey: standingKeys.standing(pass ?? ''),
    queryFn: ({ signal }) => fetchStanding(pass ?? '', signal),
    enabled: pass !== null,
    retry: false,
  });
  const standing = query.data;
  useDocumentTitle(t(`title.${standing?.standing ?? 'suspended'}`));
  const expired =
    pass === null ||
    (query.error instanceof ApiError && query.error.code === 'STANDING_PASS_INVALID');
  const back = (
    <Link to={localized('/')} className={buttonClass({ variant: 'secondary' })}>
      {t('backToLogin')}
    </Link>
  );
  if (expired) {
    return (
      <main className={pageClass}>
        <Alert tone="info">{t('signInAgain')}</Alert>
        <div className="mt-6">{back}</div>
      </main>
    );
  }
  if (!standing) {
    return (
      <main className={pageClass}>
        {query.isError ? (
          <Alert tone="error">{t('error')}</Alert>
        ) : (
          <p role="status">{t('loading')}</p>
        )}
      </main>
    );
  }
  return (
    <main className={pageClass}>
      <PageHeader
        icon={ShieldAlert}
        eyebrow={t('guidelines.title')}
        title={t(`title.${standing.standing}`)}
        lead={t(`lead.${standing.standing}`, { until: when(standing.until) })}
      />
      {standing.statements.length === 0 ? <p className="mt-6">{t('none')}</p> : null}
      <ol className="mt-8 flex flex-col gap-6">
        {standing.statements.map((statement) => (
          <li key={statement.id}>
            <StatementCard statement={statement} pass={pass ?? ''} />
          </li>
        ))}
      </ol>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link to={localized('/guidelines')} className={buttonClass({ variant: 'ghost' })}>
          {t('guidelinesLink')}
        </Link>
        {back}
      </div>
    </main>
  );
}

/** An instant in the reader's language, with its time. */
function useWhen() {
  const { i18n } = useStandingTranslation();
  return (iso: string | null | undefined) =>
    iso ? (formatDate(iso, i18n.language, { withTime: true }) ?? iso) : '';
}

function StatementCard({ statement, pass }: { statement: Statement; pass: string }) {
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
      <AppealSection statement={statement} pass={pass} />
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

function AppealSection({ statement, pass }: { statement: Statement; pass: string }) {
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
  return <AppealForm statement={statement} pass={pass} />;
}

function AppealForm({ statement, pass }: { statement: Statement; pass: string }) {
  const { t } = useStandingTranslation();
  const when = useWhen();
  const queryClient = useQueryClient();
  const id = useId();
  const [text, setText] = useState('');
  const send = useMutation({
    mutationFn: () => appealWithPass(pass, statement.id, text),
    onSuccess: (updated) =>
      queryClient.setQueryData<Standing>(
        standingKeys.standing(pass),
        (old) =>
          old && {
            ...old,
            statements: old.statements.map((s) => (s.id === updated.id ? updated : s)),
          },
      ),
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
