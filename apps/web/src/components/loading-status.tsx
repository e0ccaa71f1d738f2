import { cn } from '@/lib/cn.ts';

const spinnerClass = 'animate-spin rounded-full border-2 border-teal-700 border-t-transparent';

/** What is loading, beside a small spinner, told to a screen reader as a status. */
export function LoadingStatus({ text, className }: { text: string; className?: string }) {
  return (
    <p role="status" className={cn('flex items-center gap-2 text-sm text-ink-muted', className)}>
      <span aria-hidden="true" className={cn('size-4', spinnerClass)} />
      {text}
    </p>
  );
}

/**
 * A space of its own (a dialog's body, a conversation) held by a spinner while its content
 * loads; what is loading is told to a screen reader only.
 */
export function LoadingArea({ text, className }: { text: string; className?: string }) {
  return (
    <div className={cn('flex flex-1 items-center justify-center', className)}>
      <span aria-hidden="true" className={cn('size-6', spinnerClass)} />
      <span role="status" className="sr-only">
        {text}
      </span>
    </div>
  );
}
