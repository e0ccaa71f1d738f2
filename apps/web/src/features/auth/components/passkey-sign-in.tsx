import type { CurrentUser } from '@mawadda/contract';
import { KeyRound } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { ApiError } from '@/lib/api-client.ts';
import {
  cancelPasskeyCeremony,
  isPasskeyCancel,
  supportsPasskeyAutofill,
  supportsPasskeys,
} from '@/lib/webauthn.ts';
import { passkeySignIn } from '../api/passkey-api.ts';
import { passkeyErrorMessage } from '../utils/login-error.ts';

type Props = {
  /** What the username field holds now: with an address, the options name its passkeys. */
  username: () => string;
  remember: boolean;
  onSignedIn: (user: CurrentUser) => void;
};

/**
 * Passkeys on the login page (ADR 073): offered in the username field's autofill where the
 * browser can (conditional UI, waiting from the page's load), and by a button that opens the
 * browser's passkey dialog (username-first when the field holds an address).
 */
export function PasskeySignIn({ username, remember, onSignedIn }: Props) {
  const { t } = useTranslation(['auth', 'common']);
  const [failure, setFailure] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const latest = useRef({ remember, onSignedIn });
  latest.current = { remember, onSignedIn };

  useEffect(() => {
    let live = true;
    // Only the autofill's own request is cancelled when the page goes: a quiet passkey creation
    // started after a password sign-in (passkey-api.ts) must outlive the login page.
    let waiting = false;
    void supportsPasskeyAutofill().then((supported) => {
      if (!supported || !live) return;
      waiting = true;
      passkeySignIn({ autofill: true, remember: latest.current.remember })
        .then(
          (user) => live && latest.current.onSignedIn(user),
          (error: unknown) => {
            // The browser's own failures of a request the member never saw (a browser without
            // passkeys answers NotSupportedError) and a rate limit on asking for it stay quiet;
            // the server's refusal of the passkey they picked is shown.
            if (live && error instanceof ApiError && error.status !== 429) setFailure(error);
          },
        )
        .finally(() => {
          waiting = false;
        });
    });
    return () => {
      live = false;
      if (waiting) void cancelPasskeyCeremony();
    };
  }, []);

  if (!supportsPasskeys()) return null;

  const onClick = () => {
    setPending(true);
    setFailure(null);
    const typed = username().trim();
    passkeySignIn({ ...(typed ? { username: typed } : {}), autofill: false, remember }).then(
      onSignedIn,
      (error: unknown) => {
        setPending(false);
        if (!isPasskeyCancel(error)) setFailure(error);
      },
    );
  };

  return (
    <div className="flex flex-col gap-3">
      {failure ? <Alert tone="error">{passkeyErrorMessage(t, failure)}</Alert> : null}
      <Button type="button" variant="secondary" block busy={pending} onClick={onClick}>
        <KeyRound aria-hidden="true" className="size-5" />
        {pending ? t('passkey.signingIn') : t('passkey.signIn')}
      </Button>
    </div>
  );
}
