import { RotateCcw } from 'lucide-react';
import { cn } from '@/lib/cn.ts';

/** A list that could not be loaded, and a way to ask again. The texts are the list's own. */
export function ListLoadError({
  message,
  retry,
  onRetry,
  className,
}: {
  message: string;
  /** The retry button's text. */
  retry: string;
  onRetry: () => void;
  /** The frame around it: none in a dialog, a card on a page. */
  className: string;
}) {
  return (
    <div className={cn('flex flex-col items-center gap-3 text-center', className)}>
      <p role="alert" className="font-medium text-ink">
        {message}
      </p>
      <button
        type="button"
        onClick={onRetry}
        className="inline-flex min-h-11 items-center gap-1.5 rounded-full px-4 font-semibold text-teal-800 transition-colors hover:bg-teal-50"
      >
        <RotateCcw aria-hidden="true" className="size-4" />
        {retry}
      </button>
    </div>
  );
}
