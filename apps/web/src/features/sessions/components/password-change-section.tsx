import { KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { AccountSection } from '@/components/account-section.tsx';
import { Alert } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { PasswordField } from '@/components/password-field.tsx';
import { useFailureText } from '@/hooks/use-failure-text.ts';
import { useChangePassword } from '../hooks/use-sessions.ts';
import { useSessionsTranslation } from '../i18n.ts';

/**
 * The account settings' password change (ADR 075): the current password, the new one twice.
 * Every other device is signed out; the answer says how many. The server's refusals (a wrong
 * current password, a new one too short) are shown in the member's language.
 */
export function PasswordChangeSection() {
  const { t } = useSessionsTranslation();
  const failureText = useFailureText();
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const [changed, setChanged] = useState<number | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChanged(null);
    if (next !== again) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    change.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: ({ ended }) => {
          setChanged(ended);
          setCurrent('');
          setNext('');
          setAgain('');
        },
      },
    );
  };

  const passwordProps = { showLabel: t('password.show'), hideLabel: t('password.hide') };
  return (
    <AccountSection
      id="password-change-title"
      icon={<KeyRound aria-hidden="true" className="size-5" />}
      title={t('password.title')}
      lead={t('password.lead')}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <PasswordField
          {...passwordProps}
          label={t('password.current')}
          autoComplete="current-password"
          required
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
        />
        <PasswordField
          {...passwordProps}
          label={t('password.new')}
          autoComplete="new-password"
          required
          value={next}
          onChange={(event) => setNext(event.target.value)}
        />
        <PasswordField
          {...passwordProps}
          label={t('password.confirm')}
          autoComplete="new-password"
          required
          value={again}
          error={mismatch ? t('password.mismatch') : undefined}
          onChange={(event) => setAgain(event.target.value)}
        />
        <div aria-live="polite" className="flex flex-col gap-2">
          {changed !== null ? (
            <Alert tone="success">
              {changed > 0 ? t('password.changed', { count: changed }) : t('password.changedAlone')}
            </Alert>
          ) : null}
          {change.isError ? (
            <Alert tone="error">{failureText(change.error, t('password.failed'))}</Alert>
          ) : null}
        </div>
        <Button
          type="submit"
          className="w-fit"
          busy={change.isPending}
          disabled={!current || !next || !again}
        >
          {t('password.submit')}
        </Button>
      </form>
    </AccountSection>
  );
}
