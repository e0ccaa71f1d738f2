import type { CurrentUser } from '@mawadda/contract';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { Checkbox } from '@/components/checkbox.tsx';
import { useLocalizedPath } from '@/components/layouts/paths.ts';
import { PasswordField } from '@/components/password-field.tsx';
import { TextField } from '@/components/text-field.tsx';
import { session } from '@/lib/session.ts';
import { signIn } from '@/lib/sign-in.ts';
import { afterPasswordSignIn } from '../api/passkey-api.ts';
import { useOpenStanding } from '../hooks/use-open-standing.ts';
import { loginErrorMessage } from '../utils/login-error.ts';
import { PasskeyOffer } from './passkey-offer.tsx';
import { PasskeySignIn } from './passkey-sign-in.tsx';

type FieldErrors = {
  username?: 'login.usernameRequired' | undefined;
  password?: 'login.passwordRequired' | undefined;
};

/** The text key of what is missing, field by field (both required, docs/spec.md §5). */
function missing(username: string, password: string): FieldErrors {
  return {
    username: username.trim() === '' ? 'login.usernameRequired' : undefined,
    password: password === '' ? 'login.passwordRequired' : undefined,
  };
}

/**
 * E-mail (or username) and password, both required (docs/spec.md §5). The remembered username is
 * prefilled; ticking remember-me keeps it and the session for next time, unticking forgets the
 * username and ends the session with the browser session. The page holds the choice (`remember`)
 * so Google sign-in follows it too. Two fields need no form library: the first route is lighter
 * without one (ADR 047); a field said missing is checked again as the visitor types.
 */
export function LoginForm({
  initialUsername,
  remember,
  onRememberChange,
  onSignedIn,
}: {
  initialUsername: string;
  remember: boolean;
  onRememberChange: (remember: boolean) => void;
  onSignedIn: (user: CurrentUser) => void;
}) {
  const { t } = useTranslation(['auth', 'common']);
  const localized = useLocalizedPath();
  const openStanding = useOpenStanding();
  const usernameInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  /** Signed in with a password, and offered a passkey before going on (ADR 073). */
  const [offerFor, setOfferFor] = useState<CurrentUser | null>(null);

  const values = () => ({
    username: usernameInput.current?.value ?? '',
    password: passwordInput.current?.value ?? '',
  });
  const recheck = () => {
    const { username, password } = values();
    if (errors.username || errors.password) setErrors(missing(username, password));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const { username, password } = values();
    const found = missing(username, password);
    setErrors(found);
    if (found.username) return usernameInput.current?.focus();
    if (found.password) return passwordInput.current?.focus();
    setPending(true);
    setFailure(null);
    signIn({ username: username.trim(), password }, remember).then(
      async (user) => {
        session.remember(remember ? username.trim() : null);
        const next = await afterPasswordSignIn(t('passkey.defaultName')).catch(() => 'none');
        if (next === 'offer') setOfferFor(user);
        else onSignedIn(user);
      },
      (error: unknown) => {
        if (openStanding(error)) return;
        setFailure(error);
        setPending(false);
      },
    );
  };

  if (offerFor) return <PasskeyOffer onDone={() => onSignedIn(offerFor)} />;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      {failure ? <Alert tone="error">{loginErrorMessage(t, failure)}</Alert> : null}
      <TextField
        ref={usernameInput}
        name="username"
        label={t('login.username')}
        // `webauthn`: the browser offers passkeys in this field's autofill (ADR 073).
        autoComplete="username webauthn"
        inputMode="email"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        required
        defaultValue={initialUsername}
        onChange={recheck}
        error={errors.username && t(errors.username)}
      />
      <PasswordField
        ref={passwordInput}
        name="password"
        label={t('common:password.label')}
        showLabel={t('common:password.show')}
        hideLabel={t('common:password.hide')}
        autoComplete="current-password"
        required
        onChange={recheck}
        error={errors.password && t(errors.password)}
      />
      <div className="-my-1 flex flex-wrap items-center justify-between gap-x-4">
        <Checkbox
          name="remember"
          label={t('login.remember')}
          checked={remember}
          onChange={(event) => onRememberChange(event.target.checked)}
        />
        <Link
          to={localized('/forget')}
          className="inline-flex min-h-11 items-center text-sm font-semibold text-teal-700 underline-offset-4 hover:underline"
        >
          {t('login.forgot')}
        </Link>
      </div>
      <Button type="submit" block busy={pending}>
        {pending ? t('login.submitting') : t('login.submit')}
      </Button>
      <PasskeySignIn
        username={() => values().username}
        remember={remember}
        onSignedIn={onSignedIn}
      />
    </form>
  );
}
