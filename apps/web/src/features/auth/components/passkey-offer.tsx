import { KeyRound } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { deviceLabel, isPasskeyCancel } from '@/lib/webauthn.ts';
import { addPasskeyHere, passkeyOffer } from '../api/passkey-api.ts';
import { passkeyErrorMessage } from '../utils/login-error.ts';

/**
 * After a password sign-in on a browser that cannot create a passkey quietly: a short offer to
 * add one, which the member may take or put off ("not now" is remembered on this browser).
 * Either way they go on to the app.
 */
export function PasskeyOffer({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation(['auth', 'common']);
  const heading = useRef<HTMLHeadingElement>(null);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  useEffect(() => heading.current?.focus(), []);

  const add = () => {
    setPending(true);
    setFailure(null);
    addPasskeyHere(deviceLabel() || t('passkey.defaultName'), false).then(
      onDone,
      (error: unknown) => {
        setPending(false);
        if (!isPasskeyCancel(error)) setFailure(error);
      },
    );
  };
  const notNow = () => {
    passkeyOffer.dismiss();
    onDone();
  };

  return (
    <section aria-labelledby="passkey-offer-heading" className="flex flex-col gap-4">
      <KeyRound aria-hidden="true" className="size-8 text-teal-700" />
      <h3
        id="passkey-offer-heading"
        ref={heading}
        tabIndex={-1}
        className="font-display text-2xl text-teal-900"
      >
        {t('passkey.offerTitle')}
      </h3>
      <p className="text-ink-muted">{t('passkey.offerText')}</p>
      {failure ? <Alert tone="error">{passkeyErrorMessage(t, failure)}</Alert> : null}
      <Button type="button" block busy={pending} onClick={add}>
        {t('passkey.offerAdd')}
      </Button>
      <Button type="button" variant="ghost" block onClick={notNow}>
        {t('passkey.offerLater')}
      </Button>
    </section>
  );
}
