import type {
  DecisionFact,
  GuidelineRule,
  ModerationAction,
  ModerationActionRequest,
  OpenReport,
  ProfilePrompt,
} from '@mawadda/contract';
import {
  GUIDELINE_RULES,
  REPORT_DECISION_FACTS,
  REPORT_REASON_GROUNDS,
} from '@mawadda/contract/value-lists';
import { type FormEvent, type RefObject, useId, useRef, useState } from 'react';
import { Button } from '@/components/button.tsx';
import { FieldError } from '@/components/field-error.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { translateError } from '@/lib/translate-error.ts';
import { useModerationAction } from '../hooks/use-moderation.ts';
import { useModerationTranslation } from '../i18n.ts';
import { type ActionField, checkAction, isReportGone } from '../utils/action-request.ts';
import {
  ActionChoice,
  RemovalChoice,
  useProfileTextsChoice,
  writtenTexts,
} from './action-choices.tsx';
import { ConfirmActionDialog } from './confirm-action-dialog.tsx';

const DEFAULT_SUSPENSION_DAYS = '7';
const inputClass = 'w-full rounded-xl border bg-white px-4 py-2.5 text-base text-ink';

/** Each field's error code in the moderator's words. */
const inWords = (errors: Partial<Record<ActionField, string>>, words: (code: string) => string) =>
  Object.fromEntries(Object.entries(errors).map(([field, code]) => [field, words(code)]));

/**
 * What the reported member has, or sent the reporter, that an action could remove: a compliment
 * is one reporter's and a report's messages its own, taken on their report alone (ADR 080, 083).
 */
const removable = ({ reported, compliment, messages }: OpenReport, several: boolean) => ({
  photos: reported.photoUrls.length > 0,
  voiceIntroduction: reported.voiceIntroductionUrl !== null,
  promptAnswers: reported.promptAnswers.length > 0,
  compliment: compliment !== null && !several,
  messages: messages.length > 0 && !several,
  profileTexts: writtenTexts(reported).length > 0,
});

/**
 * The decision on one report: an action (dismiss, remove a chosen photo, warn, suspend for some
 * days, ban) and the reason the record keeps, checked by the contract's own rules
 * (`checkAction`) before the confirmation dialog asks once more. Given several `reportIds` of
 * the report's member, the one decision closes them all (ADR 080). `onLeave` is told once the
 * reports have left the queue, decided here or already closed by another moderator, with what
 * to announce.
 */
export function ActionForm({
  report,
  reportIds = [report.id],
  onLeave,
}: {
  report: OpenReport;
  reportIds?: readonly string[];
  onLeave: (announcement: string) => void;
}) {
  const { t } = useModerationTranslation();
  const id = useId();
  const name = report.reported.name;
  const photos = report.reported.photoUrls;
  const [action, setAction] = useState<ModerationAction>('dismiss');
  const [photoUrl, setPhotoUrl] = useState(photos[0] ?? '');
  const [prompt, setPrompt] = useState<ProfilePrompt | ''>(
    report.reported.promptAnswers[0]?.prompt ?? '',
  );
  const texts = useProfileTextsChoice(report.reported);
  const [days, setDays] = useState(DEFAULT_SUSPENSION_DAYS);
  const grounds = useGrounds(report);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Partial<Record<ActionField, string>>>({});
  const [confirming, setConfirming] = useState<ModerationActionRequest | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const fields = {
    reason: useRef<HTMLTextAreaElement>(null),
    days: useRef<HTMLInputElement>(null),
    profileTexts: texts.first,
  };
  const mutation = useModerationAction(reportIds);
  const several = reportIds.length > 1;

  /** The question before, or the outcome after: a suspension says how many days. */
  const describe = (texts: 'confirm' | 'done', request: ModerationActionRequest) =>
    [
      t(`${texts}.${request.action}`, { name, ...(request.days ? { count: request.days } : {}) }),
      ...(several ? [t(`bulk.${texts}`, { count: reportIds.length })] : []),
    ].join(' ');
  const errorText = (code: string) => translateError(t, code) ?? t('actionFailed');

  function review(event: FormEvent) {
    event.preventDefault();
    const draft = { action, reason, photoUrl, prompt, days, profileTexts: texts.value };
    const checked = checkAction({ ...draft, rule: grounds.rule.value, fact: grounds.fact.value });
    if ('errors' in checked) {
      const found = inWords(checked.errors, errorText);
      setErrors(found);
      const invalid = (['profileTexts', 'days', 'reason'] as const).find((field) => found[field]);
      if (invalid) fields[invalid].current?.focus();
      return;
    }
    setErrors({});
    setFailure(null);
    setConfirming(checked.request);
  }

  function confirm(request: ModerationActionRequest) {
    mutation.mutate(request, {
      onSuccess: () => {
        setConfirming(null);
        onLeave(describe('done', request));
      },
      onError: (error) => {
        const code = error instanceof ApiError ? error.code : undefined;
        if (isReportGone(code)) {
          setConfirming(null);
          onLeave(t('closedElsewhere', { name, why: errorText(code ?? '') }));
          return;
        }
        setFailure(
          (error instanceof ApiError && translateError(t, error.body)) || t('actionFailed'),
        );
      },
    });
  }

  const describedBy = (field: ActionField, hint: string) =>
    [errors[field] ? `${id}-${field}-error` : '', hint].filter(Boolean).join(' ');

  return (
    <section aria-labelledby={`${id}-heading`} className="mt-6 border-t border-sand-200 pt-5">
      <h3 id={`${id}-heading`} className="font-display text-xl font-semibold text-teal-900">
        {t('decision')}
      </h3>
      <form noValidate onSubmit={review} className="mt-3 flex flex-col gap-4">
        <ActionChoice
          name={`${id}-action`}
          value={action}
          onChange={setAction}
          has={removable(report, several)}
        />

        <RemovalChoice
          id={id}
          action={action}
          reported={report.reported}
          photo={{ value: photoUrl, onChange: setPhotoUrl }}
          answer={{ value: prompt, onChange: setPrompt }}
          texts={{ ...texts, error: errors.profileTexts }}
        />

        {action === 'suspend' ? (
          <SuspensionDays
            id={id}
            inputRef={fields.days}
            value={days}
            onChange={setDays}
            error={errors.days}
            describedBy={describedBy('days', `${id}-days-hint`)}
          />
        ) : null}

        {action !== 'dismiss' ? <GroundsChoice id={id} {...grounds} /> : null}

        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-reason`} className="text-sm font-medium text-ink">
            {t('reason')}
          </label>
          <p id={`${id}-reason-hint`} className="text-sm text-ink-muted">
            {t('reasonHint')}
          </p>
          <textarea
            ref={fields.reason}
            id={`${id}-reason`}
            rows={3}
            maxLength={1000}
            required
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={describedBy('reason', `${id}-reason-hint`)}
            className={cn(
              inputClass,
              'resize-y',
              errors.reason ? 'border-danger' : 'border-sand-300',
            )}
          />
          {errors.reason ? (
            <FieldError id={`${id}-reason-error`}>{errors.reason}</FieldError>
          ) : null}
        </div>

        <div>
          <Button type="submit">{t('review')}</Button>
        </div>
      </form>

      <ConfirmActionDialog
        request={confirming}
        question={confirming ? describe('confirm', confirming) : ''}
        member={name}
        photos={photos}
        compliment={report.compliment}
        failure={failure}
        pending={mutation.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={confirm}
      />
    </section>
  );
}

/** A suspension's length in days, with its hint and the contract's refusal. */
function SuspensionDays({
  id,
  inputRef,
  value,
  onChange,
  error,
  describedBy,
}: {
  id: string;
  inputRef: RefObject<HTMLInputElement | null>;
  value: string;
  onChange: (days: string) => void;
  error: string | undefined;
  describedBy: string;
}) {
  const { t } = useModerationTranslation();
  return (
    <div className="flex max-w-xs flex-col gap-1.5">
      <label htmlFor={`${id}-days`} className="text-sm font-medium text-ink">
        {t('days')}
      </label>
      <input
        ref={inputRef}
        id={`${id}-days`}
        type="number"
        inputMode="numeric"
        min={1}
        max={365}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(inputClass, 'min-h-11', error ? 'border-danger' : 'border-sand-300')}
      />
      <p id={`${id}-days-hint`} className="text-sm text-ink-muted">
        {t('daysHint')}
      </p>
      {error ? <FieldError id={`${id}-days-error`}>{error}</FieldError> : null}
    </div>
  );
}

/** The statement of reasons (ADR 076): at first, the rule and the fact the report's reason points at. */
function useGrounds(report: OpenReport) {
  const grounds = REPORT_REASON_GROUNDS[report.reasons[0] ?? 'other'];
  const [rule, setRule] = useState<GuidelineRule>(grounds.rule);
  const [fact, setFact] = useState<DecisionFact>(grounds.fact);
  return { rule: { value: rule, onChange: setRule }, fact: { value: fact, onChange: setFact } };
}

/** A restriction's statement of reasons (ADR 076): the rule it rests on and the chosen facts. */
function GroundsChoice({
  id,
  rule,
  fact,
}: {
  id: string;
  rule: { value: GuidelineRule; onChange: (rule: GuidelineRule) => void };
  fact: { value: DecisionFact; onChange: (fact: DecisionFact) => void };
}) {
  const { t } = useModerationTranslation();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-rule`} className="text-sm font-medium text-ink">
          {t('rule')}
        </label>
        <select
          id={`${id}-rule`}
          value={rule.value}
          onChange={(event) => rule.onChange(event.target.value as GuidelineRule)}
          className={cn(inputClass, 'min-h-11 border-sand-300')}
        >
          {GUIDELINE_RULES.map((value) => (
            <option key={value} value={value}>
              {t(`common:guidelineRules.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-fact`} className="text-sm font-medium text-ink">
          {t('fact')}
        </label>
        <select
          id={`${id}-fact`}
          value={fact.value}
          onChange={(event) => fact.onChange(event.target.value as DecisionFact)}
          aria-describedby={`${id}-fact-hint`}
          className={cn(inputClass, 'min-h-11 border-sand-300')}
        >
          {REPORT_DECISION_FACTS.map((value) => (
            <option key={value} value={value}>
              {t(`common:decisionFacts.${value}`)}
            </option>
          ))}
        </select>
        <p id={`${id}-fact-hint`} className="text-sm text-ink-muted">
          {t('factHint')}
        </p>
      </div>
    </div>
  );
}
