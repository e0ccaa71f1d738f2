import { type ModerationSubject, RESTRICTIONS, type Restriction } from '@mawadda/contract';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/button.tsx';
import { FieldError } from '@/components/field-error.tsx';
import { QueryState } from '@/components/query-state.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { formatDate } from '@/lib/format.ts';
import { useSession } from '@/lib/session.ts';
import { translateError } from '@/lib/translate-error.ts';
import { useIsSeniorModerator } from '../hooks/use-is-moderator.ts';
import {
  useComment,
  useEscalation,
  useMemberHistory,
  useReversal,
} from '../hooks/use-member-history.ts';
import { useModerationTranslation } from '../i18n.ts';
import { ReasonDialog } from './reason-dialog.tsx';

type Event = ModerationSubject['events'][number];

const isRestriction = (kind: string): kind is Restriction =>
  (RESTRICTIONS as readonly string[]).includes(kind);

/**
 * A reported member's record (ADR 076), opened from their report: every event in order (who,
 * when, on which rule and facts), a comment box (the member never reads comments), escalation to
 * a senior moderator, and for a senior moderator the reversal of another's decision, each step
 * asked once more in a dialog.
 */
export function MemberHistory({ memberId, name }: { memberId: string; name: string }) {
  const { t } = useModerationTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const query = useMemberHistory(memberId, open);
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-5">
      <h3 id={`${id}-heading`} className="font-display text-lg font-semibold text-teal-900">
        {t('history.heading', { name })}
      </h3>
      <Button
        variant="secondary"
        className="mt-2"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen(!open)}
      >
        {t(open ? 'history.hide' : 'history.show')}
      </Button>
      <div id={`${id}-panel`} hidden={!open} className="mt-3">
        {open ? (
          <QueryState
            query={query}
            items={query.data ? [query.data] : []}
            pending={
              <p role="status" className="text-ink-muted">
                {t('history.loading')}
              </p>
            }
            error={{
              message: t('history.error'),
              retry: t('common:actions.retry'),
              className: 'rounded-xl bg-sand-100 px-4 py-6',
            }}
            empty={null}
          >
            {([subject]) => (subject ? <SubjectRecord subject={subject} name={name} /> : null)}
          </QueryState>
        ) : null}
      </div>
    </section>
  );
}

function SubjectRecord({ subject, name }: { subject: ModerationSubject; name: string }) {
  const { t } = useModerationTranslation();
  const [escalating, setEscalating] = useState(false);
  const escalation = useEscalation(subject.memberId);
  const failure = useFailure(escalation.error);
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm font-semibold text-ink">
        {t('history.state', { state: t(`reviewState.${subject.state}`) })}
      </p>
      <EventList subject={subject} name={name} />
      <CommentBox memberId={subject.memberId} />
      {subject.state === 'escalated' ? null : (
        <div>
          <Button
            variant="secondary"
            onClick={() => {
              escalation.reset();
              setEscalating(true);
            }}
          >
            {t('history.escalate')}
          </Button>
        </div>
      )}
      <ReasonDialog
        open={escalating}
        title={t('history.escalateTitle')}
        question={t('history.escalateQuestion', { name })}
        submit={t('history.escalate')}
        failure={failure}
        pending={escalation.isPending}
        onCancel={() => setEscalating(false)}
        onConfirm={(reason) => escalation.mutate(reason, { onSuccess: () => setEscalating(false) })}
      />
    </div>
  );
}

/** What the server said, in the moderator's language; null before any refusal. */
function useFailure(error: Error | null) {
  const { t } = useModerationTranslation();
  if (!error) return null;
  return (error instanceof ApiError && translateError(t, error.body)) || t('history.failed');
}

function EventList({ subject, name }: { subject: ModerationSubject; name: string }) {
  const { t } = useModerationTranslation();
  const senior = useIsSeniorModerator();
  const me = useSession()?.user?.id;
  const reversed = new Set(
    subject.events.filter((e) => e.kind === 'reverse').map((e) => e.refersTo),
  );
  const [reversing, setReversing] = useState<Event | null>(null);
  const reversal = useReversal(subject.memberId);
  const failure = useFailure(reversal.error);
  if (subject.events.length === 0) return <p className="text-ink-muted">{t('history.none')}</p>;
  return (
    <>
      <ol className="flex flex-col gap-3">
        {subject.events.map((event) => (
          <li key={event.id} className="rounded-xl bg-sand-100 px-4 py-2 text-ink">
            <EventLine event={event} />
            {senior &&
            isRestriction(event.kind) &&
            !reversed.has(event.id) &&
            event.moderatorId !== me ? (
              <Button
                variant="secondary"
                size="small"
                className="mt-2"
                onClick={() => {
                  reversal.reset();
                  setReversing(event);
                }}
              >
                {t('history.reverse')}
              </Button>
            ) : null}
          </li>
        ))}
      </ol>
      <ReasonDialog
        key={reversing?.id ?? 'none'}
        open={reversing !== null}
        title={t('history.reverseTitle')}
        question={
          reversing
            ? t('history.reverseQuestion', { name, decision: t(`history.kinds.${reversing.kind}`) })
            : ''
        }
        submit={t('history.reverse')}
        danger
        failure={failure}
        pending={reversal.isPending}
        onCancel={() => setReversing(null)}
        onConfirm={(reason) => {
          if (!reversing) return;
          reversal.mutate(
            { decisionId: reversing.id, reason },
            { onSuccess: () => setReversing(null) },
          );
        }}
      />
    </>
  );
}

/** One event: what, by whom, when; a decision's rule and facts; the words it was given. */
function EventLine({ event }: { event: Event }) {
  const { t, i18n } = useModerationTranslation();
  const when = formatDate(event.at, i18n.language, { withTime: true }) ?? event.at;
  const who = event.moderatorName
    ? t('history.by', { name: event.moderatorName })
    : t(
        `history.without.${event.kind === 'appeal' ? 'appeal' : event.moderatorId ? 'gone' : 'report'}`,
      );
  // A report's event keeps the reason the reporter chose, a key of the list.
  const words =
    event.kind === 'reported'
      ? event.reason === 'other'
        ? t('reasons.other')
        : t(`common:reportReasons.${event.reason as 'fake-profile'}`)
      : event.reason;
  return (
    <>
      <p>
        <span className="font-semibold">{t(`history.kinds.${event.kind}`)}</span>
        {' · '}
        {who}
        {' · '}
        <time dateTime={event.at}>{when}</time>
      </p>
      {event.rule && event.fact ? (
        <p className="text-sm text-ink-muted">
          {t('history.grounds', {
            rule: t(`common:guidelineRules.${event.rule}`),
            fact: t(`common:decisionFacts.${event.fact}`),
          })}
        </p>
      ) : null}
      {event.until ? (
        <p className="text-sm text-ink-muted">
          {t('history.until', {
            date: formatDate(event.until, i18n.language, { withTime: true }) ?? event.until,
          })}
        </p>
      ) : null}
      {words ? <p className="whitespace-pre-line">{words}</p> : null}
    </>
  );
}

/** A comment on the member: kept in their record, never shown to them (ADR 076). */
function CommentBox({ memberId }: { memberId: string }) {
  const { t } = useModerationTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [tooShort, setTooShort] = useState(false);
  const comment = useComment(memberId);
  const failure = useFailure(comment.error);
  const error = tooShort ? t('history.reasonTooShort') : failure;
  const send = (event: FormEvent) => {
    event.preventDefault();
    if (comment.isPending) return;
    if (text.trim().length < 3) {
      setTooShort(true);
      return;
    }
    setTooShort(false);
    comment.mutate(text.trim(), { onSuccess: () => setText('') });
  };
  return (
    <form noValidate onSubmit={send} className="flex flex-col gap-1.5">
      <label htmlFor={`${id}-comment`} className="text-sm font-medium text-ink">
        {t('history.comment')}
      </label>
      <p id={`${id}-hint`} className="text-sm text-ink-muted">
        {t('history.commentHint')}
      </p>
      <textarea
        id={`${id}-comment`}
        rows={2}
        maxLength={1000}
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
        className={cn(
          'w-full resize-y rounded-xl border bg-white px-4 py-2.5 text-base text-ink',
          error ? 'border-danger' : 'border-sand-300',
        )}
      />
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
      <div>
        <Button type="submit" busy={comment.isPending}>
          {t('history.addComment')}
        </Button>
      </div>
    </form>
  );
}
