import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpenProblem } from '@/hooks/use-open-member.ts';
import { cn } from '@/lib/cn.ts';

/**
 * Why a member of a list could not be opened (docs/spec.md §8), until dismissed. The texts come
 * from the list's own namespace, but for being offline, which every screen says the same way.
 */
export function OpenProblemAlert({
  problem,
  onDismiss,
  texts,
  compact = false,
  className,
}: {
  problem: OpenProblem;
  onDismiss: () => void;
  /** `gone`: the member no longer exists; `failed`: anything else; `dismiss`: the close button. */
  texts: { gone: string; failed: string; dismiss: string };
  /** Tighter, for a list in a dialog. */
  compact?: boolean;
  /** The margins around it. */
  className: string;
}) {
  const { t } = useTranslation();
  const alert = useRef<HTMLDivElement>(null);
  // The entry just pressed may be gone: the keyboard lands on the message instead (and, in a
  // dialog, stays in it).
  useEffect(() => {
    alert.current?.focus();
  }, []);
  const message =
    problem === 'gone' ? texts.gone : problem === 'network' ? t('errors.network') : texts.failed;
  return (
    <div
      ref={alert}
      tabIndex={-1}
      role="alert"
      className={cn(
        'flex items-start gap-2 rounded-xl border border-danger/30 bg-red-50 py-1 pl-4 pr-1 text-sm font-medium text-danger outline-none focus-visible:outline-3 focus-visible:outline-teal-600',
        className,
      )}
    >
      <p className={cn('flex-1', compact ? 'py-2' : 'py-2.5')}>{message}</p>
      <button
        type="button"
        onClick={onDismiss}
        aria-label={texts.dismiss}
        className="flex size-11 shrink-0 items-center justify-center rounded-full transition-colors hover:bg-red-100"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
