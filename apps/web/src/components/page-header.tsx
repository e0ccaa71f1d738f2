import type { LucideIcon } from 'lucide-react';
import type { ReactNode, Ref } from 'react';

export const pageTitleClass =
  'mt-2 font-display text-3xl font-semibold leading-tight text-teal-900 md:text-4xl';

/**
 * A member page's header: the eyebrow with its icon, the page's one h1, and the lead. `titleRef`
 * makes the h1 focusable for a page that moves the focus to it (after an action, say); anything
 * the page adds under the lead comes as `children`.
 */
export function PageHeader({
  icon: Icon,
  eyebrow,
  title,
  lead,
  titleRef,
  children,
}: {
  icon: LucideIcon;
  eyebrow: string;
  title: string;
  lead: string;
  titleRef?: Ref<HTMLHeadingElement>;
  children?: ReactNode;
}) {
  return (
    <header>
      <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-[0.12em] text-teal-700">
        <Icon aria-hidden="true" className="size-4" />
        {eyebrow}
      </p>
      <h1
        ref={titleRef}
        tabIndex={titleRef ? -1 : undefined}
        className={titleRef ? `${pageTitleClass} outline-none` : pageTitleClass}
      >
        {title}
      </h1>
      <p className="mt-2 max-w-[65ch] leading-relaxed text-ink-muted">{lead}</p>
      {children}
    </header>
  );
}
