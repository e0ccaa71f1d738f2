import { BADGE_CAP } from '@mawadda/contract/constants';
import { useTranslation } from 'react-i18next';
import { formatBadge } from './badge.ts';

/**
 * The red count on a navigation icon: hidden at zero, `9+` above nine. Decorative: screen
 * readers hear `useBadgeSpeech` in the item's name instead ("Messages, 3 new").
 */
export function NavBadge({ count }: { count: number }) {
  const text = formatBadge(count);
  if (!text) return null;
  return (
    <span
      aria-hidden="true"
      data-testid="nav-badge"
      className="absolute -top-1.5 left-[calc(100%-0.625rem)] flex h-5 min-w-5 items-center justify-center rounded-full bg-rose-600 px-1 text-[0.6875rem] font-bold leading-none text-white ring-2 ring-white"
    >
      {text}
    </span>
  );
}

/** What the badge says aloud, after the item's label; null when it shows nothing. */
export function useBadgeSpeech(count: number): string | null {
  const { t } = useTranslation();
  const text = formatBadge(count);
  if (!text) return null;
  return text.endsWith('+')
    ? t('nav.badgeOver', { cap: BADGE_CAP })
    : t('nav.badge', { count: Number(text) });
}
