import type { LucideIcon } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { cn } from '@/lib/cn.ts';

const titleClass = 'font-display text-3xl font-semibold leading-tight text-teal-900 md:text-4xl';
export const pageTitleClass = `mt-2 ${titleClass}`;

/** The eyebrow's colour: teal on the member's own pages, rose on the pages about meeting others. */
const eyebrowTones = { teal: 'text-teal-700', rose: 'text-rose-700' } as const;

/**
 * A member page's header: the eyebrow with its icon, the page's one h1, and the lead. `titleRef`
 * makes the h1 focusable for a page that moves the focus to it (after an action, say); `action`
 * sits beside the h1 (a page's filters button); anything the page adds under the lead comes as
 * `children`.
 */
export function PageHeader({
  icon: Icon,
  eyebrow,
  title,
  lead,
  titleRef,
  tone = 'teal',
  action,
  className,
  children,
}: {
  icon: LucideIcon;
  eyebrow: string;
  title: string;
  lead: string;
  titleRef?: Ref<HTMLHeadingElement>;
  tone?: keyof typeof eyebrowTones;
  action?: ReactNode;
  className?: string;
  children?: ReactNode;
}) {
  const heading = (
    <h1
      ref={titleRef}
      tabIndex={titleRef ? -1 : undefined}
      className={cn(action ? titleClass : pageTitleClass, titleRef && 'outline-none')}
    >
      {title}
    </h1>
  );
  return (
    <header className={className}>
      <p
        className={cn(
          'flex items-center gap-2 text-sm font-semibold uppercase tracking-[0.12em]',
          eyebrowTones[tone],
        )}
      >
        <Icon aria-hidden="true" className="size-4" />
        {eyebrow}
      </p>
      {action ? (
        <div className="mt-2 flex items-center justify-between gap-4">
          {heading}
          {action}
        </div>
      ) : (
        heading
      )}
      <p className="mt-2 max-w-[65ch] leading-relaxed text-ink-muted">{lead}</p>
      {children}
    </header>
  );
}
