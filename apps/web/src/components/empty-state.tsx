import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn.ts';

/**
 * A list with nothing in it yet, said as a card: an icon, what is empty as a heading (level 2,
 * under the page's h1), a hint of what comes next, and the ways on (`children`, links or buttons).
 */
export function EmptyState({
  icon: Icon,
  title,
  hint,
  children,
  className,
}: {
  icon: LucideIcon;
  title: string;
  hint: string;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'mx-auto flex max-w-xl flex-col items-center rounded-card border border-sand-200 bg-white px-6 py-10 text-center shadow-card',
        className,
      )}
    >
      <span className="flex size-16 items-center justify-center rounded-full bg-teal-50 text-teal-700">
        <Icon aria-hidden="true" className="size-8" />
      </span>
      <h2 className="mt-4 font-display text-2xl font-semibold text-teal-900">{title}</h2>
      <p className="mt-2 max-w-[40ch] leading-relaxed text-ink-muted">{hint}</p>
      {children ? (
        <div className="mt-6 flex w-full flex-col gap-2 sm:w-auto sm:flex-row">{children}</div>
      ) : null}
    </div>
  );
}
