import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useClientConfig } from '../api/auth-api.ts';
import { useGoogleIdentity } from '../hooks/use-google-identity.ts';

type Props = {
  onToken: (token: string) => void;
  /** What introduces the button ("Signed up with Google?"): shown with it, never without. */
  intro: ReactNode;
};

/**
 * Google's button to confirm who one is (before deleting the account): it hands the ID token of
 * the fresh sign-in to `onToken` and signs nobody in. Nothing shows, not even its intro, when the
 * server has no Google client id or Google's script cannot load.
 */
export function GoogleConfirm({ onToken, intro }: Props) {
  const clientId = useClientConfig().data?.googleClientId;
  return clientId ? (
    <GoogleConfirmButton clientId={clientId} onToken={onToken} intro={intro} />
  ) : null;
}

function GoogleConfirmButton({ clientId, onToken, intro }: Props & { clientId: string }) {
  const { i18n } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const { unavailable } = useGoogleIdentity({
    clientId,
    container,
    locale: i18n.resolvedLanguage ?? 'en',
    handleCredential: onToken,
  });
  return unavailable ? null : (
    <div className="flex flex-col gap-2">
      {intro}
      <div ref={container} className="flex min-h-11 justify-center" />
    </div>
  );
}
