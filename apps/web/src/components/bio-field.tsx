import { BIO_MAX_LENGTH, BIO_WARNING_LENGTH } from '@mawadda/contract/constants';
import { type ReactNode, useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { cn } from '@/lib/cn.ts';
import { FieldError } from './field-error.tsx';

/**
 * The bio, at most BIO_MAX_LENGTH characters, with a counter that turns red past
 * BIO_WARNING_LENGTH (docs/spec.md §5 and §9). The red is the theme's danger colour, AA on white.
 */
export function BioField({
  label,
  hint,
  placeholder,
  length,
  counter,
  error,
  registration,
  required = false,
  roomy = false,
}: {
  label: string;
  hint?: string;
  placeholder: string;
  length: number;
  /** The counter's words; `warning` is true once it is red, so the words can say more too. */
  counter: (warning: boolean) => ReactNode;
  error: string | undefined;
  registration: UseFormRegisterReturn;
  required?: boolean;
  /** A taller box with airier lines, where the bio has a section of its own (the profile). */
  roomy?: boolean;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const counterId = `${id}-counter`;
  const errorId = `${id}-error`;
  const warning = length > BIO_WARNING_LENGTH;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      <textarea
        id={id}
        rows={roomy ? 7 : 6}
        maxLength={BIO_MAX_LENGTH}
        required={required}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hint ? hintId : '', error ? errorId : '', counterId]
          .filter(Boolean)
          .join(' ')}
        className={cn(
          'w-full resize-y rounded-xl border bg-white px-4 py-3 text-base text-ink placeholder:text-ink-muted/80',
          roomy && 'leading-relaxed',
          error ? 'border-danger' : 'border-sand-300 focus:border-teal-600',
        )}
        {...registration}
      />
      <div className="flex items-start justify-between gap-3">
        {error ? <FieldError id={errorId}>{error}</FieldError> : <span />}
        <p
          id={counterId}
          data-state={warning ? 'warning' : 'normal'}
          className={cn(
            'shrink-0 text-right text-sm tabular-nums',
            warning ? 'font-semibold text-danger' : 'text-ink-muted',
          )}
        >
          {counter(warning)}
        </p>
      </div>
    </div>
  );
}
