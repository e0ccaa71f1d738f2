import type { CurrentUser } from '@mawadda/contract';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '@/components/alert.tsx';
import { LanguageSwitch } from '@/components/language-switch.tsx';
import { useLocalizedPath } from '@/components/layouts/paths.ts';
import { useDocumentTitle } from '@/components/layouts/use-document-title.ts';
import { afterLoginRoute } from '@/lib/after-login-route.ts';
import { session } from '@/lib/session.ts';
import type { Refusal } from '@/lib/translate-error.ts';
import { GoogleSignIn } from './google-sign-in.tsx';
import { LoginForm } from './login-form.tsx';
import { LoginHero } from './login-hero.tsx';

// Screens few visitors see: loaded when shown, so the first route stays within its budget.
const AccountNoticeScreen = lazy(() => import('./account-notice-screens.tsx'));

/**
 * What the registration wizard, an account deletion or a session ended by a moderator leaves in
 * the router state for login.
 */
export type LoginLocationState = {
  registered?: boolean;
  username?: string;
  /** The member just deleted their account (/mon-profil). */
  accountDeleted?: boolean;
  /** A suspension or a ban ended the member's session while the app was open. */
  accountClosed?: Refusal;
} | null;

export function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  const localized = useLocalizedPath();
  useDocumentTitle(t('login.heading'));
  const [arrival, setArrival] = useState(() => (location.state as LoginLocationState) ?? {});
  const [remember, setRemember] = useState(() => session.rememberedUser() !== '');

  // The "account created" note is for this arrival only, not for a later reload of the page.
  useEffect(() => {
    if (location.state) void navigate(location.pathname, { replace: true, state: null });
  }, [location.pathname, location.state, navigate]);

  const onSignedIn = (user: CurrentUser) => void navigate(localized(afterLoginRoute(user)));
  const toLogin = () => setArrival({});

  // What ended the member's account or session is a screen of its own, before the login.
  if (arrival.accountDeleted || arrival.accountClosed) {
    return (
      <Suspense fallback={null}>
        <AccountNoticeScreen closedBy={arrival.accountClosed} onContinue={toLogin} />
      </Suspense>
    );
  }

  return (
    <main className="relative min-h-dvh lg:grid lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)]">
      <LanguageSwitch className="absolute top-3 right-3 z-10 sm:right-5 lg:top-5" />
      <LoginHero />
      <section
        aria-labelledby="login-heading"
        className="relative z-[1] -mt-12 px-4 pb-10 lg:mt-0 lg:flex lg:items-center lg:justify-center lg:px-10 lg:py-16"
      >
        <div className="mx-auto w-full max-w-md rounded-card bg-white p-6 shadow-card sm:p-8">
          <h2 id="login-heading" className="font-display text-3xl text-teal-900">
            {t('login.heading')}
          </h2>
          <p className="mt-1 mb-6 text-ink-muted">{t('login.intro')}</p>
          {arrival.registered ? (
            <div className="mb-5">
              <Alert tone="success">{t('login.registered')}</Alert>
            </div>
          ) : null}
          <LoginForm
            initialUsername={arrival.username ?? session.rememberedUser()}
            remember={remember}
            onRememberChange={setRemember}
            onSignedIn={onSignedIn}
          />
          <GoogleSignIn remember={remember} onSignedIn={onSignedIn} />
          <p className="mt-8 border-t border-sand-200 pt-6 text-center text-ink-muted">
            {t('login.noAccount')}{' '}
            <Link
              to={localized('/register')}
              className="inline-flex min-h-11 items-center font-semibold text-teal-700 underline-offset-4 hover:underline"
            >
              {t('login.createAccount')}
            </Link>
          </p>
          <p className="mt-2 text-center text-sm">
            <Link
              to={localized('/report')}
              className="inline-flex min-h-11 items-center text-ink-muted underline underline-offset-4 hover:text-teal-800"
            >
              {t('login.reportIllegal')}
            </Link>
          </p>
        </div>
      </section>
    </main>
  );
}
