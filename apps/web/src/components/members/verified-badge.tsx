import { BadgeCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn.ts';

/**
 * The verified badge (issue 21): a moderator matched the member's selfie to their photos. A check
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
  const { t } = useTranslation();
  const word = t('verifiedBadge');
  return (
    <span
      className={cn('inline-flex shrink-0 items-center gap-1 text-teal-700', className)}
      title={word}
    >
      <BadgeCheck aria-hidden="true" className="size-[1.1em]" strokeWidth={2.25} />
      {withText ? (
        <span className="text-sm font-semibold">{word}</span>
      ) : (
        <span className="sr-only">{word}</span>
      )}
    </span>
  );
}

/** The badge's word, for an accessible name made of parts (a list entry's button). */
export function useVerifiedWord() {
  return useTranslation().t('verifiedBadge');
}
