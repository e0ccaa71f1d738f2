import type { ReactNode } from 'react';

/** A card of /mon-profil's sections below the form (notifications, data, deletion): an icon, a heading that labels it, a lead. */
export function AccountSection({
  id,
  icon,
  title,
  lead,
  children,
}: {
  /** The heading's id, which labels the section. */
  id: string;
  icon: ReactNode;
  title: string;
  lead: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="mt-6 rounded-card border border-sand-200 bg-white p-4 shadow-card sm:p-5"
    >
      <div className="flex items-start gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-teal-50 text-teal-700">
          {icon}
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={id} className="font-display text-xl font-semibold text-teal-900">
            {title}
          </h2>
          <p className="text-sm text-ink-muted">{lead}</p>
        </div>
      </div>
      <div className="mt-3">{children}</div>
    </section>
  );
}
