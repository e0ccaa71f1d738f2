import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { cn } from '@/lib/cn.ts';

const iconTones = {
  teal: 'bg-teal-50 text-teal-700',
  rose: 'bg-rose-50 text-rose-600',
} as const;

/** The round badge an empty state shows its icon in; also for a panel with nothing chosen yet. */
export function EmptyStateIcon({
  icon: Icon,
  tone = 'teal',
}: {
  icon: LucideIcon;
  tone?: keyof typeof iconTones;
}) {
  return (
    <span
      className={cn(
        'flex size-16 shrink-0 items-center justify-center rounded-full',
        iconTones[tone],
      )}
    >
      <Icon aria-hidden="true" className="size-8" />
    </span>
  );
}

/**
 * A list with nothing in it yet, said as a card: an icon, what is empty as a heading (level 2,
 * under the page's h1), a hint of what comes next, and the ways on (`children`, links or buttons).
 * With `region`, the card is a landmark named by its heading, for a page whose list is the point
 * (the suggestions): a screen reader's list of regions finds it where the list would be.
 */
export function EmptyState({
  icon,
  title,
  hint,
  children,
  region = false,
  className,
}: {
  icon: LucideIcon;
  title: string;
  hint: string;
  children?: ReactNode;
  region?: boolean;
  className?: string;
}) {
  const titleId = useId();
  const Frame = region ? 'section' : 'div';
  return (
    <Frame
      aria-labelledby={region ? titleId : undefined}
      className={cn(
        'mx-auto flex max-w-xl flex-col items-center rounded-card border border-sand-200 bg-white px-6 py-10 text-center shadow-card',
        className,
      )}
    >
      <EmptyStateIcon icon={icon} />
      <h2 id={titleId} className="mt-4 font-display text-2xl font-semibold text-teal-900">
        {title}
      </h2>
      <p className="mt-2 max-w-[40ch] leading-relaxed text-ink-muted">{hint}</p>
      {children ? (
        <div className="mt-6 flex w-full flex-col gap-2 sm:w-auto sm:flex-row">{children}</div>
      ) : null}
    </Frame>
  );
}
