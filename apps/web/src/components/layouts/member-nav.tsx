import { Eye, Heart, type LucideIcon, MessageCircle, Sparkles } from 'lucide-react';
import { lazy, memo, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { useDialogOnDemand } from '@/hooks/use-dialog-on-demand.ts';
import { cn } from '@/lib/cn.ts';
import { useLoadAfterFirstScreen } from '@/lib/first-screen.ts';
import { useDataSaver } from '@/lib/use-data-saver.ts';
import type { LikedYouContent } from './liked-you-dialog.tsx';
import { NavBadge, useBadgeSpeech } from './nav-badge.tsx';
import { useLocalizedPath } from './paths.ts';

/**
 * The dialog's frame is not part of the first screen (ADR 054): it loads once the browser is idle
 * (not in data saver), or with its first opening.
 */
const loadLikedYouDialog = () => import('./liked-you-dialog.tsx');
const LikedYouDialog = lazy(() =>
  loadLikedYouDialog().then((module) => ({ default: module.LikedYouDialog })),
);

/** The counts the badges show; the app polls them (docs/spec.md §9: every 15 s). */
export type NavCounts = { suggestions: number; likes: number; chat: number; views: number };

const NO_COUNTS: NavCounts = { suggestions: 0, likes: 0, chat: 0, views: 0 };

/*
 * One list, two layouts: below `md` a bottom tab bar within thumb reach (icon over a short label);
 * from `md` inline in the top bar (icons only, then icon and label from `lg`). In the tab bar the
 * four labels stay on one line each and side by side at 320 px ("Suggestions", "Qui m'aime"):
 * the items take no padding of their own there, the pill around each icon is their margin.
 */
const itemClass =
  'group relative flex min-h-14 w-full flex-col items-center justify-center gap-0.5 rounded-2xl px-0 text-xs font-semibold text-ink-muted transition-colors hover:text-teal-900 md:min-h-11 md:w-auto md:flex-row md:gap-2 md:rounded-full md:px-3 md:text-sm md:hover:bg-sand-100 aria-[current=page]:text-teal-800 md:aria-[current=page]:bg-teal-50 data-[open]:text-teal-800';

const pillClass =
  'relative flex h-8 w-14 items-center justify-center rounded-full transition-colors group-aria-[current=page]:bg-teal-50 group-data-[open]:bg-teal-50 md:h-auto md:w-auto md:bg-transparent md:group-aria-[current=page]:bg-transparent md:group-data-[open]:bg-transparent';

const labelClass = 'whitespace-nowrap leading-tight md:max-lg:sr-only';

function ItemBody({
  icon: Icon,
  label,
  count,
}: {
  icon: LucideIcon;
  label: string;
  count: number;
}) {
  const speech = useBadgeSpeech(count);
  return (
    <>
      {/* Beside the label (from lg), the badge hangs past the icon by up to 0.75rem: the icon
          keeps that room, so "9+" never covers the label's first letters. */}
      <span className={cn(pillClass, speech && 'lg:mr-3')}>
        <span className="relative">
          <Icon aria-hidden="true" className="size-[1.375rem] md:size-5" strokeWidth={2} />
          <NavBadge count={count} />
        </span>
      </span>
      <span className={labelClass}>{label}</span>
      {speech ? <span className="sr-only">, {speech}</span> : null}
    </>
  );
}

/** Memoized: the shell draws again as its queries start, with nothing new for the bar. */
export const MemberNav = memo(function MemberNav({
  counts = NO_COUNTS,
  likedYou,
}: {
  counts?: NavCounts;
  /** The body of the liked-you dialog. */
  likedYou?: LikedYouContent | undefined;
}) {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const dialog = useDialogOnDemand();
  const showLikedYou = dialog.show;
  useLoadAfterFirstScreen(loadLikedYouDialog, !useDataSaver());
  const likesButton = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const navigate = useNavigate();
  const likesAsked = new URLSearchParams(location.search).get('likes') === 'open';

  // A likes push leads to `?likes=open` (server: push-notifier.ts `urlOf`): the dialog opens and
  // the parameter goes in place, so Back or a reload does not open it again. (useSearchParams
  // would cost the first route 0.4 kB: react-router is in its chunk.)
  useEffect(() => {
    if (!likesAsked) return;
    showLikedYou();
    const search = new URLSearchParams(location.search);
    search.delete('likes');
    const rest = search.toString();
    void navigate(
      { pathname: location.pathname, search: rest ? `?${rest}` : '', hash: location.hash },
      { replace: true, state: location.state },
    );
  }, [likesAsked, location, navigate, showLikedYou]);

  const link = (to: string, icon: LucideIcon, label: string, count: number) => (
    <li className="flex-1 md:flex-none">
      <NavLink to={localized(to)} className={itemClass} title={label}>
        <ItemBody icon={icon} label={label} count={count} />
      </NavLink>
    </li>
  );

  return (
    <nav
      aria-label={t('nav.main')}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-sand-200 bg-white/95 pb-[env(safe-area-inset-bottom)] shadow-bar backdrop-blur supports-[backdrop-filter]:bg-white/85 md:static md:z-auto md:flex-1 md:border-0 md:bg-transparent md:pb-0 md:shadow-none md:backdrop-blur-none md:supports-[backdrop-filter]:bg-transparent"
    >
      <ul className="mx-auto flex max-w-md items-stretch gap-1 px-2 py-1.5 md:max-w-none md:justify-center md:p-0">
        {link('/suggestions', Sparkles, t('nav.suggestions'), counts.suggestions)}
        <li className="flex-1 md:flex-none">
          <button
            ref={likesButton}
            type="button"
            aria-haspopup="dialog"
            data-open={dialog.open || undefined}
            onClick={showLikedYou}
            className={itemClass}
            title={t('nav.likes')}
          >
            <ItemBody icon={Heart} label={t('nav.likes')} count={counts.likes} />
          </button>
        </li>
        {link('/chat', MessageCircle, t('nav.chat'), counts.chat)}
        {link('/profile-views', Eye, t('nav.views'), counts.views)}
      </ul>
      {dialog.mounted ? (
        <Suspense
          fallback={
            <span role="status" className="sr-only">
              {t('actions.loading')}
            </span>
          }
        >
          <LikedYouDialog
            open={dialog.open}
            onOpenChange={dialog.setOpen}
            returnFocus={likesButton}
          >
            {dialog.open ? likedYou?.(() => dialog.setOpen(false)) : null}
          </LikedYouDialog>
        </Suspense>
      ) : null}
    </nav>
  );
});
