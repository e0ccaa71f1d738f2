import { ArrowLeft } from 'lucide-react';

import { Link } from 'react-router';
import { LanguageSwitch } from '@/components/language-switch.tsx';
import { useLocalizedPath } from '@/components/layouts/paths.ts';
import { useDocumentTitle } from '@/components/layouts/use-document-title.ts';
import { LogoMark } from '@/components/logo.tsx';
import { StarPattern } from '@/components/star-pattern.tsx';
import { useRegisterTranslation } from '../i18n.ts';
import { WIZARD_STEPS } from '../utils/registration-values.ts';
import { RegisterWizard } from './register-wizard.tsx';

/** /register: the wizard in one card, with the way back to login always in view. */
export function RegisterPage() {
  const { t } = useRegisterTranslation();
  const localized = useLocalizedPath();
  useDocumentTitle(t('documentTitle'));
  return (
    <main className="relative min-h-dvh pb-12">
      <div aria-hidden="true" className="absolute inset-x-0 top-0 h-72 overflow-hidden bg-teal-800">
        <StarPattern />
      </div>
      <div className="relative mx-auto max-w-xl px-4 pt-4 sm:pt-8">
        <div className="flex items-center justify-between gap-3 text-white">
          <p className="inline-flex min-h-11 items-center gap-2 font-display text-xl sm:text-2xl">
            <LogoMark className="size-8 sm:size-9" />
            Mawadda
          </p>
          <LanguageSwitch />
        </div>
        <Link
          to={localized('/')}
          className="mt-2 inline-flex min-h-11 items-center gap-2 rounded-full text-sm font-semibold whitespace-nowrap text-white underline-offset-4 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('common:actions.backToLogin')}
        </Link>
        <div className="mt-6 rounded-card bg-white p-5 shadow-card sm:mt-10 sm:p-8">
          <h1 className="font-display text-3xl leading-tight text-teal-900 sm:text-4xl">
            {t('title')}
          </h1>
          <p className="mt-1 mb-6 text-ink-muted">
            {t('subtitle', { count: WIZARD_STEPS.length })}
          </p>
          <RegisterWizard />
        </div>
      </div>
    </main>
  );
}
