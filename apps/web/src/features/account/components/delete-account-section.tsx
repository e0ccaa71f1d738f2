import { UserX } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { AccountSection } from '@/components/account-section.tsx';
import { Alert } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { DialogFrame } from '@/components/dialog-frame.tsx';
import { PasswordField } from '@/components/password-field.tsx';
import { useFailureText } from '@/hooks/use-failure-text.ts';
import { isPasskeyCancel } from '@/lib/webauthn.ts';
import { provePasskey } from '../api/passkeys-api.ts';
import { useDeleteAccount } from '../hooks/use-account.ts';
import { usePasskeys } from '../hooks/use-passkeys.ts';
import { useAccountTranslation } from '../i18n.ts';

type Props = {
  /** The account is gone: the app ends the session and shows the login screen. */
  onDeleted: () => void;
  /**
   * Google's button, for an account made with Google: it hands over the ID token of a fresh
   * sign-in, which confirms the deletion instead of a password. The app composes it, and shows
   * `intro` above it only when the button itself can show (Google sign-in set up and loaded).
   */
  googleConfirm?: (onToken: (token: string) => void, intro: ReactNode) => ReactNode;
};

/**
 * /mon-profil's "Delete my account": a dialog says what is erased and what is kept, and the
 * deletion is confirmed with the password, or with a fresh Google sign-in.
 */
export function DeleteAccountSection(props: Props) {
  const { t } = useAccountTranslation();
  const [open, setOpen] = useState(false);
  return (
    <AccountSection
      id="delete-account-title"
      icon={<UserX aria-hidden="true" className="size-5" />}
      title={t('delete.title')}
      lead={t('delete.lead')}
    >
      <Button variant="danger" className="w-fit" onClick={() => setOpen(true)}>
        {t('delete.open')}
      </Button>
      <DialogFrame
        open={open}
        onClose={() => setOpen(false)}
        title={t('delete.dialogTitle')}
        description={t('delete.dialogDescription')}
        closeLabel={t('common:actions.close')}
      >
        {open ? <DeleteAccountForm {...props} onCancel={() => setOpen(false)} /> : null}
      </DialogFrame>
    </AccountSection>
  );
}

function DeleteAccountForm({
  onDeleted,
  googleConfirm,
  onCancel,
}: Props & { onCancel: () => void }) {
  const { t } = useAccountTranslation();
  const failureText = useFailureText();
  const deletion = useDeleteAccount();
  const [password, setPassword] = useState('');
  const [googleToken, setGoogleToken] = useState<string>();
  // A member with a passkey (whose password may be off) confirms with it (ADR 073).
  const hasPasskeys = (usePasskeys().data?.passkeys.length ?? 0) > 0;
  const [proving, setProving] = useState(false);
  const [proofFailure, setProofFailure] = useState<unknown>(null);
  const confirmWithPasskey = () => {
    setProving(true);
    setProofFailure(null);
    provePasskey().then(
      () => {
        setProving(false);
        deletion.mutate({ passkey: true }, { onSuccess: onDeleted });
      },
      (error: unknown) => {
        setProving(false);
        if (!isPasskeyCancel(error)) setProofFailure(error);
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    deletion.mutate(googleToken && !password ? { googleToken } : { password }, {
      onSuccess: onDeleted,
    });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <div className="flex flex-col gap-2 text-sm leading-relaxed text-ink">
        <p>{t('delete.erased')}</p>
        <p>{t('delete.kept')}</p>
        <p className="text-ink-muted">{t('delete.exportFirst')}</p>
      </div>
      <PasswordField
        label={t('delete.password')}
        showLabel={t('delete.showPassword')}
        hideLabel={t('delete.hidePassword')}
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      {googleConfirm?.(
        setGoogleToken,
        <p className="text-sm text-ink-muted">{t('delete.orGoogle')}</p>,
      )}
      {googleToken ? <Alert tone="success">{t('delete.googleReceived')}</Alert> : null}
      {hasPasskeys ? (
        <div className="flex flex-col gap-2">
          <p className="text-sm text-ink-muted">{t('delete.orPasskey')}</p>
          <Button
            type="button"
            variant="secondary"
            className="w-fit"
            busy={proving || (deletion.isPending && !password && !googleToken)}
            onClick={confirmWithPasskey}
          >
            {t('delete.withPasskey')}
          </Button>
        </div>
      ) : null}
      {proofFailure ? (
        <Alert tone="error">{failureText(proofFailure, t('delete.failed'))}</Alert>
      ) : null}
      {deletion.isError ? (
        <Alert tone="error">{failureText(deletion.error, t('delete.failed'))}</Alert>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          {t('common:actions.cancel')}
        </Button>
        <Button
          type="submit"
          variant="danger"
          busy={deletion.isPending}
          disabled={!password && !googleToken}
        >
          {t('delete.confirm')}
        </Button>
      </div>
    </form>
  );
}
