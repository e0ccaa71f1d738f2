import { type ReactNode, useId } from 'react';
import { cn } from '@/lib/cn.ts';

/** A card of the profile editor, named by its heading for screen readers' landmarks. */
export function ProfileSection({
  title,
  children,
  className,
  anchor,
}: {
  title: string;
  children: ReactNode;
  className?: string;
  /** The section's address in the page (`/mon-profil#…`), for a link from another screen. */
  anchor?: string;
}) {
  const id = useId();
  return (
    <section
      id={anchor}
      aria-labelledby={id}
      className={cn(
        'rounded-card border border-sand-200 bg-white p-5 shadow-card sm:p-6',
        className,
      )}
    >
      <h2 id={id} className="mb-4 font-display text-xl font-semibold text-teal-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
