import type { CurrentUser } from '@mawadda/contract';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/alert.tsx';
import { useGoogleLoginMutation } from '../api/auth-api.ts';
import { useGoogleIdentity } from '../hooks/use-google-identity.ts';
import { useOpenStanding } from '../hooks/use-open-standing.ts';
import { googleErrorMessage } from '../utils/login-error.ts';

type Props = { clientId: string; remember: boolean; onSignedIn: (user: CurrentUser) => void };

/** Google's button (Google Identity Services) and what its sign-in says while and after it runs. */
export function GoogleButton({ clientId, remember, onSignedIn }: Props) {
  const { t, i18n } = useTranslation(['auth', 'common']);
  const container = useRef<HTMLDivElement>(null);
  const google = useGoogleLoginMutation();
  const openStanding = useOpenStanding();
  const { unavailable } = useGoogleIdentity({
    clientId,
    container,
    locale: i18n.resolvedLanguage ?? 'en',
    handleCredential: (credential) =>
      google.mutate({ credential, remember }, { onSuccess: onSignedIn, onError: openStanding }),
  });
  if (unavailable) return null;
  return (
    <div className="mt-6 flex flex-col gap-4">
      <div className="flex items-center gap-3 text-sm text-ink-muted">
        <span aria-hidden="true" className="h-px flex-1 bg-sand-300" />
        {t('google.or')}
        <span aria-hidden="true" className="h-px flex-1 bg-sand-300" />
      </div>
      <div ref={container} className="flex min-h-11 justify-center" aria-busy={google.isPending} />
      {google.isPending ? (
        <p role="status" className="text-center text-sm text-ink-muted">
          {t('google.signingIn')}
        </p>
      ) : null}
      {google.isError ? <Alert tone="error">{googleErrorMessage(t, google.error)}</Alert> : null}
    </div>
  );
}
