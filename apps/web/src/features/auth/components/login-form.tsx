import type { CurrentUser } from '@mawadda/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { Checkbox } from '@/components/checkbox.tsx';
import { useLocalizedPath } from '@/components/layouts/paths.ts';
import { PasswordField } from '@/components/password-field.tsx';
import { TextField } from '@/components/text-field.tsx';
import { session } from '@/lib/session.ts';
import { useLoginMutation } from '../api/auth-api.ts';
import { loginErrorMessage } from '../utils/login-error.ts';

type LoginValues = { username: string; password: string; remember: boolean };

/**
 * E-mail (or username) and password, both required (docs/spec.md §5). The remembered username is
 * prefilled; ticking remember-me keeps it and the session for next time, unticking forgets the
 * username and ends the session with the browser session. The page holds the choice (`remember`)
 * so Google sign-in follows it too.
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
  const { t } = useTranslation('auth');
  const localized = useLocalizedPath();
  const login = useLoginMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginValues>({
    defaultValues: {
      username: initialUsername,
      password: '',
      remember,
    },
  });

  const onSubmit = handleSubmit((values) => {
    const username = values.username.trim();
    login.mutate(
      { credentials: { username, password: values.password }, remember: values.remember },
      {
        onSuccess: (user) => {
          session.remember(values.remember ? username : null);
          onSignedIn(user);
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      {login.isError ? <Alert tone="error">{loginErrorMessage(t, login.error)}</Alert> : null}
      <TextField
        label={t('login.username')}
        autoComplete="username"
        inputMode="email"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        required
        error={errors.username?.message && t(errors.username.message)}
        {...register('username', {
          validate: (value) => value.trim() !== '' || 'login.usernameRequired',
        })}
      />
      <PasswordField
        label={t('login.password')}
        showLabel={t('password.show')}
        hideLabel={t('password.hide')}
        autoComplete="current-password"
        required
        error={errors.password?.message && t(errors.password.message)}
        {...register('password', { required: 'login.passwordRequired' })}
      />
      <div className="-my-1 flex flex-wrap items-center justify-between gap-x-4">
        <Checkbox
          label={t('login.remember')}
          {...register('remember', { onChange: (event) => onRememberChange(event.target.checked) })}
        />
        <Link
          to={localized('/forget')}
          className="inline-flex min-h-11 items-center text-sm font-semibold text-teal-700 underline-offset-4 hover:underline"
        >
          {t('login.forgot')}
        </Link>
      </div>
      <Button type="submit" block busy={login.isPending}>
        {login.isPending ? t('login.submitting') : t('login.submit')}
      </Button>
    </form>
  );
}
