import {
  MODERATION_ACTIONS,
  type ModerationAction,
  type ModerationActionRequest,
  moderationActionRequestSchema,
  type OpenReport,
} from '@mawadda/contract';
import { AlertDialog } from 'radix-ui';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '@/components/button.tsx';
import { FieldError } from '@/components/field-error.tsx';
import { MediaImage } from '@/components/media-image.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { translateError } from '@/lib/translate-error.ts';
import { useModerationAction } from '../hooks/use-moderation.ts';
import { useModerationTranslation } from '../i18n.ts';

/**
 * Refusals that mean the report is not, or no longer, this moderator's to decide: it leaves the
 * queue with the reason why.
 */
const GONE_CODES = new Set([
  'REPORT_CLOSED',
  'REPORT_NOT_FOUND',
  'REPORT_ABOUT_YOU',
  'REPORT_FILED_BY_YOU',
]);
/** The actions that end the member's sessions: their confirm button is red. */
const SEVERE: ReadonlySet<ModerationAction> = new Set(['suspend', 'ban']);
const DEFAULT_SUSPENSION_DAYS = '7';

type Field = 'reason' | 'days';

const choiceClass =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-sand-300 bg-white px-3.5 py-2.5 text-sm font-medium text-ink transition-colors hover:border-teal-600 has-checked:border-teal-700 has-checked:bg-teal-50 has-checked:text-teal-900 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-teal-600 has-disabled:cursor-not-allowed has-disabled:opacity-60';
const inputClass = 'w-full rounded-xl border bg-white px-4 py-2.5 text-base text-ink';

/**
 * The decision on one report: an action (dismiss, remove a chosen photo, warn, suspend for some
 * days, ban) and the reason the record keeps, checked by the contract's own rules before the
 * confirmation dialog asks once more. `onLeave` is told once the report has left the queue,
 * decided here or already closed by another moderator, with what to announce.
 */
export function ActionForm({
  report,
  onLeave,
}: {
  report: OpenReport;
  onLeave: (announcement: string) => void;
}) {
  const { t } = useModerationTranslation();
  const id = useId();
  const name = report.reported.name;
  const photos = report.reported.photoUrls;
  const [action, setAction] = useState<ModerationAction>('dismiss');
  const [photoUrl, setPhotoUrl] = useState(photos[0] ?? '');
  const [days, setDays] = useState(DEFAULT_SUSPENSION_DAYS);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [confirming, setConfirming] = useState<ModerationActionRequest | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const fields = {
    reason: useRef<HTMLTextAreaElement>(null),
    days: useRef<HTMLInputElement>(null),
  };
  const mutation = useModerationAction(report.id);

  /** The question before, or the outcome after: a suspension says how many days. */
  const describe = (texts: 'confirm' | 'done', request: ModerationActionRequest) =>
    t(`${texts}.${request.action}`, { name, ...(request.days ? { count: request.days } : {}) });
  const errorText = (code: string) => translateError(t, code) ?? t('actionFailed');

  function review(event: FormEvent) {
    event.preventDefault();
    const parsed = moderationActionRequestSchema.safeParse({
      action,
      reason,
      ...(action === 'remove-photo' ? { photoUrl } : {}),
      ...(action === 'suspend' ? { days } : {}),
    });
    const found: Partial<Record<Field, string>> = {};
    // A blank number of days reads as absent to the contract; a suspension needs one.
    if (action === 'suspend' && days.trim() === '')
      found.days = errorText('SUSPENSION_DAYS_INVALID');
    for (const issue of parsed.error?.issues ?? []) {
      const field = issue.path[0];
      if ((field === 'reason' || field === 'days') && !found[field]) {
        found[field] = errorText(issue.message);
      }
    }
    setErrors(found);
    const invalid = (['days', 'reason'] as const).find((field) => found[field]);
    if (invalid) {
      fields[invalid].current?.focus();
      return;
    }
    if (parsed.success) {
      setFailure(null);
      setConfirming(parsed.data);
    }
  }

  function confirm(request: ModerationActionRequest) {
    mutation.mutate(request, {
      onSuccess: () => {
        setConfirming(null);
        onLeave(describe('done', request));
      },
      onError: (error) => {
        const code = error instanceof ApiError ? error.code : undefined;
        if (code && GONE_CODES.has(code)) {
          setConfirming(null);
          onLeave(t('closedElsewhere', { name, why: errorText(code) }));
          return;
        }
        setFailure(
          (error instanceof ApiError && translateError(t, error.body)) || t('actionFailed'),
        );
      },
    });
  }

  const describedBy = (field: Field, hint?: string) =>
    [errors[field] ? `${id}-${field}-error` : '', hint ?? ''].filter(Boolean).join(' ') ||
    undefined;

  return (
    <section aria-labelledby={`${id}-heading`} className="mt-6 border-t border-sand-200 pt-5">
      <h3 id={`${id}-heading`} className="font-display text-xl font-semibold text-teal-900">
        {t('decision')}
      </h3>
      <form noValidate onSubmit={review} className="mt-3 flex flex-col gap-4">
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1.5 text-sm font-medium text-ink">{t('action')}</legend>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {MODERATION_ACTIONS.map((choice) => (
              <label key={choice} className={choiceClass}>
                <input
                  type="radio"
                  name={`${id}-action`}
                  value={choice}
                  checked={action === choice}
                  disabled={choice === 'remove-photo' && photos.length === 0}
                  onChange={() => setAction(choice)}
                  className="size-4 shrink-0 accent-teal-700 focus-visible:outline-none"
                />
                {t(`actions.${choice}`)}
              </label>
            ))}
          </div>
        </fieldset>

        {action === 'remove-photo' ? (
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1.5 text-sm font-medium text-ink">{t('photoToRemove')}</legend>
            <div className="flex flex-wrap gap-2">
              {photos.map((url, index) => (
                <label key={url} className={cn(choiceClass, 'p-2')}>
                  <input
                    type="radio"
                    name={`${id}-photo`}
                    value={url}
                    checked={photoUrl === url}
                    onChange={() => setPhotoUrl(url)}
                    className="size-4 shrink-0 accent-teal-700 focus-visible:outline-none"
                  />
                  <MediaImage
                    src={url}
                    alt={t('photoAlt', { number: index + 1, name })}
                    className="h-20 w-16 rounded-lg object-cover"
                  />
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}

        {action === 'suspend' ? (
          <div className="flex max-w-xs flex-col gap-1.5">
            <label htmlFor={`${id}-days`} className="text-sm font-medium text-ink">
              {t('days')}
            </label>
            <input
              ref={fields.days}
              id={`${id}-days`}
              type="number"
              inputMode="numeric"
              min={1}
              max={365}
              value={days}
              onChange={(event) => setDays(event.target.value)}
              aria-invalid={errors.days ? true : undefined}
              aria-describedby={describedBy('days', `${id}-days-hint`)}
              className={cn(
                inputClass,
                'min-h-11',
                errors.days ? 'border-danger' : 'border-sand-300',
              )}
            />
            <p id={`${id}-days-hint`} className="text-sm text-ink-muted">
              {t('daysHint')}
            </p>
            {errors.days ? <FieldError id={`${id}-days-error`}>{errors.days}</FieldError> : null}
          </div>
        ) : null}

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

      <AlertDialog.Root
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open && !mutation.isPending) setConfirming(null);
        }}
      >
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-50 animate-fade bg-teal-900/60" />
          {confirming ? (
            <AlertDialog.Content className="fixed inset-x-3 bottom-3 z-50 max-h-[calc(100dvh-1.5rem)] animate-rise overflow-y-auto rounded-card bg-white p-6 shadow-card outline-none sm:inset-x-auto sm:bottom-auto sm:left-1/2 sm:top-1/2 sm:w-[28rem] sm:-translate-x-1/2 sm:-translate-y-1/2">
              <AlertDialog.Title className="font-display text-xl font-semibold text-teal-900">
                {t('confirm.title')}
              </AlertDialog.Title>
              <AlertDialog.Description className="mt-2 text-ink">
                {describe('confirm', confirming)}
              </AlertDialog.Description>
              {confirming.action === 'remove-photo' ? (
                <MediaImage
                  src={confirming.photoUrl}
                  alt={t('photoAlt', {
                    number: photos.indexOf(confirming.photoUrl ?? '') + 1,
                    name,
                  })}
                  className="mt-3 h-32 w-24 rounded-lg object-cover"
                />
              ) : null}
              <p className="mt-3 text-sm font-medium text-ink-muted">{t('confirm.reasonLabel')}</p>
              <blockquote className="mt-1 whitespace-pre-line rounded-xl bg-sand-100 px-4 py-2 text-ink">
                {confirming.reason}
              </blockquote>
              {failure ? (
                <p role="alert" className="mt-3 text-sm font-medium text-danger">
                  {failure}
                </p>
              ) : null}
              <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <AlertDialog.Cancel asChild>
                  <Button variant="secondary" disabled={mutation.isPending}>
                    {t('confirm.cancel')}
                  </Button>
                </AlertDialog.Cancel>
                <Button
                  variant={SEVERE.has(confirming.action) ? 'danger' : 'primary'}
                  busy={mutation.isPending}
                  onClick={() => confirm(confirming)}
                >
                  {t('confirm.submit')}
                </Button>
              </div>
            </AlertDialog.Content>
          ) : null}
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </section>
  );
}
