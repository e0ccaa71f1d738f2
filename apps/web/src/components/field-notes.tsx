import type { ReactNode } from 'react';
import { cn } from '@/lib/cn.ts';
import { FieldError } from './field-error.tsx';

/** The ids of a field's error and hint, as its input names them (aria-describedby), error first. */
export function describedBy(inputId: string, hint: ReactNode, error: ReactNode) {
  return (
    [error ? `${inputId}-error` : null, hint ? `${inputId}-hint` : null]
      .filter(Boolean)
      .join(' ') || undefined
  );
}

/**
 * What stands under a field: its hint, then its error, read out as it appears; each with the id
 * `describedBy` gives its input. `className` places both (a checkbox's start after the box).
 */
export function FieldNotes({
  inputId,
  hint,
  error,
  className,
}: {
  inputId: string;
  hint: ReactNode;
  error: ReactNode;
  className?: string;
}) {
  return (
    <>
      {hint ? (
        <div id={`${inputId}-hint`} className={cn(className, 'text-sm text-ink-muted')}>
          {hint}
        </div>
      ) : null}
      {error ? (
        <FieldError id={`${inputId}-error`} className={className}>
          {error}
        </FieldError>
      ) : null}
    </>
  );
}
