import type { CurrentUser } from '@mawadda/contract';
import { KeyRound } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
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
    void supportsPasskeyAutofill().then((supported) => {
      if (!supported || !live) return;
      passkeySignIn({ autofill: true, remember: latest.current.remember }).then(
        (user) => live && latest.current.onSignedIn(user),
        (error: unknown) => {
          if (live && !isPasskeyCancel(error)) setFailure(error);
        },
      );
    });
    return () => {
      live = false;
      void cancelPasskeyCeremony();
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
