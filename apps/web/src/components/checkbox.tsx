import { forwardRef, type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { cn } from '@/lib/cn.ts';
import { describedBy, FieldNotes } from './field-notes.tsx';

export type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  /** The label may hold links (terms, privacy): they stay links, the rest toggles the box. */
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
};

/**
 * A native checkbox with its label; the whole label row is at least 44 px high, so the target is
 * easy to hit. Its error and hint are announced with it (aria-describedby).
 */
export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox(
  { label, error, hint, id, className = '', ...input },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <div className="flex items-start gap-3">
        <input
          ref={ref}
          id={inputId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(inputId, hint, error)}
          className="mt-3 size-5 shrink-0 cursor-pointer rounded accent-teal-700"
          {...input}
        />
        <label
          htmlFor={inputId}
          className="min-h-11 cursor-pointer py-2.5 text-sm leading-6 text-ink"
        >
          {label}
        </label>
      </div>
      <FieldNotes inputId={inputId} hint={hint} error={error} className="pl-8" />
    </div>
  );
});
