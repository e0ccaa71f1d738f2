import { ArrowLeft, Compass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/button.tsx';
import { LanguageSwitch } from '@/components/language-switch.tsx';
import { useLocalizedPath } from '@/components/layouts/paths.ts';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/layouts/skip-link.tsx';
import { useDocumentTitle } from '@/components/layouts/use-document-title.ts';
import { Logo } from '@/components/logo.tsx';
import { useSession } from '@/lib/session.ts';

/** Any address the app does not know: a calm page with a way home (suggestions for a member). */
export function Component() {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const member = useSession() !== null;
  const home = localized(member ? '/suggestions' : '/');
  useDocumentTitle(t('notFound.title'));

  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-sand-100 via-sand-50 to-sand-50">
      <SkipLink />
      <header className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between gap-3 px-3 sm:px-4">
        <Link
          to={home}
          aria-label={t(member ? 'nav.suggestionsLink' : 'nav.homeLink')}
          className="flex min-h-11 items-center rounded-xl pr-1"
        >
          <Logo />
        </Link>
        <LanguageSwitch />
      </header>
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="flex flex-1 items-center justify-center px-4 pb-16 pt-8 outline-none"
      >
        <div className="w-full max-w-md text-center">
          <span className="mx-auto flex size-20 items-center justify-center rounded-full bg-white text-teal-700 shadow-card">
            <Compass aria-hidden="true" className="size-9" strokeWidth={1.75} />
          </span>
          <p className="mt-6 text-sm font-semibold uppercase tracking-[0.14em] text-rose-700">
            {t('notFound.eyebrow')}
          </p>
          <h1 className="mt-2 font-display text-4xl font-semibold text-teal-900">
            {t('notFound.title')}
          </h1>
          <p className="mt-4 text-lg leading-relaxed text-ink-muted">{t('notFound.body')}</p>
          <Link to={home} className={buttonClass({ size: 'wide', className: 'mt-8' })}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t(member ? 'notFound.suggestions' : 'notFound.home')}
          </Link>
        </div>
      </main>
    </div>
  );
}
