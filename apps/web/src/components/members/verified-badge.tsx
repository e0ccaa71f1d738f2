import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn.ts';

/**
 * The verified badge (ADR 044): a moderator matched the member's selfie to their photos. A check
 * in a seal with its word for screen readers ("Verified", "Vérifié(e)"), and as a tooltip; `withText`
 * shows the word too, where there is room (a profile page).
 */
export function VerifiedBadge({
  className,
  withText = false,
}: {
  className?: string;
  withText?: boolean;
}) {
  const word = useVerifiedWord();
  return (
    <span
      className={cn('inline-flex shrink-0 items-center gap-1 text-teal-700', className)}
      title={word}
    >
      <VerifiedIcon className="size-[1.1em]" />
      {withText ? (
        <span className="text-sm font-semibold">{word}</span>
      ) : (
        <span className="sr-only">{word}</span>
      )}
    </span>
  );
}

/**
 * The badge's word, also for an accessible name made of parts (a list entry's button). Two words
 * kept here rather than in the common texts: those load with the first route, which has no bytes
 * to spare (its 170 kB budget), and only member screens show the badge.
 */
export function useVerifiedWord() {
  const { i18n } = useTranslation();
  return (i18n.resolvedLanguage ?? i18n.language ?? 'en').startsWith('fr')
    ? 'Vérifié(e)'
    : 'Verified';
}

/**
 * Lucide's badge-check drawn here rather than imported: the icon's own chunk would add its name
 * to the entry's preload map, and the first route has no bytes to spare (its 170 kB budget).
 */
export function VerifiedIcon({ className }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2.25}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      <path d="M3.85 8.62a4 4 0 0 1 4.78-4.77 4 4 0 0 1 6.74 0 4 4 0 0 1 4.78 4.78 4 4 0 0 1 0 6.74 4 4 0 0 1-4.77 4.78 4 4 0 0 1-6.75 0 4 4 0 0 1-4.78-4.77 4 4 0 0 1 0-6.76Z" />
      <path d="m9 12 2 2 4-4" />
    </svg>
  );
}
