import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/button.tsx';
import { FieldError } from '@/components/field-error.tsx';
import { cn } from '@/lib/cn.ts';
import { useModerationTranslation } from '../i18n.ts';

/** The contract's bounds on a moderator's reason (`moderatorText`). */
const REASON_MIN = 3;
const REASON_MAX = 1000;

/**
 * Asks once more, with the reason the record keeps, before a step on a member's record (an
 * escalation, a reversal): the same dialog as a decision's, the reason typed in it. Closed by
 * Cancel or Escape unless it is being sent; says why when the server refused it.
 */
export function ReasonDialog({
  open,
  title,
  question,
  submit,
  danger = false,
  failure,
  pending,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  title: string;
  question: string;
  submit: string;
  danger?: boolean;
  failure: string | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const { t } = useModerationTranslation();
  const id = useId();
  const [reason, setReason] = useState('');
  const [tooShort, setTooShort] = useState(false);
  const error = tooShort ? t('history.reasonTooShort') : failure;
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (reason.trim().length < REASON_MIN) {
      setTooShort(true);
      return;
    }
    setTooShort(false);
    onConfirm(reason.trim());
  };
  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && !pending) onCancel();
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 animate-fade bg-teal-900/60" />
        <AlertDialog.Content className="fixed inset-x-3 bottom-3 z-50 max-h-[calc(100dvh-1.5rem)] animate-rise overflow-y-auto rounded-card bg-white p-6 shadow-card outline-none sm:inset-x-auto sm:bottom-auto sm:left-1/2 sm:top-1/2 sm:w-[28rem] sm:-translate-x-1/2 sm:-translate-y-1/2">
          <AlertDialog.Title className="font-display text-xl font-semibold text-teal-900">
            {title}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-ink">{question}</AlertDialog.Description>
          <form noValidate onSubmit={confirm} className="mt-4 flex flex-col gap-1.5">
            <label htmlFor={`${id}-reason`} className="text-sm font-medium text-ink">
              {t('confirm.reasonLabel')}
            </label>
            <textarea
              id={`${id}-reason`}
              rows={3}
              maxLength={REASON_MAX}
              required
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              className={cn(
                'w-full resize-y rounded-xl border bg-white px-4 py-2.5 text-base text-ink',
                error ? 'border-danger' : 'border-sand-300',
              )}
            />
            {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
            <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <AlertDialog.Cancel asChild>
                <Button type="button" variant="secondary" disabled={pending}>
                  {t('common:actions.cancel')}
                </Button>
              </AlertDialog.Cancel>
              <Button type="submit" variant={danger ? 'danger' : 'primary'} busy={pending}>
                {submit}
              </Button>
            </div>
          </form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
