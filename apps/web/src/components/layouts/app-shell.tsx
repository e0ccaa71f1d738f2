import { memo, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/button.tsx';
import { cn } from '@/lib/cn.ts';
import { useSession } from '@/lib/session.ts';
import { LanguageSwitch } from '../language-switch.tsx';
import { Logo } from '../logo.tsx';
import { FillScreenContext } from './fill-screen.ts';
import type { LikedYouContent } from './liked-you-dialog.tsx';
import { MemberNav, type NavCounts } from './member-nav.tsx';
import { useLocalizedPath } from './paths.ts';
import { ProfileMenu } from './profile-menu.tsx';
import type { MenuAction } from './profile-menu-radix.tsx';
import { useReturnState } from './return-to.ts';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link.tsx';

/** Where members write for help; privacy requests have their own address on the legal pages. */
const SUPPORT_EMAIL = 'support@mawadda.app';

const SiteFooter = memo(function SiteFooter({ member }: { member: boolean }) {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const returnState = useReturnState();
  const linkClass =
    'inline-flex min-h-11 items-center rounded-full px-2 font-medium text-teal-800 underline-offset-4 hover:underline';
  return (
    <footer
      className={cn(
        'border-t border-sand-200 bg-sand-100/70',
        member && 'pb-[calc(4.75rem+env(safe-area-inset-bottom))] md:pb-0',
      )}
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-5 text-sm text-ink-muted sm:flex-row sm:items-center sm:justify-between">
        <p>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
        <nav aria-label={t('footer.label')}>
          <ul className="-mx-2 flex flex-wrap items-center">
            <li>
              <Link to={localized('/terms')} state={returnState} className={linkClass}>
                {t('footer.terms')}
              </Link>
            </li>
            <li>
              <Link to={localized('/privacy')} state={returnState} className={linkClass}>
                {t('footer.privacy')}
              </Link>
            </li>
            <li>
              <Link to={localized('/report')} className={linkClass}>
                {t('footer.report')}
              </Link>
            </li>
            <li>
              <a href={`mailto:${SUPPORT_EMAIL}`} className={linkClass}>
                {t('footer.contact')}
              </a>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
});

/**
 * The app shell of every route but login, register, forgot and reset password (docs/spec.md §2):
 * the top navigation bar, the page, a small footer.
 *
 * - A member gets the logo (to /suggestions), the four badged destinations (a bottom tab bar on
 *   phones, inline from `md`), the language switch and the avatar with its profile menu.
 * - A visitor (on /terms or /privacy) gets the logo (to /), the language switch and a log-in link.
 *
 * Every page renders its own single `<main>` (login and register, outside the shell, do too);
 * the shell wraps it in the skip link's target. A page that asks to fill the screen
 * (`useFillScreen`: the chat) gets exactly the screen's height between the bar and the phone's
 * tab bar, and no footer: it scrolls inside itself, so its own header and bottom (a
 * conversation's composer) stay in view.
 */
export function AppShell({
  children,
  notice,
  counts,
  likedYou,
  subscription,
  moderator = false,
}: {
  children: ReactNode;
  /** Shown between the bar and the page: the install prompt. */
  notice?: ReactNode;
  /** The badge counts of the member's destinations (hidden at zero, 9+ above nine). */
  counts?: NavCounts;
  /** The body of the liked-you dialog, opened from the likes button. */
  likedYou?: LikedYouContent;
  /** The profile menu's subscription entry. */
  subscription?: MenuAction;
  /** The member moderates: the profile menu links to the moderation page. */
  moderator?: boolean;
}) {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const current = useSession();
  const member = current !== null;
  const user = current?.user ?? null;
  const [fill, setFill] = useState(false);

  return (
    <div className={cn('flex flex-col', fill ? 'h-dvh' : 'min-h-dvh')}>
      <SkipLink />
      {/* No backdrop-filter here: it would make the header the containing block of the phone's
          fixed bottom tab bar inside it. */}
      <header className="sticky top-0 z-30 border-b border-sand-200/80 bg-sand-50">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-3 sm:gap-3 sm:px-4">
          <Link
            to={localized(member ? '/suggestions' : '/')}
            aria-label={t(member ? 'nav.suggestionsLink' : 'nav.homeLink')}
            className={cn(
              'mr-auto flex min-h-11 shrink-0 items-center rounded-xl pr-1',
              member && 'md:mr-0',
            )}
          >
            {/* Below 24rem the wordmark gives way (the link's name still says Mawadda), so the
                bar's four controls fit a 320 px phone. */}
            <Logo className="max-[24rem]:[&>span]:sr-only" />
          </Link>
          {member ? <MemberNav {...(counts ? { counts } : {})} likedYou={likedYou} /> : null}
          <LanguageSwitch />
          {member ? (
            <ProfileMenu
              name={user?.name}
              photoUrl={user?.mediaUrls?.[0]}
              subscription={subscription}
              moderator={moderator}
            />
          ) : (
            <Link
              to={localized('/')}
              className={buttonClass({ size: 'small', className: 'shrink-0' })}
            >
              {t('nav.logIn')}
            </Link>
          )}
        </div>
      </header>
      {notice}
      <div
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className={cn(
          'flex flex-1 flex-col outline-none',
          // The footer keeps the other pages clear of the phone's tab bar; here the page does.
          fill && 'min-h-0',
          fill && member && 'pb-[calc(4.75rem+env(safe-area-inset-bottom))] md:pb-0',
        )}
      >
        <FillScreenContext.Provider value={setFill}>{children}</FillScreenContext.Provider>
      </div>
      {fill ? null : <SiteFooter member={member} />}
    </div>
  );
}
