import { forwardRef, type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { cn } from '@/lib/cn.ts';
import { describedBy, FieldNotes } from './field-notes.tsx';

export type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** Rendered inside the field's right edge (a show/hide toggle, a spinner). */
  trailing?: ReactNode;
};

/** A labelled input whose error and hint are announced with it (aria-describedby). */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, trailing, id, className = '', ...input },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-ink">
        {label}
      </label>
      <div className="relative">
        <input
          ref={ref}
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(inputId, hint, error)}
          className={cn(
            'w-full min-h-11 rounded-xl border bg-white px-4 py-2.5 text-base text-ink placeholder:text-ink-muted/70 read-only:bg-sand-100',
            error ? 'border-danger' : 'border-sand-300 focus:border-teal-600',
            trailing && 'pr-12',
          )}
          {...input}
        />
        {trailing ? (
          <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div>
        ) : null}
      </div>
      <FieldNotes inputId={inputId} hint={hint} error={error} />
    </div>
  );
});
