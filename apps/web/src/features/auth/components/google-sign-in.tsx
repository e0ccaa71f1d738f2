import type { CurrentUser } from '@mawadda/contract';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert.tsx';
import { useClientConfig, useGoogleLoginMutation } from '../api/auth-api.ts';
import { useGoogleIdentity } from '../hooks/use-google-identity.ts';
import { googleErrorMessage } from '../utils/login-error.ts';

type Props = { onSignedIn: (user: CurrentUser) => void };

/**
 * Google sign-in, shown only when the server has a Google client id (GET /api/config): without
 * one, nothing renders and the e-mail login stands alone.
 */
export function GoogleSignIn({ onSignedIn }: Props) {
  const config = useClientConfig();
  const clientId = config.data?.googleClientId;
  if (!clientId) return null;
  return <GoogleButton clientId={clientId} onSignedIn={onSignedIn} />;
}

function GoogleButton({ clientId, onSignedIn }: Props & { clientId: string }) {
  const { t, i18n } = useTranslation('auth');
  const container = useRef<HTMLDivElement>(null);
  const google = useGoogleLoginMutation();
  const { unavailable } = useGoogleIdentity({
    clientId,
    container,
    locale: i18n.resolvedLanguage ?? 'en',
    handleCredential: (credential) => google.mutate(credential, { onSuccess: onSignedIn }),
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
