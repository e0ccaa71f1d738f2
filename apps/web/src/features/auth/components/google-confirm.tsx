import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useClientConfig } from '../api/auth-api.ts';
import { useGoogleIdentity } from '../hooks/use-google-identity.ts';

/**
 * Google's button to confirm who one is (before deleting the account): it hands the ID token of
 * the fresh sign-in to `onToken` and signs nobody in. Nothing shows when the server has no
 * Google client id.
 */
export function GoogleConfirm({ onToken }: { onToken: (token: string) => void }) {
  const clientId = useClientConfig().data?.googleClientId;
  return clientId ? <GoogleConfirmButton clientId={clientId} onToken={onToken} /> : null;
}

function GoogleConfirmButton({
  clientId,
  onToken,
}: {
  clientId: string;
  onToken: (token: string) => void;
}) {
  const { i18n } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const { unavailable } = useGoogleIdentity({
    clientId,
    container,
    locale: i18n.resolvedLanguage ?? 'en',
    handleCredential: onToken,
  });
  return unavailable ? null : <div ref={container} className="flex min-h-11 justify-center" />;
}
