import { PRIVACY_VERSION } from '@mawadda/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { useLocalizedPath } from '@/components/layouts/paths.ts';
import { useReturnState } from '@/components/layouts/return-to.ts';
import { useDocumentTitle } from '@/components/layouts/use-document-title.ts';
import { useLogout } from '@/components/layouts/use-logout.ts';
import { ApiError } from '@/lib/api-client.ts';
import { translateError } from '@/lib/translate-error.ts';
import { giveConsent } from '../api/consent-api.ts';
import { useLegalTranslation } from '../legal-texts.ts';

/**
 * Asked before any member screen while the member has not consented to the current privacy text
 * (registered before the question existed, signed up with Google, or the text changed): what is
 * asked and why, a link to the privacy policy, and two answers. Consenting opens the member area
 * where the member was going; refusing explains what follows and offers to log out, and
 * `account` (given by the app: downloading one's data, deleting the account), which stay open
 * without the consent.
 */
export function ConsentScreen({ account }: { account?: ReactNode }) {
  const { t } = useLegalTranslation();
  const localized = useLocalizedPath();
  const returnState = useReturnState();
  const queryClient = useQueryClient();
  const logout = useLogout();
  const [refused, setRefused] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const refusalHeading = useRef<HTMLHeadingElement>(null);
  const refusalId = useId();
  useDocumentTitle(t('consent.title'));

  const consent = useMutation({
    mutationFn: giveConsent,
    // What the server refused while the consent was missing is asked again.
    onSuccess: () => queryClient.invalidateQueries(),
  });

  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    if (refused) refusalHeading.current?.focus();
  }, [refused]);

  const failure =
    consent.error instanceof ApiError
      ? (translateError(t, consent.error.body) ?? t('consent.failed'))
      : consent.error
        ? t('consent.failed')
        : null;

  return (
    <main className="mx-auto w-full max-w-2xl flex-1 px-4 py-8 md:py-12">
      <div className="rounded-card border border-sand-200 bg-white p-5 shadow-card sm:p-8">
        <ShieldCheck aria-hidden="true" className="size-10 text-teal-700" />
        <h1
          ref={heading}
          tabIndex={-1}
          className="mt-3 font-display text-3xl font-semibold text-teal-900 outline-none"
        >
          {t('consent.title')}
        </h1>
        <p className="mt-4 leading-relaxed text-ink">{t('consent.why')}</p>
        <p className="mt-3 leading-relaxed text-ink">{t('consent.what')}</p>
        <p className="mt-3 leading-relaxed text-ink-muted">
          {t('consent.withdraw')}{' '}
          <Link
            to={localized('/privacy')}
            state={returnState}
            className="font-semibold text-teal-800 underline underline-offset-4"
          >
            {t('consent.readPolicy', { version: PRIVACY_VERSION })}
          </Link>
        </p>
        {failure ? (
          <div className="mt-5">
            <Alert tone="error">{failure}</Alert>
          </div>
        ) : null}
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Button busy={consent.isPending} onClick={() => consent.mutate()}>
            {t('consent.give')}
          </Button>
          <Button
            variant="secondary"
            aria-expanded={refused}
            aria-controls={refusalId}
            onClick={() => setRefused(true)}
          >
            {t('consent.refuse')}
          </Button>
        </div>
        <section id={refusalId} hidden={!refused} className="mt-6 border-t border-sand-200 pt-5">
          <h2
            ref={refusalHeading}
            tabIndex={-1}
            className="font-display text-xl font-semibold text-teal-900 outline-none"
          >
            {t('consent.refusedTitle')}
          </h2>
          <p className="mt-2 leading-relaxed text-ink">{t('consent.refusedText')}</p>
          <div className="mt-4">
            <Button variant="secondary" onClick={() => void logout()}>
              {t('common:actions.logout')}
            </Button>
          </div>
          {refused && account ? <div className="mt-6 space-y-6">{account}</div> : null}
        </section>
      </div>
    </main>
  );
}
